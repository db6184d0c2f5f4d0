import { describe, expect, it } from 'vitest';
import { CLIENT_POLICY, UNTRUSTED_POLICY, addressKey, delayAfter } from './sign-in-throttle.js';

describe('delayAfter', () => {
  it('lets a client try five times, then makes it wait a minute, doubling to at most fifteen', () => {
    expect([1, 4, 5, 6, 7, 8, 9, 10, 60].map((n) => delayAfter(n, CLIENT_POLICY) / 60_000)).toEqual([
      0, 0, 1, 2, 4, 8, 15, 15, 15,
    ]);
  });

  it('gives all clients without a device cookie fifty tries together, then at most five minutes', () => {
    expect([49, 50, 51, 52, 53, 1000].map((n) => delayAfter(n, UNTRUSTED_POLICY) / 60_000)).toEqual([0, 1, 2, 4, 5, 5]);
  });
});

describe('addressKey', () => {
  it('counts IPv4 addresses one by one, also when mapped into IPv6', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 addresses by their /64, however they are written', () => {
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
