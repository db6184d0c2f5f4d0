import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { publicImagePath } from '../files/files.service.js';
import { cleanImageUpload, supersedeImage } from '../files/profile-images.js';
import { users } from './users.table.js';

/**
 * Once a user's new profile photo (POST /user/{id}/profilePhoto) is scanned clean (FILE_SCANNED),
 * the user points at it and the photo it replaces is deleted. An older upload finishing its scan
 * late never replaces a newer one; an infected upload never becomes anyone's photo.
 */
export async function applyUserPhoto(ctx: Pick<AppContext, 'db' | 'storage' | 'audit'>, fileId: number) {
  const file = await cleanImageUpload(ctx.db, fileId, 'USER', ['USER_PHOTO']);
  if (!file) return;
  const userId = file.ownerId;
  const replaced = await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select({ photoUrl: users.photoUrl }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) return 'keep';
    const now = new Date();
    const previous = await supersedeImage(tx, user.photoUrl, file, now);
    if (previous !== 'keep') await tx.update(users).set({ photoUrl: publicImagePath(file.uuid), updatedAt: now }).where(eq(users.id, userId));
    return previous;
  });
  if (replaced === 'keep') return;
  if (replaced) await ctx.storage.remove(replaced.storageKey);
  await ctx.audit.record({
    action: 'user.photo_changed', actorUserId: file.uploadedBy, subjectUserId: userId, targetType: 'user', targetId: userId,
    details: { fileId: file.id, replacedFileId: replaced?.id ?? null },
  });
}
