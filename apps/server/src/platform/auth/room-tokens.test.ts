import { describe, expect, it } from 'vitest';
import { signRoomToken, verifyRoomToken } from './room-tokens.js';

const secret = 'a-secret-of-at-least-thirty-two-chars!!';
const now = 1_800_000_000_000;

describe('room tokens', () => {
  it('name the participant until they expire', () => {
    const token = signRoomToken(secret, 42, now + 60_000);
    expect(verifyRoomToken(secret, token, now)).toEqual({ chatUserId: 42, expiresAt: now + 60_000 });
    expect(verifyRoomToken(secret, token, now + 60_000)).toBeNull();
  });

  it('cannot be moved to another participant, extended or signed with another secret', () => {
    const [, expires, sig] = signRoomToken(secret, 42, now + 60_000).split('.');
    expect(verifyRoomToken(secret, `43.${expires}.${sig}`, now)).toBeNull();
    expect(verifyRoomToken(secret, `42.${now + 120_000}.${sig}`, now)).toBeNull();
    expect(verifyRoomToken('another-secret-of-thirty-two-chars!!!!', signRoomToken(secret, 42, now + 60_000), now)).toBeNull();
  });

  it('refuses what is not a token', () => {
    for (const junk of ['', 'abc', '42.x.y', `42.${now + 1}`, `-1.${now + 60_000}.${'a'.repeat(43)}`]) expect(verifyRoomToken(secret, junk, now)).toBeNull();
  });
});
