import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { csvRecords } from './csv.js';
import { COLLOQUIAL_NAMES } from './colloquial.js';
import { insurances, specialities } from './catalogues.table.js';

const dataDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'datasets');
export const BUNDLED_TAXONOMY_CSV = path.join(dataDir, 'nucc-taxonomy.csv');
export const BUNDLED_PAYERS_CSV = path.join(dataDir, 'insurance-payers.csv');

type SpecialityRow = Omit<typeof specialities.$inferInsert, 'id'> & {
  specialization: string | null;
  colloquial: string[];
};
type InsuranceRow = Omit<typeof insurances.$inferInsert, 'id'> & { payerId: string | null; searchable: boolean };

const TAXONOMY_CODE = /^[0-9A-Z]{9}X$/;

/**
 * The specialities of a NUCC taxonomy CSV (the official layout: Code, Grouping, Classification,
 * Specialization, Definition, Notes, Display Name, Section). The name is NUCC's display name, which
 * tells apart the many "Sports Medicine" specializations; older files without one fall back to the
 * specialization, else the classification.
 */
export function specialitiesFromCsv(text: string): SpecialityRow[] {
  const rows = new Map<string, SpecialityRow>();
  for (const r of csvRecords(text, ['Code', 'Grouping', 'Classification', 'Specialization'])) {
    const code = r.Code.toUpperCase();
    if (!TAXONOMY_CODE.test(code)) throw new Error(`"${r.Code}" is not a taxonomy code`);
    const classification = r.Classification;
    const specialization = r.Specialization || null;
    const name = r['Display Name'] || specialization || classification;
    const colloquial = [...(COLLOQUIAL_NAMES[code] ?? [])];
    const search = [name, classification, specialization, ...colloquial, code]
      .filter(Boolean)
      .join(' | ')
      .toLowerCase();
    rows.set(code, {
      taxonomyCode: code,
      name,
      branch: r.Grouping,
      classification,
      specialization,
      colloquial,
      search,
    });
  }
  return [...rows.values()];
}

/** Payers of a CSV with the columns Name, Payer ID, Searchable (true unless "false"). */
export function insurancesFromCsv(text: string): InsuranceRow[] {
  const rows = new Map<string, InsuranceRow>();
  for (const r of csvRecords(text, ['Name', 'Payer ID', 'Searchable'])) {
    if (!r.Name) throw new Error('a payer has no name');
    rows.set(r.Name, {
      name: r.Name,
      payerId: r['Payer ID'] || null,
      searchable: r.Searchable.toLowerCase() !== 'false',
    });
  }
  return [...rows.values()];
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
/** One line per row, the same in JavaScript and in SQL (see the fingerprint queries). */
const specialityLine = (r: SpecialityRow) =>
  [r.taxonomyCode, r.name, r.branch, r.classification, r.specialization ?? '', r.colloquial.join('|'), r.search].join(
    '\t',
  );
const insuranceLine = (r: InsuranceRow) => [r.name, r.payerId ?? '', String(r.searchable)].join('\t');

/** Rows per insert statement: well under PostgreSQL's 65,535 bind parameters. */
const BATCH = 500;

export interface LoadResult {
  rows: number;
  /** false when the database already held exactly these rows. */
  changed: boolean;
}

/**
 * Upserts the taxonomy by code. Codes missing from the file stay (providers may hold them: NUCC
 * retires codes, it does not reuse them). When the database already holds the file's rows
 * unchanged (count and digest agree) nothing is written, so a restart costs one query.
 */
export async function loadSpecialities(db: Db, rows: SpecialityRow[]): Promise<LoadResult> {
  const sorted = [...rows].sort((a, b) => (a.taxonomyCode < b.taxonomyCode ? -1 : 1));
  const codes = sorted.map((r) => r.taxonomyCode);
  const [current] = await db
    .select({
      n: sql<number>`count(*)::int`,
      digest: sql<
        string | null
      >`md5(string_agg(concat_ws(E'\t', ${specialities.taxonomyCode}, ${specialities.name}, ${specialities.branch},
        ${specialities.classification}, coalesce(${specialities.specialization}, ''), array_to_string(${specialities.colloquial}, '|'),
        ${specialities.search}), E'\n' order by ${specialities.taxonomyCode} collate "C"))`,
    })
    .from(specialities)
    .where(inArray(specialities.taxonomyCode, codes));
  if (current?.n === sorted.length && current.digest === md5(sorted.map(specialityLine).join('\n'))) {
    return { rows: sorted.length, changed: false };
  }
  await db.transaction(async (tx) => {
    for (let i = 0; i < sorted.length; i += BATCH) {
      await tx
        .insert(specialities)
        .values(sorted.slice(i, i + BATCH))
        .onConflictDoUpdate({
          target: specialities.taxonomyCode,
          set: {
            name: sql`excluded.name`,
            branch: sql`excluded.branch`,
            classification: sql`excluded.classification`,
            specialization: sql`excluded.specialization`,
            colloquial: sql`excluded.colloquial`,
            search: sql`excluded.search`,
          },
        });
    }
  });
  return { rows: sorted.length, changed: true };
}

/** Upserts payers by name, the same way: an unchanged list costs one query. */
export async function loadInsurances(db: Db, rows: InsuranceRow[]): Promise<LoadResult> {
  const sorted = [...rows].sort((a, b) => (a.name < b.name ? -1 : 1));
  const [current] = await db
    .select({
      n: sql<number>`count(*)::int`,
      digest: sql<
        string | null
      >`md5(string_agg(concat_ws(E'\t', ${insurances.name}, coalesce(${insurances.payerId}, ''),
        ${insurances.searchable}::text), E'\n' order by ${insurances.name} collate "C"))`,
    })
    .from(insurances)
    .where(
      inArray(
        insurances.name,
        sorted.map((r) => r.name),
      ),
    );
  if (current?.n === sorted.length && current.digest === md5(sorted.map(insuranceLine).join('\n'))) {
    return { rows: sorted.length, changed: false };
  }
  await db.transaction(async (tx) => {
    for (let i = 0; i < sorted.length; i += BATCH) {
      await tx
        .insert(insurances)
        .values(sorted.slice(i, i + BATCH))
        .onConflictDoUpdate({
          target: insurances.name,
          set: { payerId: sql`excluded.payer_id`, searchable: sql`excluded.searchable` },
        });
    }
  });
  return { rows: sorted.length, changed: true };
}

/** Reads both catalogues (the operator's files when configured) and loads them. */
export async function loadCatalogues(db: Db, files: { taxonomy?: string; payers?: string }) {
  const taxonomyFile = files.taxonomy ?? BUNDLED_TAXONOMY_CSV;
  const payersFile = files.payers ?? BUNDLED_PAYERS_CSV;
  const parse = async <T>(file: string, fn: (text: string) => T) => {
    try {
      return fn(await readFile(file, 'utf8'));
    } catch (err) {
      throw new Error(`Cannot load ${file}: ${(err as Error).message}`);
    }
  };
  const specialityRows = await parse(taxonomyFile, specialitiesFromCsv);
  const insuranceRows = await parse(payersFile, insurancesFromCsv);
  return {
    specialities: await loadSpecialities(db, specialityRows),
    insurances: await loadInsurances(db, insuranceRows),
  };
}
