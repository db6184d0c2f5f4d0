import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/errors.js';
import { practiceMembers } from '../practices/practices.table.js';

/** The practices a user belongs to (any role). */
export async function practiceIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectDistinct({ id: practiceMembers.practiceId }).from(practiceMembers).where(eq(practiceMembers.userId, userId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * The practices of `userId` the caller may see them in: all of them for the user themselves,
 * the shared ones for a colleague. Anyone else gets 403 before anything about the user is read.
 */
export async function visiblePracticesOf(db: Db, caller: Caller, userId: number): Promise<number[]> {
  if (caller.user.id === userId) return practiceIdsOf(db, userId);
  const mine = new Set(await practiceIdsOf(db, caller.user.id));
  const shared = mine.size ? (await practiceIdsOf(db, userId)).filter((id) => mine.has(id)) : [];
  if (!shared.length) throw new AppError('FORBIDDEN', 'You do not share a practice with this user');
  return shared;
}
