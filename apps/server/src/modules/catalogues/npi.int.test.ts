import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cataloguesApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { TEST_PASSWORD, createPractice, createUser } from '../../test/factories.js';
import { createNpiRegistry } from './npi-registry.js';

/** A stand-in for the NPPES API: answers what `respond` says and remembers what it was asked. */
function fakeRegistry() {
  const asked: URL[] = [];
  let respond: (url: URL, res: ServerResponse) => void = (_url, res) => res.end('[]');
  const server: Server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url!, 'http://registry.test');
    asked.push(url);
    respond(url, res);
  });
  return {
    asked,
    server,
    answer(fn: typeof respond) {
      respond = fn;
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // fetch keeps connections alive; without this close() waits for them to time out.
        server.closeAllConnections();
      }),
  };
}

const NPPES_INDIVIDUAL = {
  result_count: 1,
  results: [
    {
      number: '1234567893',
      enumeration_type: 'NPI-1',
      basic: { first_name: 'GRACE', last_name: 'HOPPER', credential: 'MD', status: 'A', name_prefix: 'Dr.' },
      addresses: [
        {
          address_purpose: 'MAILING',
          address_1: 'PO BOX 1',
          city: 'ARLINGTON',
          state: 'VA',
          postal_code: '22201',
          country_code: 'US',
        },
        {
          address_purpose: 'LOCATION',
          address_1: '1 MAIN ST',
          address_2: 'STE 2',
          city: 'ARLINGTON',
          state: 'VA',
          postal_code: '222011234',
          country_code: 'US',
          telephone_number: '703-555-0100',
        },
      ],
      taxonomies: [
        {
          code: '207RC0000X',
          desc: 'Internal Medicine, Cardiovascular Disease',
          primary: true,
          state: 'VA',
          license: 'X1',
        },
        { code: '207R00000X', desc: 'Internal Medicine', primary: false },
      ],
    },
  ],
};

const registry = fakeRegistry();
let t: TestApp;
let client: TestClient;

