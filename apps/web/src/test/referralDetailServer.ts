import type { directoryApi, referralCommentsApi, referralsApi } from '@referwell/contracts';
import { reply } from './fakeServer';
import { alex, comment, detail, lee, note, pat, referralServer } from './referralFixtures';

const named = (person: directoryApi.PersonSummary, query: string | null) =>
  !query || `${person.firstName} ${person.lastName}`.toLowerCase().includes(query.toLowerCase());

/** Referral 9 as Riverside sees it, with a comment from Lee and notes by Pat and Alex; calls change it. */
export function detailServer(
  overrides: Partial<referralsApi.ReferralDetail> = {},
  routes: Parameters<typeof referralServer>[0] = {},
) {
  const state = {
    referral: detail(9, overrides),
    comments: [
      comment(1, { ...lee, title: 'MD' }, 'Can you see her this week?'),
    ] as referralCommentsApi.ReferralComment[],
    notes: [note(1, pat, 'Called the patient'), note(2, alex, 'Insurance checked')],
  };
  const server = referralServer({
    'GET /api/v1/referral/:id': () => state.referral,
    'PUT /api/v1/referrals/:id/view': () => ({ ok: true }),
    'PUT /api/v1/referrals/:id/removeView': () => ({ ok: true }),
    'GET /api/v1/referral/:id/comments': () => state.comments,
    'POST /api/v1/referral/:id/comments': ({ body }) => {
      const { message, parentId } = body as { message: string; parentId?: number | null };
      const created = comment(state.comments.length + 1, pat, message, { parentId: parentId ?? null });
      state.comments = [...state.comments, created];
      return reply(201, created);
    },
    'GET /api/v1/notes': () => state.notes,
    // Comments may mention anyone at a practice on the referral (Lee is at Lakeside); notes only Riverside's people.
    'GET /api/v1/referral/:id/mentions': ({ query }) => [alex, lee, pat].filter((p) => named(p, query.get('query'))),
    'GET /api/v1/notes/mentions': ({ query }) => [alex, pat].filter((p) => named(p, query.get('query'))),
    'POST /api/v1/notes': ({ body }) => {
      const { message } = body as { message: string };
      const created = note(10 + state.notes.length, pat, message);
      state.notes = [...state.notes, created];
      return reply(201, created);
    },
    'PUT /api/v1/note/:id': ({ body }, { id }) => {
      const { message } = body as { message: string };
      state.notes = state.notes.map((n) => (n.id === Number(id) ? { ...n, message, updatedAt: Date.now() } : n));
      return state.notes.find((n) => n.id === Number(id));
    },
    'DELETE /api/v1/note/:id': (_, { id }) => {
      state.notes = state.notes.filter((n) => n.id !== Number(id));
      return { ok: true };
    },
    ...routes,
  });
  return { server, state };
}
