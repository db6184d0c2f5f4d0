import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FileOwnerKind } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import type { FileRow } from './files.service.js';
import { files } from './files.table.js';

/** The files among `ids`, in no particular order. */
export function filesByIds(db: Db, ids: readonly number[]): Promise<FileRow[]> {
  return db
    .select()
    .from(files)
    .where(inArray(files.id, [...ids]));
}

/** Whether the file `fileId` names (a column) exists and is not deleted. */
export const isLiveFile = (fileId: SQLWrapper): SQL =>
  sql`exists (select 1 from ${files} where ${files.id} = ${fileId} and ${files.deletedAt} is null)`;

/**
 * Hands the practice's uploads among `ids` to what they are now attached to (a referral), so
 * whoever sees that sees them; files it already owns stay as they are. The caller checks them
 * first, inside the transaction that records the attachment.
 */
export async function reownPracticeUploads(tx: Db, ids: readonly number[], owner: { kind: FileOwnerKind; id: number }) {
  await tx
    .update(files)
    .set({ ownerKind: owner.kind, ownerId: owner.id, updatedAt: new Date() })
    .where(and(inArray(files.id, [...ids]), eq(files.ownerKind, 'PRACTICE')));
}
