/**
 * Referrals at scale, on PostgreSQL: 100,000 referrals across 1,000 practices (referrals-seed.ts).
 * Through the real server: the inbox (GET /api/v1/referrals/inbox, first page and count) and the
 * match preview (GET /api/v1/referrals/matchCheck); each next to the SQL doing the same database
 * work sent through pg in the same run, with the same concurrency and duration:
 *  - inbox: the page query and the count query, together, as the service sends them;
 *  - matchCheck: the sender's plan (its settings and networks, a prepared statement), then the
 *    candidate query (providers of the speciality accepting the insurance, inside the box around
 *    the patient), as computeTiers sends them.
 * The server also checks the session and the caller's role, audits the listing, loads the names
 * and marks shown on each row, places candidates in tiers and serialises JSON: that is the gap.
 *
 * It runs in a throwaway database of its own (database.ts); without a PostgreSQL server it is skipped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PAGE_SIZE as PAGE_SIZES, referralsApi } from '@referwell/contracts';
import { boundingBox } from '../apps/server/src/modules/referrals/routing/geo.js';
import { createThrowawayDatabase } from './database.js';
import { PRACTICES, REFERRALS, seedReferrals } from './referrals-seed.js';
import {
  CONNECTIONS,
  DURATION_S,
  load,
  percent,
  printTable,
  signIn,
  start,
  stop,
  waitUntilUp,
  type Throughput,
} from './server.js';

const PORT = 3303;
const base = `http://127.0.0.1:${PORT}`;
const PAGE_SIZE = PAGE_SIZES.referrals;
/** A short run before each measured one, so that neither side is measured cold. */
const WARM_UP_S = 1;

/** The inbox of practice $1 as listCondition('inbox') and pageOf build it. */
const INBOX_WHERE = `(r.receiving_practice_id = $1 or (r.status = 'OFFERED' and r.id = any(array(
    select referral_id from referral_offers where practice_id = $1 and status = 'OFFERED'))))
  and not exists (select 1 from referral_archives a where a.referral_id = r.id and a.practice_id = $1)`;
const INBOX_PAGE = `select * from referrals r where ${INBOX_WHERE} order by r.updated_at desc, r.id desc limit ${PAGE_SIZE}`;
const INBOX_COUNT = `select count(*)::int as n from referrals r where ${INBOX_WHERE}`;

/** The sender's settings and networks with their practices and listed providers (matching.ts planQuery). */
const MATCH_PLAN = `select p.latitude, p.longitude, p.tier_timeout, p.allow_outer_network_matching,
    (select name from specialities where id = $2) as speciality, (select name from insurances where id = $3::int) as insurance,
    coalesce((select json_agg(json_build_object('id', n.id, 'name', n.name, 'matchingTimeLimit', n.matching_time_limit,
        'practiceIds', array(select np.practice_id from network_practices np where np.network_id = n.id),
        'listed', (select coalesce(json_agg(json_build_object('userId', nv.user_id, 'practiceId', nv.practice_id)), '[]'::json)
          from network_providers nv where nv.network_id = n.id)
      ) order by n."order", n.id) from networks n where n.practice_id = p.id), '[]'::json) as networks
  from practices p where p.id = $1`;

/** Providers of the speciality accepting the insurance, with their practice, inside the box (matching.ts candidateRows). */
const MATCH_CANDIDATES = `select p.id as practice_id, p.uuid as practice_uuid, p.name, p.logo_url, p.type, p.address, p.color_scheme,
    p.phone_number, p.alternative_schedule_link, p.latitude, p.longitude, p.max_referral_match_radius, p.opening_hours, p.timezone,
    u.id as user_id, u.uuid as user_uuid, u.first_name, u.last_name, u.title, u.kind
  from provider_specialities ps
  join practice_members m on m.user_id = ps.user_id and m.role = 'PROVIDER'
  join practices p on p.id = m.practice_id
  join users u on u.id = ps.user_id
  where ps.speciality_id = $1 and p.active and p.id <> $2 and u.id <> $3 and u.locked_at is null
    and exists (select 1 from user_insurances ui where ui.user_id = u.id and ui.practice_id = p.id and ui.insurance_id = $4)
    and (p.latitude is null or p.longitude is null or (p.latitude between $5 and $6 and p.longitude between $7 and $8))
  order by u.last_name, u.first_name, u.id`;

