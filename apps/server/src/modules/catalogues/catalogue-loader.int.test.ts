import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { TEST_PASSWORD, createUser } from '../../test/factories.js';
import {
  BUNDLED_PAYERS_CSV,
  BUNDLED_TAXONOMY_CSV,
  insurancesFromCsv,
  loadCatalogues,
  loadSpecialities,
  specialitiesFromCsv,
} from './catalogue-loader.js';
import { insurances, providerSpecialities, specialities } from './catalogues.table.js';

/** An operator's download from nucc.org looks like this: BOM, CRLF, quoted definitions. */
const OFFICIAL_HEADER = 'Code,Grouping,Classification,Specialization,Definition,Notes,Display Name,Section';
const operatorTaxonomy = [
  OFFICIAL_HEADER,
  '207RC0000X,Allopathic & Osteopathic Physicians,Internal Medicine,Cardiovascular Disease,"A physician who ""specializes"", in the heart.\r\nSecond line.",[7/1/2003: new],Cardiovascular Disease Physician,Individual',
  '207Y00000X,Allopathic & Osteopathic Physicians,Otolaryngology,,,,,Individual',
  '261QU0200X,Ambulatory Health Care Facilities,Clinic/Center,Urgent Care,Definition,,Urgent Care Clinic/Center,Non-Individual',
].join('\r\n');

let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'rw-catalogues-'));
  writeFileSync(path.join(dir, 'taxonomy.csv'), `\uFEFF${operatorTaxonomy}\r\n`);
  writeFileSync(path.join(dir, 'payers.csv'), 'Name,Payer ID,Searchable\nAcme Health,12345,true\nOld Plan,,false\n');
  t = await createTestApp({
    NUCC_TAXONOMY_CSV: path.join(dir, 'taxonomy.csv'),
    INSURANCE_PAYERS_CSV: path.join(dir, 'payers.csv'),
  });
});
afterAll(async () => {
  await t?.close();
});

describe('an operator’s files (NUCC_TAXONOMY_CSV, INSURANCE_PAYERS_CSV)', () => {
  it('replace the bundled ones at start, read in the official layout', async () => {
    const user = await createUser(t.db);
    const client = new TestClient(t.app);
    await client.signIn(user.email!, TEST_PASSWORD);
    const all = (await client.get('/api/v1/specialities')).json();
    expect(all.count).toBe(3);
    expect(all.data.find((s: { taxonomyCode: string }) => s.taxonomyCode === '207RC0000X')).toMatchObject({
      name: 'Cardiovascular Disease Physician',
      classification: 'Internal Medicine',
      specialization: 'Cardiovascular Disease',
      colloquial: ['cardiologist', 'heart doctor'],
    });
    // Without a display name the entry is named by its specialization, else its classification.
    expect(all.data.find((s: { taxonomyCode: string }) => s.taxonomyCode === '207Y00000X')).toMatchObject({
      name: 'Otolaryngology',
      specialization: null,
    });
    const acme = (await client.get('/api/v1/insurance?query=acme')).json();
    expect(acme.data).toEqual([{ id: expect.any(Number), name: 'Acme Health', payerId: '12345', searchable: true }]);
  });

  it('upsert by code: ids and providers’ choices survive a renamed entry; dropped codes stay', async () => {
    const user = await createUser(t.db);
    const [before] = await t.db.select().from(specialities).where(eq(specialities.taxonomyCode, '261QU0200X'));
    await t.db.insert(providerSpecialities).values({ userId: user.id, specialityId: before.id });
    const renamed = [
      OFFICIAL_HEADER,
      '207RC0000X,Allopathic & Osteopathic Physicians,Internal Medicine,Cardiovascular Disease,,,Cardiovascular Disease Physician,Individual',
      '261QU0200X,Ambulatory Health Care Facilities,Clinic/Center,Urgent Care,,,Walk-in Urgent Care,Non-Individual',
    ].join('\n');
    expect(await loadSpecialities(t.db, specialitiesFromCsv(renamed))).toEqual({ rows: 2, changed: true });
    const [after] = await t.db.select().from(specialities).where(eq(specialities.taxonomyCode, '261QU0200X'));
    expect(after).toMatchObject({
      id: before.id,
      name: 'Walk-in Urgent Care',
      search: expect.stringContaining('walk-in urgent care'),
    });
    expect(await t.db.select().from(providerSpecialities).where(eq(providerSpecialities.userId, user.id))).toHaveLength(
      1,
    );
    expect(await t.db.select().from(specialities).where(eq(specialities.taxonomyCode, '207Y00000X'))).toHaveLength(1);
  });

  it('are refused with the reason when they are not catalogues', () => {
    expect(() => specialitiesFromCsv('Code,Name\n207RC0000X,Cardiology')).toThrow(
      'missing column(s) Grouping, Classification, Specialization',
    );
    expect(() => specialitiesFromCsv(`${OFFICIAL_HEADER}\n207RC,Group,Class,,,,,Individual`)).toThrow(
      '"207RC" is not a taxonomy code',
    );
    expect(() => insurancesFromCsv('Name,Payer ID,Searchable\n,1,true')).toThrow('a payer has no name');
  });

  it('keep payers that are not searchable readable by id', async () => {
    const [old] = await t.db.select().from(insurances).where(eq(insurances.name, 'Old Plan'));
    expect(old).toMatchObject({ payerId: null, searchable: false });
  });
});

