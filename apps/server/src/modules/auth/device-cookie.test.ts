import { describe, expect, it } from 'vitest';
import { createDeviceCookies } from './device-cookie.js';

const devices = createDeviceCookies('device-test-secret');

describe('device cookies', () => {
  it('are valid only for the account that signed in, and name none', () => {
    const cookie = devices.remembered(undefined, 7);
    // A random nonce and an HMAC, nothing else.
    expect(cookie).toMatch(/^[\w-]{43}\.[\w-]{43}$/);
    expect(devices.deviceOf(cookie, 7)).toEqual(expect.any(String));
    expect(devices.deviceOf(cookie, 8)).toBeNull();
    expect(createDeviceCookies('another-secret').deviceOf(cookie, 7)).toBeNull();
  });

  it('refuse a forged or altered entry', () => {
    const cookie = devices.remembered(undefined, 7);
    const [nonce] = cookie.split('.');
    expect(devices.deviceOf(`${nonce}.forged-signature`, 7)).toBeNull();
    expect(devices.deviceOf(`other${cookie}`, 7)).toBeNull();
    expect(devices.deviceOf('', 7)).toBeNull();
    expect(devices.deviceOf('not a cookie;;', 7)).toBeNull();
  });

  it('keep the same device for an account that signs in again, and remember five accounts on a shared computer', () => {
    let cookie = devices.remembered(undefined, 1);
    const first = devices.deviceOf(cookie, 1);
    for (const userId of [2, 3, 4, 5]) cookie = devices.remembered(cookie, userId);
    expect(devices.deviceOf(cookie, 1)).toBe(first);
    cookie = devices.remembered(cookie, 1);
    expect(devices.deviceOf(cookie, 1)).toBe(first);
    cookie = devices.remembered(cookie, 6);
    expect([1, 3, 4, 5, 6].map((id) => devices.deviceOf(cookie, id) !== null)).toEqual([true, true, true, true, true]);
    expect(devices.deviceOf(cookie, 2)).toBeNull();
  });
});
