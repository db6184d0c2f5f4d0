import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { EpochMs, Id, IdParams, OkResponse } from './common.js';
import { PracticeSummary } from './users.js';
import { PersonSummary } from './directory.js';
import { FileView } from './files.js';
import { REFERRAL_TEXT_MAX } from './referrals.js';

/**
 * The discussion on a referral (spec 1 §3 Referral comment), seen by every practice on it, and
 * notes (spec 1 §3 Note, §7 Notes), which stay inside the author's practice.
 */

const tags = ['Referrals'];

const Message = z.string().trim().max(REFERRAL_TEXT_MAX, `The message must be at most ${REFERRAL_TEXT_MAX} characters`);
const Files = z.array(Id).max(10, 'At most 10 files may be attached');
const Mentioned = z.array(Id).max(50, 'At most 50 people may be mentioned');

export const ReferralComment = z.object({
  id: z.number().int(),
  referralId: z.number().int(),
  practice: PracticeSummary,
  author: PersonSummary,
  message: z.string(),
  files: z.array(FileView),
  needsResponse: z.boolean(),
  notifyPracticeUsers: z.boolean(),
  usersMentioned: z.array(PersonSummary),
  /** The comment this one answers; replies form threads one level deep under their root. */
  parentId: z.number().int().nullable(),
  createdAt: EpochMs,
});
export type ReferralComment = z.infer<typeof ReferralComment>;

export const ReferralCommentCreate = z
  .object({
    practiceId: Id,
    message: Message.default(''),
    files: Files.default([]),
    needsResponse: z.boolean().default(false),
    notifyPracticeUsers: z.boolean().default(false),
    usersMentioned: Mentioned.default([]),
    parentId: Id.optional(),
  })
  .refine((c) => c.message.length > 0 || c.files.length > 0, {
    path: ['message'],
    message: 'Write a message or attach a file',
  });

export const createReferralComment = endpoint({
  method: 'POST',
  path: '/api/v1/referral/:id/comments',
  summary: 'Comment on a referral, or reply to a comment (parentId)',
  tags,
  auth: 'user',
  apiKey: true,
  status: 201,
  params: IdParams,
  body: ReferralCommentCreate,
  response: ReferralComment,
});

export const listReferralComments = endpoint({
  method: 'GET',
  path: '/api/v1/referral/:id/comments',
  summary: "The referral's comments, oldest first",
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  query: z.object({ practiceId: Id }),
  response: z.array(ReferralComment),
});

/** Enough to pick someone from while typing an @mention. */
export const MENTION_SUGGESTIONS_MAX = 20;

export const referralMentions = endpoint({
  method: 'GET',
  path: '/api/v1/referral/:id/mentions',
  summary: `People at every practice that sees the referral, by name (at most ${MENTION_SUGGESTIONS_MAX}), for @mentions in comments`,
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  query: z.object({ practiceId: Id, query: z.string().trim().max(100).optional() }),
  response: z.array(PersonSummary),
});

export const Note = z.object({
  id: z.number().int(),
  referralId: z.number().int(),
  practiceId: z.number().int(),
  author: PersonSummary,
  message: z.string(),
  files: z.array(FileView),
  usersMentioned: z.array(PersonSummary),
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type Note = z.infer<typeof Note>;

const NoteMessage = z
  .string()
  .trim()
  .min(1, 'Write the note')
  .max(REFERRAL_TEXT_MAX, `The note must be at most ${REFERRAL_TEXT_MAX} characters`);

export const createNote = endpoint({
  method: 'POST',
  path: '/api/v1/notes',
  summary: 'Add a note to a referral, seen only inside the practice',
  tags: ['Notes'],
  auth: 'user',
  status: 201,
  body: z.object({
    referralId: Id,
    practiceId: Id,
    message: NoteMessage,
    files: Files.default([]),
    usersMentioned: Mentioned.default([]),
  }),
  response: Note,
});

export const listNotes = endpoint({
  method: 'GET',
  path: '/api/v1/notes',
  summary: "The practice's notes on a referral, oldest first",
  tags: ['Notes'],
  auth: 'user',
  query: z.object({ referralId: Id, practiceId: Id }),
  response: z.array(Note),
});

export const noteMentions = endpoint({
  method: 'GET',
  path: '/api/v1/notes/mentions',
  summary: 'People who can see the referral from the practice, for @mention suggestions',
  tags: ['Notes'],
  auth: 'user',
  query: z.object({ referralId: Id, practiceId: Id, query: z.string().trim().max(100).optional() }),
  response: z.array(PersonSummary),
});

export const updateNote = endpoint({
  method: 'PUT',
  path: '/api/v1/note/:id',
  summary: "Edit one's own note",
  tags: ['Notes'],
  auth: 'user',
  params: IdParams,
  body: z.object({
    userId: Id.optional(),
    message: NoteMessage,
    files: Files.optional(),
    usersMentioned: Mentioned.optional(),
  }),
  response: Note,
});

export const deleteNote = endpoint({
  method: 'DELETE',
  path: '/api/v1/note/:id',
  summary: "Delete one's own note",
  tags: ['Notes'],
  auth: 'user',
  params: IdParams,
  response: OkResponse,
});
