import { describe, expect, it } from 'vitest';
import { hmac } from './crypto.js';
import { readRoomToken, signRoomToken, verifyRoomToken } from './room-tokens.js';

const secret = 'a-secret-of-at-least-thirty-two-chars!!';
const now = 1_800_000_000_000;
const session = { session: 7 };

describe('room tokens', () => {
  it('name the participant and what issued them until they expire', () => {
    const token = signRoomToken(secret, 42, session, now + 60_000);
    expect(verifyRoomToken(secret, token, now)).toEqual({
      chatUserId: 42,
      binding: { session: 7 },
      expiresAt: now + 60_000,
    });
    expect(verifyRoomToken(secret, token, now + 60_000)).toBeNull();
    const link = signRoomToken(secret, 42, { linkGeneration: 3 }, now + 60_000);
    expect(verifyRoomToken(secret, link, now)).toEqual({
      chatUserId: 42,
      binding: { linkGeneration: 3 },
      expiresAt: now + 60_000,
    });
  });

  it('cannot be moved to another participant or session, extended, re-generated or signed with another secret', () => {
    const [, bound, expires, sig] = signRoomToken(secret, 42, session, now + 60_000).split('.');
    expect(verifyRoomToken(secret, `43.${bound}.${expires}.${sig}`, now)).toBeNull();
    expect(verifyRoomToken(secret, `42.s8.${expires}.${sig}`, now)).toBeNull();
    expect(verifyRoomToken(secret, `42.g7.${expires}.${sig}`, now)).toBeNull();
    expect(verifyRoomToken(secret, `42.s07.${expires}.${sig}`, now)).toBeNull();
    expect(verifyRoomToken(secret, `42.${bound}.${now + 120_000}.${sig}`, now)).toBeNull();
    expect(
      verifyRoomToken('another-secret-of-thirty-two-chars!!!!', signRoomToken(secret, 42, session, now + 60_000), now),
    ).toBeNull();
  });

  it('read a token of the earlier format as a first-generation texted link, until it expires', () => {
    const legacy = (expires: number) => `42.${expires}.${hmac(secret, `room\n42\n${expires}`)}`;
    expect(verifyRoomToken(secret, legacy(now + 60_000), now)).toEqual({
      chatUserId: 42,
      binding: { linkGeneration: 0 },
      expiresAt: now + 60_000,
    });
    expect(verifyRoomToken(secret, legacy(now), now)).toBeNull();
    expect(verifyRoomToken(secret, `43.${now + 60_000}.${hmac(secret, `room\n42\n${now + 60_000}`)}`, now)).toBeNull();
  });

  it('are read past their expiry only by readRoomToken, and only when genuine', () => {
    const expired = signRoomToken(secret, 42, { linkGeneration: 3 }, now - 1);
    expect(verifyRoomToken(secret, expired, now)).toBeNull();
    expect(readRoomToken(secret, expired)).toEqual({
      chatUserId: 42,
      binding: { linkGeneration: 3 },
      expiresAt: now - 1,
    });
    const [, bound, expires, sig] = expired.split('.');
    expect(readRoomToken(secret, `43.${bound}.${expires}.${sig}`)).toBeNull();
    expect(readRoomToken('another-secret-of-thirty-two-chars!!!!', expired)).toBeNull();
    expect(readRoomToken(secret, `42.${now - 1}.${hmac(secret, `room\n42\n${now - 1}`)}`)).toMatchObject({
      chatUserId: 42,
      binding: { linkGeneration: 0 },
    });
  });

  it('refuses what is not a token', () => {
    for (const junk of [
      '',
      'abc',
      '42.x.y',
      `42.${now + 1}`,
      `-1.${now + 60_000}.${'a'.repeat(43)}`,
      `42.x7.${now + 60_000}.${'a'.repeat(43)}`,
      `42.s.${now + 60_000}.${'a'.repeat(43)}`,
    ]) {
      expect(verifyRoomToken(secret, junk, now)).toBeNull();
      expect(readRoomToken(secret, junk)).toBeNull();
    }
  });
});
