import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contracts from './index.js';
import { MAX_EPOCH_MS, MAX_ID, cleanFileName, hasControlCharacters, type Endpoint } from './index.js';

type AnyEndpoint = Endpoint<any, any, any, any, any, any>;
const isEndpoint = (value: unknown): value is AnyEndpoint =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'response' in value &&
  'auth' in value;

/** Every endpoint of every area, once. */
const endpoints: AnyEndpoint[] = [
  ...new Set(
    Object.values(contracts).flatMap((area) =>
      typeof area === 'object' && area !== null && !('_zod' in area) ? Object.values(area).filter(isEndpoint) : [],
    ),
  ),
];
const nameOf = (e: AnyEndpoint) => `${e.method} ${e.path}`;
const shapeOf = (schema: z.ZodType | undefined): Record<string, z.ZodType> =>
  (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape ?? {};

/** The first message of a refused value. */
const refusal = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('names', () => {
  /** Every name people type that ends up in e-mails, texts, lists and records, by the endpoint that takes it. */
  const nameFields: [AnyEndpoint, string][] = [
    [contracts.signupApi.providerSignup, 'firstName'],
    [contracts.signupApi.providerSignup, 'lastName'],
    [contracts.signupApi.patientSignup, 'firstName'],
    [contracts.signupApi.patientSignup, 'lastName'],
    [contracts.usersApi.editUser, 'firstName'],
    [contracts.usersApi.editUser, 'lastName'],
    [contracts.usersApi.editUser, 'title'],
    [contracts.invitesApi.sendInvite, 'firstName'],
    [contracts.staffAccountsApi.addStaffMember, 'firstName'],
    [contracts.staffAccountsApi.addStaffMember, 'lastName'],
    [contracts.invitesApi.sendInvite, 'lastName'],
    [contracts.patientsApi.createPatient, 'firstName'],
    [contracts.patientsApi.createPatient, 'lastName'],
    [contracts.patientsApi.updatePatient, 'firstName'],
    [contracts.patientsApi.updatePatient, 'lastName'],
    [contracts.practicesApi.createPractice, 'name'],
    [contracts.practicesApi.updatePractice, 'name'],
    [contracts.organisationsApi.createOrganisation, 'name'],
    [contracts.departmentsApi.createDepartment, 'name'],
    [contracts.networksApi.createNetwork, 'name'],
    [contracts.practicesApi.createTag, 'name'],
    [contracts.intakeApi.createBot, 'name'],
    [contracts.customPropertiesApi.createDefinition, 'name'],
    [contracts.apiKeysApi.createApiKey, 'name'],
  ];

  it('refuse control characters and text-direction marks, naming the field', () => {
    for (const [endpoint, field] of nameFields) {
      const schema = shapeOf(endpoint.body)[field];
      expect(schema, `${nameOf(endpoint)} ${field}`).toBeDefined();
      for (const bad of [
        'Rosa\r\nBcc: all@example.test',
        'Rosa\u0000',
        'Ro\u0085sa',
        'Rosa\u202Eelif',
        'Rosa\u2066x\u2069',
        'Ros\u200Fa',
        'Rosa\u2028Diaz',
      ]) {
        expect(refusal(schema, bad), `${nameOf(endpoint)} ${field} ${JSON.stringify(bad)}`).toMatch(
          /must not contain control characters or text-direction marks$/,
        );
      }
    }
    expect(refusal(shapeOf(contracts.patientsApi.createPatient.body).firstName, 'Rosa\nDiaz')).toBe(
      'First name must not contain control characters or text-direction marks',
    );
  });

  it('are trimmed as before, and accept the letters and marks of any language', () => {
    const firstName = shapeOf(contracts.patientsApi.createPatient.body).firstName;
    expect(firstName.parse('  Zoë \t')).toBe('Zoë');
    for (const name of ['José Ñúñez', 'Nguyễn Thị', 'محمد', 'אברהם', '李小龍', "O'Brien-Smith", 'Jean\u00A0Luc'])
      expect(firstName.parse(name)).toBe(name);
  });

  it('hasControlCharacters names exactly the characters the rule refuses', () => {
    for (const c of [
      '\u0000',
      '\t',
      '\u001f',
      '\u007f',
      '\u0080',
      '\u009f',
      '\u061c',
      '\u200e',
      '\u200f',
      '\u2028',
      '\u2029',
      '\u202a',
      '\u202e',
      '\u2066',
      '\u2069',
    ]) {
      expect(hasControlCharacters(`a${c}b`), JSON.stringify(c)).toBe(true);
    }
    for (const c of [' ', '\u00a0', '\u00e9', '\u0301', '\u200d', '\u0627'])
      expect(hasControlCharacters(`a${c}b`), JSON.stringify(c)).toBe(false);
  });
});

describe('file names', () => {
  const name = contracts.filesApi.FileDescriptor.shape.name;

  it('lose direction marks and control characters, so a name ends in the extension it shows', () => {
    expect(name.parse('invoice\u202Egpj.exe')).toBe('invoicegpj.exe');
    expect(name.parse('\u2066report\u2069.pdf\u200E')).toBe('report.pdf');
    expect(name.parse('scan\r\n\u0000.png')).toBe('scan.png');
    expect(cleanFileName('a\u061Cb\u200Fc')).toBe('abc');
  });

  it('are composed (NFC), so one name has one spelling', () => {
    const decomposed = 'Cafe\u0301 menu.pdf';
    expect(name.parse(decomposed)).toBe('Café menu.pdf');
    expect(name.parse(decomposed)).toHaveLength('Café menu.pdf'.length);
  });

  it('that are nothing but such characters are missing', () => {
    expect(refusal(name, '\u202E\u202E ')).toBe('File name is required');
  });

  it('apply to every upload: documents, chat attachments, logos and photos', () => {
    for (const endpoint of [
      contracts.filesApi.createFile,
      contracts.chatRoomApi.createChatFile,
      contracts.practicesApi.logoUpload,
      contracts.practicesApi.practiceProfilePhoto,
      contracts.practicesApi.userProfilePhoto,
    ]) {
      expect(shapeOf(endpoint.body).name?.parse('invoice\u202Egpj.exe'), nameOf(endpoint)).toBe('invoicegpj.exe');
    }
  });
});

describe('ids on the wire', () => {
  const tooBig = MAX_ID + 1;
  /** Ways an id is sent, the smallest valid one and one past what the database holds: number, text, list, comma list. */
  const forms: [unknown, unknown][] = [
    [1, tooBig],
    ['1', String(tooBig)],
    [[1], [tooBig]],
    ['1,2', `1,${tooBig}`],
  ];
  /** Fields named as ids, and those that name what they hold (a list of user ids, the practice asked about). */
  const ID_NAMED = [
    'after',
    'files',
    'users',
    'usersMentioned',
    'tags',
    'insurance',
    'speciality',
    'specialities',
    'practice',
    'provider',
    'providerAt',
    'targetPractice',
    'excludeUser',
    'searchid',
  ];
  const isIdField = (key: string) => /^(id|ids)$|Ids?$/.test(key) || ID_NAMED.includes(key);

  /** Each id field of an endpoint's params, query and body that takes some form of id, with the too-big form. */
  function idFields(endpoint: AnyEndpoint) {
    const found: { where: string; schema: z.ZodType; big: unknown }[] = [];
    for (const where of ['params', 'query', 'body'] as const) {
      for (const [key, schema] of Object.entries(shapeOf(endpoint[where]))) {
        // Text identifiers (place ids, invite codes) are not database ids.
        if (!isIdField(key) || schema.safeParse('not-a-number').success) continue;
        const form = forms.find(([small]) => schema.safeParse(small).success);
        if (form) found.push({ where: `${where}.${key}`, schema, big: form[1] });
      }
    }
    return found;
  }

  it('are bounded to what an integer column holds, in every endpoint’s params, query and body', () => {
    const checked: string[] = [];
    for (const endpoint of endpoints) {
      for (const { where, schema, big } of idFields(endpoint)) {
        expect(schema.safeParse(big).success, `${nameOf(endpoint)} ${where} accepts ${JSON.stringify(big)}`).toBe(
          false,
        );
        checked.push(`${nameOf(endpoint)} ${where}`);
      }
    }
    // The sweep reaches the fields this issue is about (and many more).
    expect(checked).toEqual(
      expect.arrayContaining([
        'GET /api/v1/patient/:id params.id',
        'GET /api/v1/patients query.practiceId',
        'GET /florie/v1/chat/:chatId/messages query.after',
        'POST /api/v1/chats body.users',
        'GET /api/v1/files query.ids',
      ]),
    );
    expect(checked.length).toBeGreaterThan(150);
  });

  it('in the chat socket’s events are bounded too', () => {
    const { ClientEvent } = contracts.chatRoomApi;
    expect(ClientEvent.safeParse({ event: 'USER_READ_MESSAGE', data: { lastId: MAX_ID } }).success).toBe(true);
    expect(ClientEvent.safeParse({ event: 'USER_READ_MESSAGE', data: { lastId: tooBig } }).success).toBe(false);
    expect(ClientEvent.safeParse({ event: 'USER_READ_MESSAGE', data: { lastId: 1e300 } }).success).toBe(false);
    expect(ClientEvent.safeParse({ event: 'NEW_MESSAGE', data: { uuid: 'message-1', files: [tooBig] } }).success).toBe(
      false,
    );
    expect(ClientEvent.safeParse({ event: 'NEW_MESSAGE', data: { uuid: 'message-1', userId: tooBig } }).success).toBe(
      false,
    );
  });
});

describe('times on the wire', () => {
  /** Fields that hold an epoch-millisecond time: a number that takes "now" but nothing past what a Date holds. */
  const isTimeField = (key: string) =>
    /(At|Since|Before|After|Time|^from|^to|^start|^end)$/i.test(key) && key !== 'after';

  it('are bounded to what a date holds in every endpoint’s query and body, so a huge one is a 400, not a failed query', () => {
    const checked: string[] = [];
    for (const endpoint of endpoints) {
      for (const where of ['query', 'body'] as const) {
        for (const [key, schema] of Object.entries(shapeOf(endpoint[where]))) {
          if (!isTimeField(key) || !schema.safeParse(Date.now()).success || schema.safeParse('not-a-time').success)
            continue;
          expect(
            schema.safeParse(MAX_EPOCH_MS + 1).success,
            `${nameOf(endpoint)} ${where}.${key} accepts a time past any date`,
          ).toBe(false);
          checked.push(`${nameOf(endpoint)} ${where}.${key}`);
        }
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        'GET /api/v1/referrals/:type query.updatedSince',
        'PUT /api/v1/referral/:id/accept body.start',
        'GET /api/v1/practice/:id/audit query.from',
      ]),
    );
  });
});

describe('embededUrl', () => {
  const embededUrl = contracts.intakeApi.IntakeAnswers.shape.embededUrl;

  it('is the http(s) address of the page framing the form', () => {
    expect(embededUrl.parse('https://riverside.example/contact?x=1')).toBe('https://riverside.example/contact?x=1');
    expect(embededUrl.parse('http://localhost:8080/')).toBe('http://localhost:8080/');
  });

  it('refuses every other scheme on the field', () => {
    for (const url of [
      'javascript:alert(document.cookie)',
      'JavaScript://riverside.example/%0aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'file:///etc/passwd',
      'ftp://riverside.example/',
    ]) {
      expect(refusal(embededUrl, url), url).toBe('embededUrl must be an http(s) address');
    }
  });
});