/** requests/s and p99 of CONNECTIONS workers repeating `work` on the pool for `seconds`. */
async function loadSql(work: () => Promise<unknown>, seconds = DURATION_S): Promise<Throughput> {
  const latencies: number[] = [];
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const s = performance.now();
        await work();
        latencies.push(performance.now() - s);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / ((performance.now() - t0) / 1000),
    p99: latencies[Math.ceil(latencies.length * 0.99) - 1],
  };
}

const figures = (t: Throughput, digits = 0) =>
  `${Math.round(t.rps).toLocaleString('en-US')} req/s, p99 ${t.p99.toFixed(digits)} ms`;

async function getJson<T>(url: string, cookie: string): Promise<T> {
  const res = await fetch(url, { headers: { cookie } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface Subject {
  practiceId: number;
  userId: number;
  /** matchCheck's speciality (orthopaedic surgery), insurance and patient's place, a few miles from the practice. */
  speciality: number;
  insurance: number;
  latitude: number;
  longitude: number;
}

/** Lets the server migrate and add the demo data (the practice under test and its member), then seeds. */
async function prepare(
  databaseUrl: string,
  env: Record<string, string>,
  health: string,
): Promise<{ subject: Subject; seedMs: number }> {
  const migrating = start('apps/server/src/main.ts', env);
  await waitUntilUp(health);
  await stop(migrating);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const {
      rows: [me],
    } = await client.query<{ userId: number; practiceId: number }>(
      `select id as "userId", current_practice_id as "practiceId" from users where email = 'provider@riverside.test'`,
    );
    if (!me) throw new Error('the demo account provider@riverside.test is missing');
    const t0 = performance.now();
    await seedReferrals(client, me.practiceId, me.userId);
    const seedMs = performance.now() - t0;
    const {
      rows: [match],
    } = await client.query<Omit<Subject, keyof typeof me>>(
      `select (select id from specialities where taxonomy_code = '207X00000X') as speciality,
         (select id from insurances order by id offset 1 limit 1) as insurance, latitude + 0.02 as latitude, longitude + 0.05 as longitude
       from practices where id = $1`,
      [me.practiceId],
    );
    return { subject: { ...me, ...match }, seedMs };
  } finally {
    await client.end();
  }
}

/** Seeds, starts the server over the data, checks both sides answer alike, then measures. */
async function benchOn(databaseUrl: string, dataDir: string): Promise<[string, string][]> {
  const env = {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
  };
  const health = `${base}/api/v1/healthchecks/isHealthy`;
  const { subject: s, seedMs } = await prepare(databaseUrl, env, health);

  const server = start('apps/server/src/main.ts', env);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
  try {
    await waitUntilUp(health);
    const { cookie } = await signIn(base);
    const { practiceId } = s;
    const distance = 'FAR' as const;
    const inboxUrl = `${base}/api/v1/referrals/inbox?practiceId=${practiceId}`;
    const matchUrl =
      `${base}/api/v1/referrals/matchCheck?practice=${practiceId}&speciality=${s.speciality}&insurance=${s.insurance}` +
      `&latitude=${s.latitude}&longitude=${s.longitude}&matchingDistance=${distance}`;
    // PREFERENCE reads the same candidates and orders each tier by how opening hours suit the times.
    const preferenceUrl = `${matchUrl}&scheduleType=PREFERENCE&schedulePreferences=${referralsApi.schedulePreferencesText(
      [
        { day: 'TUE', timeOfDay: 'AM' },
        { day: 'THU', timeOfDay: 'PM' },
      ],
    )}`;
    const box = boundingBox(s, referralsApi.DISTANCE_MILES[distance]);

    const inboxSql = () =>
      Promise.all([pool.query(INBOX_PAGE, [practiceId]), pool.query<{ n: number }>(INBOX_COUNT, [practiceId])]);
    const matchSql = async () => {
      await pool.query({ name: 'bench_match_plan', text: MATCH_PLAN, values: [practiceId, s.speciality, s.insurance] });
      return pool.query<{ practice_id: number }>(MATCH_CANDIDATES, [
        s.speciality,
        practiceId,
        s.userId,
        s.insurance,
        box.minLatitude,
        box.maxLatitude,
        box.longitude!.min,
        box.longitude!.max,
      ]);
    };

    // Both sides must do the same work: the same page and count, the same candidates before the exact distance.
    const inbox = await getJson<{ data: { id: number }[]; count: number }>(inboxUrl, cookie);
    const [page, count] = await inboxSql();
    if (inbox.count !== count.rows[0].n || inbox.data.map((r) => r.id).join() !== page.rows.map((r) => r.id).join()) {
      throw new Error(`the inbox and its SQL differ: ${inbox.count} vs ${count.rows[0].n} referrals`);
    }
    const tiers = await getJson<referralsApi.MatchCheckResult>(matchUrl, cookie);
    const candidates = await matchSql();
    const inBox = new Set(candidates.rows.map((r) => r.practice_id));
    const matched = tiers.tiers.flatMap((t) => t.candidates.map((c) => c.practice.id));
    if (!matched.length || matched.some((id) => !inBox.has(id))) throw new Error('matchCheck and its SQL differ');
    const preferred = await getJson<referralsApi.MatchCheckResult>(preferenceUrl, cookie);
    const preferredIds = preferred.tiers.flatMap((t) => t.candidates.map((c) => c.practice.id));
    if ([...preferredIds].sort().join() !== [...matched].sort().join())
      throw new Error('PREFERENCE matchCheck reaches other practices');

    const http = async (url: string) => {
      await load(url, { cookie }, WARM_UP_S);
      return load(url, { cookie });
    };
    const sql = async (work: () => Promise<unknown>) => {
      await loadSql(work, WARM_UP_S);
      return loadSql(work);
    };
    const inboxRun = { http: await http(inboxUrl), sql: await sql(inboxSql) };
    const matchRun = { http: await http(matchUrl), sql: await sql(matchSql) };
    const preferenceRun = await http(preferenceUrl);
    return [
      [
        'data',
        `${REFERRALS.toLocaleString('en-US')} referrals, ${PRACTICES.toLocaleString('en-US')} practices (seeded in ${(seedMs / 1000).toFixed(1)} s)`,
      ],
      [
        'inbox of the practice under test',
        `${inbox.count.toLocaleString('en-US')} referrals, first page of ${PAGE_SIZE}`,
      ],
      ['GET /api/v1/referrals/inbox', figures(inboxRun.http)],
      ['the page and count queries through pg', figures(inboxRun.sql, 1)],
      ['ratio inbox : SQL (req/s)', percent(inboxRun.http.rps, inboxRun.sql.rps)],
      [
        'matchCheck: orthopaedics, one insurance, 50 miles',
        `${inBox.size} practices with a match in the box, ${matched.length} in reach, ${tiers.tiers.length} tiers`,
      ],
      ['GET /api/v1/referrals/matchCheck', figures(matchRun.http)],
      ['the plan and candidate queries through pg', figures(matchRun.sql, 1)],
      ['ratio matchCheck : SQL (req/s)', percent(matchRun.http.rps, matchRun.sql.rps)],
      ['matchCheck with PREFERENCE (Tue AM, Thu PM)', figures(preferenceRun)],
      ['ratio PREFERENCE matchCheck : SQL (req/s)', percent(preferenceRun.rps, matchRun.sql.rps)],
    ];
  } finally {
    await pool.end();
    await stop(server);
  }
}

export async function benchReferrals() {
  const database = await createThrowawayDatabase('Referrals');
  if (!database) return;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'referwell-bench-referrals-'));
  try {
    const rows = await benchOn(database.url, dataDir);
    printTable(`Referrals on PostgreSQL (${CONNECTIONS} connections, ${DURATION_S} s per load run)`, rows);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}
