import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { auditApi } from '@referwell/contracts';
import { reply } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { practiceServer } from '../../test/practiceFixtures';
import { patient } from '../../test/referralFixtures';

const AT = new Date(2026, 2, 10, 14, 5).getTime();

function event(overrides: Partial<auditApi.AuditEvent> = {}): auditApi.AuditEvent {
  return {
    id: 1,
    at: AT,
    action: 'patient.viewed',
    label: 'Patient record viewed',
    actor: { id: 7, name: 'Priya Shah' },
    patient: { id: 31, name: 'Maria Lopez' },
    targetType: 'patient',
    targetId: '31',
    ip: '203.0.113.9',
    userAgent: 'Firefox',
    details: { practiceId: 1 },
    ...overrides,
  };
}

const refused = event({
  id: 2,
  action: 'access.refused',
  label: 'Access refused',
  actor: { id: 99, name: 'Blake Other' },
  patient: null,
  targetType: null,
  targetId: null,
  details: { route: 'GET /api/v1/patient/:id', status: 403, params: { id: 31 } },
});

const page = (data: auditApi.AuditEvent[], count = data.length) => ({ data, count });
const TRAIL = 'GET /api/v1/practice/:id/audit';

/** A streamed CSV answer whose body the test feeds line by line. */
function csvStream(total: number) {
  let feed!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (controller) => void (feed = controller) });
  const encoder = new TextEncoder();
  const response = new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="audit-trail-1-2026-03-10.csv"',
      'x-audit-count': String(total),
    },
  });
  return { response, send: (text: string) => feed.enqueue(encoder.encode(text)), end: () => feed.close() };
}

beforeEach(() => {
  // The table shows each column while its media query matches; a column with none asks for the
  // empty query, which every browser matches (setup.ts's stand-in matches nothing).
  const matchMedia = window.matchMedia.bind(window);
  vi.stubGlobal('matchMedia', (query: string) => ({ ...matchMedia(query), matches: query === '' }));
});
afterEach(() => vi.restoreAllMocks());

