/**
 * Data for the referrals benchmark, written set-based (INSERT … SELECT generate_series) straight
 * through pg into a database the server has migrated and filled with the demo data. Drawn at
 * random from a fixed seed, so runs get much the same data (plans may order rows differently).
 *
 * Shape: 1,000 practices spread over central Illinois (about 180 by 160 miles), each with three
 * providers practising up to two of 22 specialities and accepting up to eight of 15 insurances, and
 * 50 patients; 100,000 referrals between them over two years (70 % specialty, offered to three
 * practices; 30 % basic), with views, archives, tags and their CREATED events. The practice under
 * test (the demo's Riverside) receives 3 % of all referrals, as a busy clinic would, and has
 * archived half of those older than 90 days, which leaves it an inbox of about 1,500. It has three
 * networks (tiers) for matching: two of practices around it, one of a few practices and providers
 * anywhere.
 */
import type pg from 'pg';

export const PRACTICES = 1_000;
export const REFERRALS = 100_000;

/** The region practices are spread over (a latitude/longitude box). */
const REGION = { south: 38.6, north: 41.2, west: -91.0, east: -87.9 };

const statements = (practiceId: number, userId: number) => [
  `select setseed(0.42)`,
  `insert into practices (name, address, latitude, longitude, timezone, max_referral_match_radius, phone_number)
   select 'Bench Clinic ' || g, g || ' Main St, Illinois', ${REGION.south} + random() * ${REGION.north - REGION.south},
     ${REGION.west} + random() * ${REGION.east - REGION.west}, 'America/Chicago', (array[25, 50, 100])[1 + floor(random() * 3)::int],
     '+1217555' || lpad(g::text, 4, '0')
   from generate_series(1, ${PRACTICES} - (select count(*) from practices)) g`,
  // Providers; current_practice_id records the practice each works at, which the next steps follow.
  `insert into users (kind, email, first_name, last_name, title, email_verified_at, current_practice_id)
   select 'PROVIDER', 'bench-' || p.id || '-' || k || '@bench.test',
     (array['Ana','Ben','Chloe','David','Emma','Farid','Grace','Hiro','Isla','Jonas'])[1 + floor(random() * 10)::int],
     (array['Adams','Baker','Chen','Diaz','Evans','Fischer','Garcia','Hughes','Ito','Jones','Khan','Lopez'])[1 + floor(random() * 12)::int],
     'MD', now(), p.id
   from practices p cross join generate_series(1, 3) k where p.name like 'Bench Clinic %'`,
  `insert into practice_members (practice_id, user_id, role)
   select current_practice_id, id, 'PROVIDER' from users where email like 'bench-%@bench.test'`,
  `create temp table pool as select
     (select array_agg(id order by taxonomy_code) from specialities where taxonomy_code ~ '^20[78].00000X$') as specialities,
     (select array_agg(id) from (select id from insurances order by id limit 15) i) as insurances,
     (select array_agg(id order by id) from practices) as practices`,
  `insert into provider_specialities (user_id, speciality_id)
   select u.id, pool.specialities[1 + floor(random() * cardinality(pool.specialities))::int]
   from users u cross join pool cross join generate_series(1, 2) where u.email like 'bench-%@bench.test'
   on conflict do nothing`,
  `insert into user_insurances (user_id, practice_id, insurance_id)
   select u.id, u.current_practice_id, pool.insurances[1 + floor(random() * cardinality(pool.insurances))::int]
   from users u cross join pool cross join generate_series(1, 8) where u.email like 'bench-%@bench.test'
   on conflict do nothing`,
  `insert into patients (practice_id, first_name, last_name, phone_number, date_of_birth, gender, search)
   with named as materialized (
     select p.id, k, (array['Maria','John','Aisha','Wei','Olga','Pedro','Sara','Tom','Yuki','Zoe'])[1 + floor(random() * 10)::int] as first,
       (array['Lopez','Carter','Smith','Nguyen','Brown','Silva','Cohen','Park','Ivanova','Moore'])[1 + floor(random() * 10)::int] as last
     from practices p cross join generate_series(1, 50) k)
   select id, first, last, '+1312555' || lpad(k::text, 4, '0'), date '1940-01-01' + floor(random() * 29000)::int,
     (array['MALE','FEMALE'])[1 + floor(random() * 2)::int], lower(first || ' ' || last || ' ' || last || ' ' || first)
   from named`,
  `create temp table providers_of as select practice_id, array_agg(user_id order by user_id) as ids
   from practice_members where role = 'PROVIDER' group by practice_id`,
  `create temp table patients_of as select practice_id, array_agg(id order by id) as ids from patients group by practice_id`,
  // One row per referral: who sends it, who it is meant for (the acceptor, or the target of a basic one), its fate.
  `create temp table plan as
   with drawn as materialized (
     select pool.practices[1 + floor(random() * cardinality(pool.practices))::int] as sender,
       pool.practices[1 + floor(random() * cardinality(pool.practices))::int] as pick, random() < 0.03 as busy,
       case when random() < 0.3 then 'BASIC' else 'SPECIALTY' end as type, random() as fate, now() - random() * interval '730 days' as updated_at
     from generate_series(1, ${REFERRALS}) cross join pool),
   aimed as materialized (
     select sender, type, fate, updated_at,
       case when busy and sender <> ${practiceId} then ${practiceId}
         when pick = sender then pool.practices[1 + array_position(pool.practices, sender) % cardinality(pool.practices)]
         else pick end as receiver
     from drawn cross join pool)
   select gen_random_uuid() as uuid, sender, receiver, type, updated_at,
     case when fate < 0.50 then 'ACCEPTED' when fate < 0.55 then 'RESCHEDULED' when fate < 0.70 then 'OFFERED'
       when fate < 0.85 then 'CANCELLED' when type = 'BASIC' then 'REJECTED' else 'EXPIRED' end as status
   from aimed`,
  `insert into referrals (uuid, type, status, practice_id, from_user_id, patient_id, target_practice_id, receiving_practice_id,
     receiving_user_id, accepted_by_user_id, speciality_id, insurance_id, schedule_type, matching_distance, notes, tier, tier_expires_at,
     created_at, updated_at)
   select plan.uuid, plan.type, plan.status, plan.sender, sp.ids[1 + floor(random() * cardinality(sp.ids))::int],
     pa.ids[1 + floor(random() * cardinality(pa.ids))::int],
     case when plan.type = 'BASIC' then plan.receiver end,
     case when accepted then plan.receiver end,
     case when accepted then rp.ids[1] end,
     case when accepted then rp.ids[1] end,
     case when plan.type = 'SPECIALTY' then pool.specialities[1 + floor(random() * cardinality(pool.specialities))::int] end,
     case when plan.type = 'SPECIALTY' then pool.insurances[1 + floor(random() * cardinality(pool.insurances))::int] end,
     case when plan.type = 'SPECIALTY' then 'NEXT' end, case when plan.type = 'SPECIALTY' then 'NORMAL' end,
     'Please see this patient.', case when plan.status = 'OFFERED' then 0 end,
     case when plan.status = 'OFFERED' and plan.type = 'SPECIALTY' then now() + interval '2 hours' end,
     plan.updated_at - random() * interval '10 days', plan.updated_at
   from plan cross join pool
   cross join lateral (select plan.status in ('ACCEPTED', 'RESCHEDULED') as accepted) a
   join providers_of sp on sp.practice_id = plan.sender
   join providers_of rp on rp.practice_id = plan.receiver
   join patients_of pa on pa.practice_id = plan.sender`,
  `create temp table placed as select r.id, r.status, r.type, r.practice_id as sender, plan.receiver, r.updated_at
   from referrals r join plan using (uuid)`,
  // The intended receiver's offer, then two more practices for specialty referrals (tier 0 of three).
  `insert into referral_offers (referral_id, practice_id, tier, status, offered_at, responded_at)
   select id, receiver, 0, case status when 'OFFERED' then 'OFFERED' when 'ACCEPTED' then 'ACCEPTED' when 'RESCHEDULED' then 'ACCEPTED'
       when 'REJECTED' then 'REJECTED' when 'EXPIRED' then 'EXPIRED' else 'WITHDRAWN' end,
     updated_at - interval '1 day', case when status <> 'OFFERED' then updated_at end
   from placed`,
  `insert into referral_offers (referral_id, practice_id, tier, status, offered_at)
   select placed.id, pool.practices[1 + floor(random() * cardinality(pool.practices))::int], 0,
     case placed.status when 'OFFERED' then 'OFFERED' when 'EXPIRED' then 'EXPIRED' else 'WITHDRAWN' end, placed.updated_at - interval '1 day'
   from placed cross join pool cross join generate_series(1, 2) k where placed.type = 'SPECIALTY'
   on conflict do nothing`,
  `delete from referral_offers o using placed where o.referral_id = placed.id and o.practice_id = placed.sender`,
  `insert into referral_events (referral_id, kind, actor_user_id, practice_id, at)
   select r.id, 'CREATED', r.from_user_id, r.practice_id, r.created_at from referrals r`,
  // The sender's author saw it; a receiving provider opened most of what reached them.
  `insert into referral_views (referral_id, user_id, viewed_at)
   select id, from_user_id, created_at from referrals where from_user_id is not null
   union select r.id, case when r.receiving_practice_id = ${practiceId} then ${userId} else rp.ids[1] end, r.updated_at
   from referrals r join providers_of rp on rp.practice_id = r.receiving_practice_id where random() < 0.7
   on conflict do nothing`,
  // Each side tidies its lists: the practice under test archived half of what it accepted over 90 days ago.
  `insert into referral_archives (referral_id, practice_id, archived_at)
   select id, practice_id, updated_at + interval '1 day' from referrals where updated_at < now() - interval '90 days' and random() < 0.4
   union select id, receiving_practice_id, updated_at + interval '1 day' from referrals
   where receiving_practice_id is not null and updated_at < now() - interval '90 days' and random() < 0.5
   on conflict do nothing`,
  `insert into referral_tags (referral_id, tag_id)
   select r.id, t.id from referrals r join practice_tags t on t.practice_id = ${practiceId}
   where r.receiving_practice_id = ${practiceId} and random() < 0.05`,
  // The practice under test's tiers: its demo network grows, and two more follow it.
  `insert into networks (practice_id, name, matching_time_limit, "order")
   values (${practiceId}, 'Central Illinois partners', 240, 1), (${practiceId}, 'Academic centres', 1440, 2)`,
  `insert into network_practices (network_id, practice_id)
   select n.id, near.id from networks n
   cross join lateral (select p.id from practices p, practices me where me.id = ${practiceId} and p.id <> me.id
     order by (p.latitude - me.latitude) ^ 2 + ((p.longitude - me.longitude) * cos(radians(me.latitude))) ^ 2 limit 150) near
   where n.practice_id = ${practiceId} and n."order" < 2 and random() < 0.25
   union select n.id, pool.practices[1 + floor(random() * cardinality(pool.practices))::int]
   from networks n cross join pool cross join generate_series(1, 5) where n.practice_id = ${practiceId} and n."order" = 2
   on conflict do nothing`,
  `delete from network_practices np using networks n where np.network_id = n.id and n.practice_id = ${practiceId} and np.practice_id = ${practiceId}`,
  `insert into network_providers (network_id, user_id, practice_id)
   select n.id, m.user_id, m.practice_id from networks n cross join practice_members m
   where n.practice_id = ${practiceId} and n."order" = 2 and m.role = 'PROVIDER' and m.practice_id <> ${practiceId} and random() < 0.004
   on conflict do nothing`,
  // Other practices keep networks too.
  `insert into networks (practice_id, name, matching_time_limit)
   select id, 'Preferred specialists', 120 from practices where name like 'Bench Clinic %' and random() < 0.3`,
  `insert into network_practices (network_id, practice_id)
   select n.id, pool.practices[1 + floor(random() * cardinality(pool.practices))::int]
   from networks n cross join pool cross join generate_series(1, 10) k where n.name = 'Preferred specialists'
   on conflict do nothing`,
  `analyze`,
];

/** Fills the database; `practiceId` and `userId` are the practice under test and the member the bench signs in as. */
export async function seedReferrals(client: pg.Client, practiceId: number, userId: number): Promise<void> {
  // A superuser skips the foreign-key triggers, which take two thirds of the time; the rows are
  // consistent by construction. Anyone else seeds with them.
  await client.query('set session_replication_role = replica').catch((err: { code?: string }) => {
    if (err.code !== '42501') throw err;
  });
  for (const text of statements(practiceId, userId)) await client.query(text);
  await client.query('reset session_replication_role');
}