describe('the bundled NUCC taxonomy', () => {
  const rows = specialitiesFromCsv(readFileSync(BUNDLED_TAXONOMY_CSV, 'utf8'));

  it('holds every grouping with well-formed codes and sections', () => {
    expect(rows.length).toBeGreaterThan(850);
    expect(new Set(rows.map((r) => r.branch))).toEqual(
      new Set([
        'Agencies',
        'Allopathic & Osteopathic Physicians',
        'Ambulatory Health Care Facilities',
        'Behavioral Health & Social Service Providers',
        'Chiropractic Providers',
        'Dental Providers',
        'Dietary & Nutritional Service Providers',
        'Emergency Medical Service Providers',
        'Eye and Vision Services Providers',
        'Group',
        'Hospital Units',
        'Hospitals',
        'Laboratories',
        'Managed Care Organizations',
        'Nursing & Custodial Care Facilities',
        'Nursing Service Providers',
        'Nursing Service Related Providers',
        'Other Service Providers',
        'Pharmacy Service Providers',
        'Physician Assistants & Advanced Practice Nursing Providers',
        'Podiatric Medicine & Surgery Service Providers',
        'Residential Treatment Facilities',
        'Respiratory, Developmental, Rehabilitative and Restorative Service Providers',
        'Respite Care Facility',
        'Speech, Language and Hearing Service Providers',
        'Student, Health Care',
        'Suppliers',
        'Technologists, Technicians & Other Technical Service Providers',
        'Transportation Services',
      ]),
    );
    expect(rows.every((r) => /^[0-9A-Z]{9}X$/.test(r.taxonomyCode) && r.name && r.classification)).toBe(true);
    const csv = readFileSync(BUNDLED_TAXONOMY_CSV, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(OFFICIAL_HEADER);
    expect(
      new Set(
        csv
          .trim()
          .split('\r\n')
          .slice(1)
          .map((line) => line.split(',').pop()),
      ),
    ).toEqual(new Set(['Individual', 'Non-Individual']));
  });

  it('has the everyday physician codes', () => {
    const byCode = new Map(rows.map((r) => [r.taxonomyCode, r]));
    expect(byCode.get('207RC0000X')).toMatchObject({
      classification: 'Internal Medicine',
      specialization: 'Cardiovascular Disease',
      colloquial: ['cardiologist', 'heart doctor'],
    });
    expect(byCode.get('207Q00000X')).toMatchObject({
      classification: 'Family Medicine',
      specialization: null,
      name: 'Family Medicine Physician',
    });
    expect(byCode.get('208000000X')?.classification).toBe('Pediatrics');
    expect(byCode.get('363L00000X')?.classification).toBe('Nurse Practitioner');
    expect(byCode.get('2084P0800X')).toMatchObject({
      classification: 'Psychiatry & Neurology',
      specialization: 'Psychiatry',
    });
    expect(byCode.get('122300000X')?.branch).toBe('Dental Providers');
  });

  it('loads once: an unchanged file writes nothing the next time', async () => {
    const first = await loadCatalogues(t.db, {});
    expect(first.specialities).toEqual({ rows: rows.length, changed: true });
    expect(first.insurances.changed).toBe(true);
    expect(await loadCatalogues(t.db, {})).toEqual({
      specialities: { rows: rows.length, changed: false },
      insurances: { rows: insurancesFromCsv(readFileSync(BUNDLED_PAYERS_CSV, 'utf8')).length, changed: false },
    });
  });
});

describe('GET /api/v1/npi without a registry', () => {
  it('answers our practices and no registry record', async () => {
    const user = await createUser(t.db);
    const client = new TestClient(t.app);
    await client.signIn(user.email!, TEST_PASSWORD);
    const res = await client.get('/api/v1/npi?npiIdentifier=1234567893');
    expect(res.json()).toEqual({ npi: '1234567893', practices: [], registry: null });
  });
});
