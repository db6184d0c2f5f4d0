import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { CustomPropertyType } from './enums.js';
import { EpochMs, Id, IdParams, OkResponse, plainName, requiredField } from './common.js';
import { formatDob, parseDob, type CalendarDate } from './dates.js';

/** Custom property definitions and values (spec 2 §3, §7 Practice-level). */

const tags = ['Custom properties'];

/** Double braces around upper-case letters, digits and underscores, e.g. {{MEMBER_ID}} (spec 2 §5). */
export const MONIKER_PATTERN = /^\{\{[A-Z0-9_]+\}\}$/;

export const CustomPropertyDefinition = z.object({
  id: z.number().int(),
  practiceId: z.number().int(),
  name: z.string(),
  moniker: z.string(),
  type: CustomPropertyType,
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type CustomPropertyDefinition = z.infer<typeof CustomPropertyDefinition>;

const DefinitionBody = z.object({
  name: plainName(
    z
      .string(requiredField('Name is required'))
      .trim()
      .min(1, 'Name is required')
      .max(100, 'Names are at most 100 characters'),
    'Name',
  ),
  moniker: z
    .string(requiredField('Invalid moniker format'))
    .trim()
    .max(64, 'Monikers are at most 64 characters')
    .regex(MONIKER_PATTERN, 'Invalid moniker format'),
  type: CustomPropertyType,
});

/** One stored value: `name` is the definition's name. */
export const CustomPropertyValue = z.object({
  id: z.number().int(),
  definitionId: z.number().int(),
  name: z.string(),
  value: z.string(),
});
export type CustomPropertyValue = z.infer<typeof CustomPropertyValue>;

const PropertyParams = z.object({ id: Id, propertyId: Id });

/**
 * A value in its stored form, or null when it does not fit the type. Numbers are kept as plain
 * decimal text; dates as MM/DD/YYYY, the format the product shows (ISO YYYY-MM-DD is accepted too).
 */
export function normalizeCustomValue(type: CustomPropertyType, text: string): string | null {
  const value = text.trim();
  if (type === 'TEXT') return value.length <= 1000 ? value : null;
  if (type === 'NUMBER') return /^-?\d{1,15}(\.\d{1,10})?$/.test(value) ? String(Number(value)) : null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const mdy = iso ? `${iso[2]}/${iso[3]}/${iso[1]}` : value;
  // parseDob refuses future dates; a property (a renewal date) may lie ahead, so "now" is the far future.
  const date: CalendarDate | null = parseDob(mdy, new Date(8.64e15));
  return date ? formatDob(date) : null;
}

export const createDefinition = endpoint({
  method: 'POST',
  path: '/api/v1/practice/:id/customproperty',
  summary: 'Define a custom property',
  tags,
  auth: 'user',
  params: IdParams,
  body: DefinitionBody,
  response: CustomPropertyDefinition,
  status: 201,
});

export const listDefinitions = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/custom-property',
  summary: "The practice's custom properties, by name",
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  response: z.array(CustomPropertyDefinition),
});

export const updateDefinition = endpoint({
  method: 'PUT',
  path: '/api/v1/practice/:id/custom-property/:propertyId',
  summary: 'Rename a custom property, or change its moniker or type (stored values must fit the new type)',
  tags,
  auth: 'user',
  params: PropertyParams,
  body: DefinitionBody.partial(),
  response: CustomPropertyDefinition,
});

export const deleteDefinition = endpoint({
  method: 'DELETE',
  path: '/api/v1/practice/:id/custom-property/:propertyId',
  summary: 'Remove a custom property and its values',
  tags,
  auth: 'user',
  params: PropertyParams,
  response: OkResponse,
});

export const getValues = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/custom-property/values',
  summary: "A member's custom property values in this practice",
  tags,
  auth: 'user',
  params: IdParams,
  query: z.object({ userId: Id }),
  response: z.array(CustomPropertyValue),
});

export const setValues = endpoint({
  method: 'PUT',
  path: '/api/v1/practice/:id/custom-property/values',
  summary: "Set a member's custom property values; an empty or null value clears it",
  tags,
  auth: 'user',
  params: IdParams,
  body: z.object({
    userId: Id,
    values: z.array(z.object({ definitionId: Id, value: z.string().max(1000).nullable() })).max(200),
  }),
  response: z.array(CustomPropertyValue),
});