describe('Audit trail', { timeout: 20_000 }, () => {
  it('shows admins the practice’s events, newest first, in words, with who, which patient and from where', async () => {
    practiceServer(['ADMIN'], { [TRAIL]: () => page([refused, event()], 2) });
    renderApp('/practice/settings/audit');
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Access refused')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Blake Other')).toBeInTheDocument();
    expect(within(rows[0]).getByText('GET /api/v1/patient/:id (403)')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Patient record viewed')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Maria Lopez')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Mar 10, 2026 2:05 PM')).toBeInTheDocument();
    expect(within(rows[1]).getByText('203.0.113.9')).toBeInTheDocument();
    expect(screen.getByText('2 events')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Audit trail', selected: true })).toBeInTheDocument();
  });

  it('is not offered to people who are not admins', async () => {
    const server = practiceServer(['PROVIDER', 'STAFF'], { [TRAIL]: () => page([event()]) });
    const { router } = renderApp('/practice/settings/audit');
    expect(await screen.findByRole('tab', { name: 'Profile' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/practice/settings'));
    expect(screen.queryByRole('tab', { name: 'Audit trail' })).not.toBeInTheDocument();
    expect(server.find('GET', '/api/v1/practice/1/audit')).toHaveLength(0);
  });

  it('filters by action, person, patient and days, each from the first page, and clears them', async () => {
    const server = practiceServer(['ADMIN'], {
      [TRAIL]: () => page([event()], 120),
      'GET /api/v1/practice/:id/users': () => ({
        data: [
          {
            id: 7,
            uuid: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
            firstName: 'Priya',
            lastName: 'Shah',
            title: null,
            email: 'priya@riverside.test',
            phone: null,
            roles: ['PROVIDER'],
          },
        ],
        count: 1,
      }),
      'GET /api/v1/patients': () => ({ data: [patient(31, 'Maria', 'Lopez')], count: 1 }),
    });
    const { user } = renderApp('/practice/settings/audit');
    await screen.findByRole('table', { name: 'Audit trail' });
    const last = () => server.find('GET', '/api/v1/practice/1/audit').at(-1)!.query;

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(last().get('page')).toBe('1'));

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Access refused' }));
    await waitFor(() => expect(last().get('action')).toBe('access.refused'));
    expect(last().get('page')).toBe('0');

    await user.type(screen.getByRole('combobox', { name: 'Person' }), 'Pri');
    await user.click(await screen.findByRole('option', { name: /Priya Shah/ }));
    await waitFor(() => expect(last().get('actorId')).toBe('7'));

    await user.type(screen.getByRole('combobox', { name: 'Patient' }), 'Mar');
    await user.click(await screen.findByRole('option', { name: /Maria Lopez/ }));
    await waitFor(() => expect(last().get('patientId')).toBe('31'));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-10' } });
    await waitFor(() => expect(last().get('to')).toBe(String(new Date(2026, 2, 11).getTime())));
    expect(last().get('from')).toBe(String(new Date(2026, 2, 1).getTime()));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    for (const field of ['Action', 'Person', 'Patient'])
      expect(screen.getByRole('combobox', { name: field })).toHaveValue('');
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
    // The unfiltered first page was read before: it is shown again from the cache or asked for anew.
    const asked = server.find('GET', '/api/v1/practice/1/audit').map((r) => [...r.query.keys()].sort().join());
    expect(asked.filter((keys) => keys === 'page,pageSize')).not.toHaveLength(0);
  });

  it('says when nothing matches, and offers to try again when the trail cannot be loaded', async () => {
    let fail = true;
    practiceServer(['ADMIN'], {
      [TRAIL]: () =>
        fail
          ? reply(403, {
              statusCode: 403,
              code: 'FORBIDDEN',
              message: 'Your role does not allow you to read and export the practice’s audit trail',
            })
          : page([], 0),
    });
    const { user } = renderApp('/practice/settings/audit');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load the audit trail')).toBeInTheDocument();
    expect(within(alert).getByText(/does not allow you to read and export/)).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing recorded yet')).toBeInTheDocument();
  });

  it('exports the filtered trail as CSV, showing how many rows have arrived', async () => {
    const stream = csvStream(2);
    const server = practiceServer(['ADMIN'], {
      [TRAIL]: () => page([event()]),
      'GET /api/v1/practice/:id/audit/export': () => stream.response,
    });
    // jsdom has no object URLs: these stand in for the browser's.
    const createObjectURL = vi.fn(() => 'blob:audit');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderApp('/practice/settings/audit');
    await screen.findByRole('table', { name: 'Audit trail' });
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Patient record viewed' }));

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    stream.send('time,action\r\n2026-03-10T19:05:00.000Z,patient.viewed\r\n');
    expect(await screen.findByText('Exporting 1 of 2 events…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('aria-valuenow', '50');
    stream.send('2026-03-10T19:04:00.000Z,patient.viewed\r\n');
    stream.end();

    expect(await screen.findByText('Exported 2 events to audit-trail-1-2026-03-10.csv')).toBeInTheDocument();
    expect(saved).toEqual(['audit-trail-1-2026-03-10.csv']);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(server.find('GET', '/api/v1/practice/1/audit/export')[0].query.get('action')).toBe('patient.viewed');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it('says why an export failed', async () => {
    practiceServer(['ADMIN'], {
      [TRAIL]: () => page([event()]),
      'GET /api/v1/practice/:id/audit/export': () =>
        reply(403, { statusCode: 403, code: 'FORBIDDEN', message: 'You do not have access to this practice' }),
    });
    const { user } = renderApp('/practice/settings/audit');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The export failed')).toBeInTheDocument();
    expect(within(alert).getByText('You do not have access to this practice')).toBeInTheDocument();
  });
});
