import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { Id } from './common.js';

/** Unread summaries per practice (spec 1 §7 Unread). */

export const UnreadSummary = z.object({
  practiceId: z.number().int(),
  inboxItems: z.number().int(),
  chats: z.number().int(),
  notifications: z.number().int(),
  /** Beyond spec 1's fields: intake submissions nobody in the practice has opened (spec 2's inbox of submissions). */
  submissions: z.number().int(),
  /** All of the above. */
  total: z.number().int(),
});
export type UnreadSummary = z.infer<typeof UnreadSummary>;

export const unread = endpoint({
  method: 'GET',
  path: '/api/v1/unread',
  summary: 'Unread counts for each of your practices, or only practiceId with selectedPracticeOnly=true',
  tags: ['Unread'],
  auth: 'user',
  query: z
    .object({
      practiceId: Id.optional(),
      selectedPracticeOnly: z.stringbool().default(false),
      /** Accepted for older clients; the answer is always one JSON document. */
      streamResponse: z.stringbool().optional(),
    })
    .refine((q) => !q.selectedPracticeOnly || q.practiceId !== undefined, {
      message: 'practiceId is required with selectedPracticeOnly',
      path: ['practiceId'],
    }),
  response: z.array(UnreadSummary),
});
