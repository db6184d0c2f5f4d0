import { hmac, safeEqual } from './crypto.js';

/**
 * Chat room tokens (spec 3 §1: "access to a room is by access token only"). A token names one
 * chat participant, what issued it and an expiry, signed with the server secret. What issued it
 * is a staff member's session (the token dies with it) or, for a participant invited by text
 * message, the generation of their links (revoking the links moves it on). Whether the
 * participant is still in the chat, and the session still live or the generation current, is
 * checked against the database on every use (modules/chats/chat-access.ts).
 * Format: `<chatUserId>.<s<sessionId> | g<generation>>.<expires ms>.<signature>`.
 */

export type RoomTokenBinding = { session: number } | { linkGeneration: number };

export interface RoomTokenClaim {
  chatUserId: number;
  binding: RoomTokenBinding;
  expiresAt: number;
}

const bindingText = (binding: RoomTokenBinding) =>
  'session' in binding ? `s${binding.session}` : `g${binding.linkGeneration}`;

const signature = (secret: string, chatUserId: number, binding: string, expires: number) =>
  hmac(secret, `room\n${chatUserId}\n${binding}\n${expires}`);
/** Tokens minted before they named what issued them; only ever read. */
const legacySignature = (secret: string, chatUserId: number, expires: number) =>
  hmac(secret, `room\n${chatUserId}\n${expires}`);

export function signRoomToken(
  secret: string,
  chatUserId: number,
  binding: RoomTokenBinding,
  expiresAt: number,
): string {
  const bound = bindingText(binding);
  return `${chatUserId}.${bound}.${expiresAt}.${signature(secret, chatUserId, bound, expiresAt)}`;
}

/**
 * What a token claims, or null when it is malformed, forged or expired. A token of the earlier
 * format (no binding) is read as the first generation of a texted link: patients' links sent
 * before the change keep working until the practice revokes them, while staff tokens of that
 * format, bound to no session, are refused where the claim is checked.
 */
export function verifyRoomToken(secret: string, token: string, now: number): RoomTokenClaim | null {
  const claim = readRoomToken(secret, token);
  return claim && claim.expiresAt > now ? claim : null;
}

/**
 * What a genuine token claims, expired or not; null when it is malformed or forged. Only for
 * telling someone holding a dead link who sent it (the room's branding): never for access.
 */
export function readRoomToken(secret: string, token: string): RoomTokenClaim | null {
  const current = /^(\d{1,10})\.([sg])(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (current) {
    const chatUserId = Number(current[1]);
    const id = Number(current[3]);
    const expiresAt = Number(current[4]);
    if (!safeEqual(current[5], signature(secret, chatUserId, `${current[2]}${current[3]}`, expiresAt))) return null;
    return { chatUserId, binding: current[2] === 's' ? { session: id } : { linkGeneration: id }, expiresAt };
  }
  const legacy = /^(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!legacy) return null;
  const chatUserId = Number(legacy[1]);
  const expiresAt = Number(legacy[2]);
  if (!safeEqual(legacy[3], legacySignature(secret, chatUserId, expiresAt))) return null;
  return { chatUserId, binding: { linkGeneration: 0 }, expiresAt };
}
