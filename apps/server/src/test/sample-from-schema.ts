import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/**
 * Builds a valid input for a contract schema, so a test can call every route with a request that
 * passes validation and reaches the access check. Fields named in `overrides` take the given value
 * (ids of the objects under test); string patterns are met from a few known shapes, and anything
 * it cannot satisfy fails loudly, naming the field, rather than sending a request that only
 * tests validation.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  default?: unknown;
};

/** Values that meet the patterns the contracts use (moniker, colour, time, date, NPI, E.164, file header and MD5). */
const PATTERN_CANDIDATES = [
  '{{SAMPLE}}',
  '#336699',
  '09:00',
  '01/02/1990',
  '1990-01-02',
  '1234567893',
  '+12025550199',
  '25504446',
  'AAAAAAAAAAAAAAAAAAAAAA==',
  'sample',
];

const FORMATS: Record<string, () => string> = {
  email: () => 'sample@example.test',
  uuid: () => randomUUID(),
  uri: () => 'https://example.test/',
  url: () => 'https://example.test/',
  'date-time': () => new Date(0).toISOString(),
  date: () => '1990-01-02',
};

function sampleString(schema: JsonSchema, field: string): string {
  if (schema.format && FORMATS[schema.format]) return FORMATS[schema.format]();
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const match = PATTERN_CANDIDATES.find((c) => pattern.test(c));
    if (match === undefined) throw new Error(`No sample for "${field}" (pattern ${schema.pattern}); add an override`);
    return match;
  }
  return 'sample'.padEnd(schema.minLength ?? 0, 'x');
}

interface Options {
  overrides: Record<string, unknown>;
  /** Fill optional properties too (for schemas that want at least one field). */
  everything: boolean;
}

function sample(schema: JsonSchema, field: string, options: Options): unknown {
  const { overrides } = options;
  if (field in overrides) return overrides[field];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return sample(choices.find((o) => o.type !== 'null') ?? choices[0], field, options);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) {
        if (options.everything || schema.required?.includes(key) || key in overrides)
          out[key] = sample(value, key, options);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () =>
        sample(schema.items ?? {}, field, options),
      );
    case 'string':
      return sampleString(schema, field);
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return false;
    default:
      return schema.default ?? 'sample';
  }
}

export function sampleFromSchema(schema: z.ZodType, overrides: Record<string, unknown> = {}): unknown {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  let value = sample(json, '', { overrides, everything: false });
  let parsed = schema.safeParse(value);
  if (!parsed.success) {
    value = sample(json, '', { overrides, everything: true });
    parsed = schema.safeParse(value);
  }
  if (!parsed.success) {
    throw new Error(
      `Sample ${JSON.stringify(value)} does not pass its schema: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return value;
}
