import { and, eq, isNull } from 'drizzle-orm';
import type { FileOwnerKind } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { publicImageUuid, removeFile, type FileRow } from './files.service.js';
import { files, type FilePurpose } from './files.table.js';

/**
 * Logos and profile photos (a practice's, a user's) become what their owner points at once they
 * are scanned clean (FILE_SCANNED). These are the steps every kind shares; each owner applies
 * them to its own column, in a transaction that locks its row. Taking one down (DELETE on the
 * same path as its upload) clears the column the same way, then deletes the image's file.
 */

/** The file when it is a clean, live upload of `ownerKind` meant as one of `purposes`; else undefined. */
export async function cleanImageUpload<Purpose extends FilePurpose>(
  db: Db,
  fileId: number,
  ownerKind: FileOwnerKind,
  purposes: readonly Purpose[],
) {
  const [file] = await db.select().from(files).where(eq(files.id, fileId));
  const usable =
    file &&
    file.ownerKind === ownerKind &&
    file.ownerId !== null &&
    purposes.some((purpose) => purpose === file.purpose) &&
    !file.deletedAt &&
    file.scanStatus === 'clean';
  return usable ? (file as FileRow & { ownerId: number; purpose: Purpose }) : undefined;
}

/**
 * Called inside the transaction that locked the owner's row, before it points at `file` instead
 * of `currentUrl`: marks the image it replaces deleted and returns it (its bytes are the caller's
 * to remove once committed), null when there was none, or 'keep' when the current image is a
 * later upload, which an older upload finishing its scan late must never replace.
 */
export async function supersedeImage(
  tx: Db,
  currentUrl: string | null,
  file: FileRow,
  now: Date,
): Promise<FileRow | null | 'keep'> {
  const currentUuid = publicImageUuid(currentUrl);
  const [current] = currentUuid ? await tx.select().from(files).where(eq(files.uuid, currentUuid)) : [];
  if (!current) return null;
  if (current.id >= file.id) return 'keep';
  await tx
    .update(files)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(files.id, current.id), isNull(files.deletedAt)));
  return current;
}

/**
 * Called once the owner's row no longer points at `removedUrl` (committed): deletes the image's
 * file like any deleted file (bytes at once, row kept, `file.deleted` audited) and returns it;
 * undefined when the URL named none of ours (an image set from outside, e.g. demo data).
 */
export async function deleteRemovedImage(
  ctx: AppContext,
  removedUrl: string,
  actor: { userId: number; client: ClientInfo },
) {
  const uuid = publicImageUuid(removedUrl);
  const [file] = uuid ? await ctx.db.select().from(files).where(eq(files.uuid, uuid)) : [];
  if (file) await removeFile(ctx, file, actor);
  return file;
}
