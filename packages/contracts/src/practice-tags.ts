import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { Id, IdParams, OkResponse, plainName, requiredField } from './common.js';

/** A practice's tags (spec 1 §7 Practices), exported with the rest of practicesApi. */

const tags = ['Practices'];

export const TagContext = z.enum(['GENERAL', 'REFERRAL', 'PATIENT', 'CONTENT', 'INBOX']);
export type TagContext = z.infer<typeof TagContext>;

export const HexColor = z
  .string(requiredField('Colour is required'))
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1a2b3c')
  .transform((v) => v.toLowerCase());

export const PracticeTag = z.object({
  id: z.number().int(),
  practiceId: z.number().int(),
  name: z.string(),
  color: z.string(),
  context: TagContext,
});
export type PracticeTag = z.infer<typeof PracticeTag>;

const TagParams = z.object({ id: Id, tagId: Id });

export const listTags = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/tags',
  summary: "The practice's tags, by name",
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  query: z.object({ context: TagContext.optional() }),
  response: z.array(PracticeTag),
});

const TagBody = z.object({
  name: plainName(
    z
      .string(requiredField('Tag name is required'))
      .trim()
      .min(1, 'Tag name is required')
      .max(50, 'Tag names are at most 50 characters'),
    'Tag name',
  ),
  color: HexColor,
  context: TagContext.default('GENERAL'),
});

export const createTag = endpoint({
  method: 'POST',
  path: '/api/v1/practice/:id/tags',
  summary: 'Add a tag',
  tags,
  auth: 'user',
  params: IdParams,
  body: TagBody,
  response: PracticeTag,
  status: 201,
});

export const updateTag = endpoint({
  method: 'PUT',
  path: '/api/v1/practice/:id/tags/:tagId',
  summary: 'Rename or recolour a tag',
  tags,
  auth: 'user',
  params: TagParams,
  body: TagBody.extend({ context: TagContext }).partial(),
  response: PracticeTag,
});

export const deleteTag = endpoint({
  method: 'DELETE',
  path: '/api/v1/practice/:id/tags/:tagId',
  summary: 'Remove a tag',
  tags,
  auth: 'user',
  params: TagParams,
  response: OkResponse,
});
