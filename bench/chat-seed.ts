/**
 * Data for the chat benchmark, written set-based straight through pg into a database the server
 * has migrated: 1,000 practices with five staff members each, paired into 500 practice-to-practice
 * chats whose participants are the ten staff of the pair. Staff are real members of their
 * practices, each signed in (a mobile app's session, which has no idle timeout to run out during
 * the bench), so the server checks each room token as it would in production (participant still in
 * the chat, still in the practice, the session that fetched the token still live).
 */
import type pg from 'pg';

export const ROOMS = 500;
export const ROOM_SIZE = 10;
const STAFF_PER_PRACTICE = ROOM_SIZE / 2;

/** One participant: what a room token names (the participant, the session that fetched it), and the room it opens. */
export interface Participant {
  chatId: number;
  chatUserId: number;
  sessionId: number;
  room: string;
}

const statements = [
  `insert into practices (name, timezone)
   select 'Chat Bench Clinic ' || g, 'America/Chicago' from generate_series(1, ${ROOMS * 2}) g`,
  `insert into users (kind, email, first_name, last_name, title, email_verified_at, current_practice_id)
   select 'PROVIDER', 'chat-bench-' || p.id || '-' || k || '@bench.test',
     (array['Ana','Ben','Chloe','David','Emma','Farid','Grace','Hiro','Isla','Jonas'])[1 + (p.id + k) % 10],
     (array['Adams','Baker','Chen','Diaz','Evans','Fischer','Garcia','Hughes','Ito','Jones','Khan','Lopez'])[1 + (p.id * 7 + k) % 12],
     'MD', now(), p.id
   from practices p cross join generate_series(1, ${STAFF_PER_PRACTICE}) k where p.name like 'Chat Bench Clinic %'`,
  `insert into practice_members (practice_id, user_id, role)
   select current_practice_id, id, 'PROVIDER' from users where email like 'chat-bench-%@bench.test'`,
  `insert into sessions (user_id, app, kind, token_hash, ip, expires_at)
   select id, 'PROVIDER_MOBILE', 'token', 'chat-bench-' || id, '127.0.0.1', now() + interval '1 day'
   from users where email like 'chat-bench-%@bench.test'`,
  // Practices in id order, two by two: each pair shares one chat.
  `insert into chats (type, practice_id, target_practice_id, created_by)
   select 'PRACTICE_TO_PRACTICE', min(id), max(id), null
   from (select id, (row_number() over (order by id) + 1) / 2 as pair from practices where name like 'Chat Bench Clinic %') paired
   group by pair`,
  `insert into chat_users (chat_id, user_type, user_id, practice_id, name)
   select c.id, 'USER', u.id, u.current_practice_id, u.first_name || ' ' || u.last_name
   from chats c join users u on u.current_practice_id in (c.practice_id, c.target_practice_id)
   where u.email like 'chat-bench-%@bench.test'`,
  `analyze`,
];

/** Fills the database and answers the participants, room by room (ROOM_SIZE in a row). */
export async function seedChats(client: pg.Client): Promise<Participant[]> {
  for (const text of statements) await client.query(text);
  const { rows } = await client.query<Participant>(
    `select cu.chat_id as "chatId", cu.id as "chatUserId", s.id as "sessionId", c.room
     from chat_users cu join chats c on c.id = cu.chat_id join sessions s on s.user_id = cu.user_id order by cu.chat_id, cu.id`,
  );
  if (rows.length !== ROOMS * ROOM_SIZE)
    throw new Error(`seeded ${rows.length} participants instead of ${ROOMS * ROOM_SIZE}`);
  return rows;
}
