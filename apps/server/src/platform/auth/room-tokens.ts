import { hmac, safeEqual } from './crypto.js';

/**
 * Chat room tokens (spec 3 §1: "access to a room is by access token only"). A token names one
 * chat participant and an expiry, signed with the server secret; it carries nothing else, so
 * whether the participant is still in the chat is checked against the database on every use.
 * Format: `<chatUserId>.<expires ms>.<signature>`.
 */

const signature = (secret: string, chatUserId: number, expires: number) => hmac(secret, `room\n${chatUserId}\n${expires}`);

export function signRoomToken(secret: string, chatUserId: number, expiresAt: number): string {
  return `${chatUserId}.${expiresAt}.${signature(secret, chatUserId, expiresAt)}`;
}

/** The participant a token names, or null when it is malformed, forged or expired. */
export function verifyRoomToken(secret: string, token: string, now: number): { chatUserId: number; expiresAt: number } | null {
  const match = /^(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const chatUserId = Number(match[1]);
  const expiresAt = Number(match[2]);
  if (expiresAt <= now || !safeEqual(match[3]!, signature(secret, chatUserId, expiresAt))) return null;
  return { chatUserId, expiresAt };
}
