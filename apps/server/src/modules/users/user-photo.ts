import { eq } from 'drizzle-orm';
import { users, type AppContext, type UserRow } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { cleanImageUpload, deleteRemovedImage, publicImagePath, supersedeImage } from '../files/index.js';

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
    if (previous !== 'keep')
      await tx
        .update(users)
        .set({ photoUrl: publicImagePath(file.uuid), updatedAt: now })
        .where(eq(users.id, userId));
    return previous;
  });
  if (replaced === 'keep') return;
  if (replaced) await ctx.storage.remove(replaced.storageKey);
  await ctx.audit.record({
    action: 'user.photo_changed',
    actorUserId: file.uploadedBy,
    subjectUserId: userId,
    targetType: 'user',
    targetId: userId,
    details: { fileId: file.id, replacedFileId: replaced?.id ?? null },
  });
}

/**
 * Takes the user's photo down (DELETE /user/{id}/profilePhoto; the caller is checked to be the
 * user): clients draw initials instead. Returns the user as they are after; with no photo there
 * it changes nothing. An upload still being scanned becomes the photo when it is clean, as any
 * new upload does.
 */
export async function removeUserPhoto(ctx: AppContext, userId: number, client: ClientInfo): Promise<UserRow> {
  const { user, removedUrl } = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!current.photoUrl) return { user: current, removedUrl: null };
    const [cleared] = await tx
      .update(users)
      .set({ photoUrl: null, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    return { user: cleared, removedUrl: current.photoUrl };
  });
  if (removedUrl === null) return user;
  const file = await deleteRemovedImage(ctx, removedUrl, { userId, client });
  await ctx.audit.record({
    action: 'user.photo_removed',
    actorUserId: userId,
    subjectUserId: userId,
    targetType: 'user',
    targetId: userId,
    ip: client.ip,
    userAgent: client.userAgent,
    details: { fileId: file?.id ?? null },
  });
  return user;
}
