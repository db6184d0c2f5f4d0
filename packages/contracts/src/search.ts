import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { Id } from './common.js';

/** Global search over users, practices, patients and providers (spec 2 §7). */

const tags = ['Search'];

export const SearchType = z.enum(['USER', 'PRACTICE', 'PATIENT', 'PROVIDER']);
export type SearchType = z.infer<typeof SearchType>;

/** Spec 2 §7: types default to all four, in this order. */
export const DEFAULT_SEARCH_TYPES: readonly SearchType[] = ['USER', 'PRACTICE', 'PATIENT', 'PROVIDER'];
/** Results per type: a search box shows a handful of each, not a list to page through. */
export const SEARCH_RESULTS_PER_TYPE = 10;

/** `types` arrives as a comma list (USER,PRACTICE); unknown names are refused, repeats ignored. */
const SearchTypes = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (text === undefined || text.trim() === '') return [...DEFAULT_SEARCH_TYPES];
    const types: SearchType[] = [];
    for (const part of text
      .split(',')
      .map((p) => p.trim().toUpperCase())
      .filter(Boolean)) {
      const parsed = SearchType.safeParse(part);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: `Unknown search type ${part}; use ${SearchType.options.join(', ')}` });
        return z.NEVER;
      }
      if (!types.includes(parsed.data)) types.push(parsed.data);
    }
    return types;
  });

export const SearchResult = z.object({
  type: SearchType,
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** The practice the result belongs to or is seen through (the practice itself for PRACTICE). */
  practiceId: z.number().int().nullable(),
});
export type SearchResult = z.infer<typeof SearchResult>;

export const globalSearch = endpoint({
  method: 'GET',
  path: '/api/v1/search',
  summary: 'Search colleagues, practices, patients and providers; at most 10 of each type, best first',
  tags,
  auth: 'user',
  query: z.object({
    query: z
      .string({ error: 'Search query must be at least 1 character' })
      .trim()
      .min(1, 'Search query must be at least 1 character')
      .max(100, 'Search query must be at most 100 characters'),
    types: SearchTypes,
    /** Colleagues of this practice only; the caller must belong to it. */
    practiceId: Id.optional(),
    /** true: names starting with the query; otherwise similar names too. */
    strict: z
      .enum(['true', 'false'], { error: 'strict must be true or false' })
      .default('false')
      .transform((v) => v === 'true'),
  }),
  response: z.object({ results: z.array(SearchResult) }),
});