beforeAll(async () => {
  const url = await registry.start();
  t = await createTestApp({ NPI_REGISTRY_URL: url });
  const user = await createUser(t.db);
  client = new TestClient(t.app);
  expect((await client.signIn(user.email!, TEST_PASSWORD)).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await registry.stop();
});

describe('the NPI check digit', () => {
  it('is the Luhn digit over 80840 and the first nine digits', () => {
    expect(cataloguesApi.isValidNpi('1234567893')).toBe(true);
    expect(cataloguesApi.isValidNpi('1234567890')).toBe(false);
    expect(cataloguesApi.isValidNpi('1245319599')).toBe(true);
    expect(cataloguesApi.isValidNpi('1245319598')).toBe(false);
    for (const bad of ['123456789', '12345678931', '123456789X', '', ' 1234567893'])
      expect(cataloguesApi.isValidNpi(bad), bad).toBe(false);
  });
});

describe('GET /api/v1/npi', () => {
  it('refuses a bad NPI with "Invalid NPI" before looking anything up', async () => {
    registry.asked.length = 0;
    for (const npi of ['1234567890', '123456789', 'abcdefghij', '12345678931', '']) {
      const res = await client.get(`/api/v1/npi?npiIdentifier=${npi}`);
      expect(res.statusCode, npi).toBe(400);
      expect(res.json().message, npi).toBe('Invalid NPI');
    }
    const missing = await client.get('/api/v1/npi');
    expect(missing.json()).toMatchObject({ statusCode: 400, message: 'Invalid NPI' });
    expect(registry.asked).toEqual([]);
  });

  it('answers 401 when signed out', async () => {
    expect((await new TestClient(t.app).get('/api/v1/npi?npiIdentifier=1234567893')).statusCode).toBe(401);
  });

  it('finds our practices with the NPI and the registry’s record', async () => {
    const practice = await createPractice(t.db, { name: 'Hopper Cardiology', npiIdentifier: '1234567893' });
    await createPractice(t.db, { name: 'Closed Hopper Clinic', npiIdentifier: '1234567893', active: false });
    registry.answer((_url, res) =>
      res.setHeader('content-type', 'application/json').end(JSON.stringify(NPPES_INDIVIDUAL)),
    );
    registry.asked.length = 0;

    const res = await client.get('/api/v1/npi?npiIdentifier=1234567893');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<cataloguesApi.NpiLookupResponse>();
    expect(body.npi).toBe('1234567893');
    expect(body.practices).toEqual([expect.objectContaining({ id: practice.id, name: 'Hopper Cardiology' })]);
    expect(body.registry).toEqual({
      npi: '1234567893',
      kind: 'INDIVIDUAL',
      name: 'Dr. GRACE HOPPER',
      credential: 'MD',
      status: 'A',
      taxonomies: [
        { code: '207RC0000X', description: 'Internal Medicine, Cardiovascular Disease', primary: true },
        { code: '207R00000X', description: 'Internal Medicine', primary: false },
      ],
      address: {
        line1: '1 MAIN ST',
        line2: 'STE 2',
        city: 'ARLINGTON',
        state: 'VA',
        postalCode: '222011234',
        country: 'US',
        phone: '703-555-0100',
      },
    });
    expect(registry.asked).toHaveLength(1);
    expect(registry.asked[0].pathname).toBe('/api/');
    expect(Object.fromEntries(registry.asked[0].searchParams)).toEqual({ version: '2.1', number: '1234567893' });
  });

  it('names an organisation by its organisation name', async () => {
    registry.answer((_url, res) =>
      res.end(
        JSON.stringify({
          result_count: 1,
          results: [
            {
              number: 1245319599,
              enumeration_type: 'NPI-2',
              basic: { organization_name: 'RIVERSIDE CLINIC LLC' },
              addresses: [],
              taxonomies: [],
            },
          ],
        }),
      ),
    );
    const body = (await client.get('/api/v1/npi?npiIdentifier=1245319599')).json<cataloguesApi.NpiLookupResponse>();
    expect(body.registry).toMatchObject({
      kind: 'ORGANIZATION',
      name: 'RIVERSIDE CLINIC LLC',
      address: null,
      taxonomies: [],
    });
    expect(body.practices).toEqual([]);
  });

  it('answers without the registry when it does not know the NPI, fails, or refuses', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    registry.answer((_url, res) => res.end(JSON.stringify({ result_count: 0, results: [] })));
    expect((await client.get('/api/v1/npi?npiIdentifier=1234567893')).json().registry).toBeNull();
    expect(warn).not.toHaveBeenCalled();

    for (const respond of [
      (_url: URL, res: ServerResponse) => res.writeHead(500).end('boom'),
      (_url: URL, res: ServerResponse) => res.end('not json'),
      (_url: URL, res: ServerResponse) => res.end(JSON.stringify({ Errors: [{ description: 'Invalid number' }] })),
    ]) {
      registry.answer(respond);
      const res = await client.get('/api/v1/npi?npiIdentifier=1234567893');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        npi: '1234567893',
        registry: null,
        practices: [expect.objectContaining({ name: 'Hopper Cardiology' })],
      });
    }
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls[0][1]).toBe('NPI registry lookup failed');
    warn.mockRestore();
  });

  it('gives up on a registry that does not answer in time', async () => {
    registry.answer(() => undefined);
    const log = { warn: vi.fn() } as unknown as Parameters<typeof createNpiRegistry>[1];
    const started = Date.now();
    expect(
      await createNpiRegistry(
        `http://127.0.0.1:${(registry.server.address() as AddressInfo).port}/api/`,
        log,
        200,
      ).lookup('1234567893'),
    ).toBeNull();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(log.warn).toHaveBeenCalledOnce();
  });
});
