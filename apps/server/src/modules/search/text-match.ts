import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { likeEscape } from '../../db/like.js';

/**
 * Whether `column` matches the query, and how well, in a form a `gin_trgm_ops` index on that
 * column serves (case never matters: ILIKE, and pg_trgm lower-cases its trigrams).
 * - Three characters or more: every word of the query appears in the text ("blue cross texas"
 *   finds "Blue Cross and Blue Shield of Texas"), or the query is similar to a word of it
 *   (`<%`, so "cardiolgist" still finds "cardiologist").
 * - Shorter queries have no trigram to look up: the text or one of its words starts with them.
 * - `strict`: the text or one of its words starts with the query.
 * Rank: the closest whole word first (so "ENT" finds the word ENT before "Enterostomal"), then
 * overall likeness, raised when the text or one of its words starts with the query.
 */
export function textMatch(column: SQLWrapper, query: string, strict = false): { where: SQL; rank: SQL } {
  const q = query.trim().toLowerCase().replace(/\s+/g, ' ');
  const prefix = `${likeEscape(q)}%`;
  const wordPrefix = `% ${likeEscape(q)}%`;
  const rank = sql`(strict_word_similarity(${q}, ${column}) + similarity(${q}, ${column}) / 2
    + case when ${column} ilike ${prefix} then 0.5 when ${column} ilike ${wordPrefix} then 0.3 else 0 end)`;
  if (strict || q.length < 3) {
    return { where: sql`(${column} ilike ${prefix} or ${column} ilike ${wordPrefix})`, rank };
  }
  const everyWord = and(...q.split(' ').map((word) => sql`${column} ilike ${`%${likeEscape(word)}%`}`))!;
  return { where: sql`(${everyWord} or ${q} <% ${column})`, rank };
}
