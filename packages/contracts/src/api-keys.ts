import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { ApiKeyPermission } from './enums.js';
import { EpochMs, Id, IdParams, plainName } from './common.js';

/** API keys for integrations (spec 1 §7, spec 2 §7 API keys). */

const tags = ['API keys'];

const Permissions = z
  .array(ApiKeyPermission, { message: 'Permissions must be a list' })
  .min(1, 'Choose at least one permission')
  .max(ApiKeyPermission.options.length)
  .transform((list) => [...new Set(list)]);

const KeyName = plainName(z.string().trim().max(100, 'Name must be at most 100 characters'), 'Name');

/** A key as lists show it: never the secret or its hash. */
export const ApiKey = z.object({
  id: z.number().int(),
  uuid: z.string().uuid(),
  practiceId: z.number().int(),
  name: z.string(),
  /** The first characters of the key, to tell keys apart. */
  prefix: z.string(),
  permissions: z.array(ApiKeyPermission),
  activated: z.boolean(),
  createdAt: EpochMs,
  lastUsedAt: EpochMs.nullable(),
  createdBy: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** The new key with its secret, which is shown this once. */
export const CreatedApiKey = ApiKey.extend({ secret: z.string() });

export const createApiKey = endpoint({
  method: 'POST',
  path: '/api/v1/apiKey',
  summary: 'Create an API key for the practice; the response holds the secret, shown only this once',
  tags,
  auth: 'user',
  body: z.object({ practiceId: Id, permissions: Permissions, name: KeyName.optional() }),
  response: CreatedApiKey,
  status: 201,
});

export const updateApiKey = endpoint({
  method: 'PUT',
  path: '/api/v1/apiKey/:id',
  summary: "Change an API key's permissions, name, or activate / deactivate it",
  tags,
  auth: 'user',
  params: IdParams,
  body: z.object({ practiceId: Id, permissions: Permissions, activated: z.boolean(), name: KeyName.optional() }),
  response: ApiKey,
});

export const listApiKeys = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/apiKeys',
  summary: "The practice's API keys, newest first",
  tags,
  auth: 'user',
  params: IdParams,
  response: z.array(ApiKey),
});
