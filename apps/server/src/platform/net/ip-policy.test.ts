import { describe, expect, it } from 'vitest';
import { addressRange, isPublicAddress } from './ip-policy.js';

describe('isPublicAddress', () => {
  it('accepts ordinary public IPv4 and IPv6 addresses', () => {
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '1.1.1.1',
      '2606:4700:4700::1111',
      '2a00:1450:4001:82a::200e',
      '::ffff:8.8.8.8',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it.each([
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.127.255.254', 'carrierGradeNat'],
    ['198.18.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
  ])('refuses IPv4 %s (%s)', (address, range) => {
    expect(addressRange(address)).toBe(range);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456:789a::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['2001:2::1', 'benchmarking'],
    ['2001:db8::1', 'reserved'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['2002:a00:1::1', '6to4'],
    ['2001:0:4136:e378::1', 'teredo'],
    ['fec0::1', 'deprecatedSiteLocal'],
    ['::7f00:1', 'notGlobalUnicast'],
    ['4000::1', 'notGlobalUnicast'],
  ])('refuses IPv6 %s (%s)', (address, range) => {
    expect(addressRange(address)).toBe(range);
    expect(isPublicAddress(address)).toBe(false);
  });

  it('judges IPv4-mapped IPv6 addresses by the IPv4 address they carry', () => {
    expect(addressRange('::ffff:127.0.0.1')).toBe('loopback');
    expect(addressRange('::ffff:7f00:1')).toBe('loopback');
    expect(addressRange('::ffff:10.0.0.1')).toBe('private');
    expect(addressRange('::ffff:169.254.169.254')).toBe('linkLocal');
    expect(addressRange('::ffff:192.168.0.1')).toBe('private');
    expect(isPublicAddress('::ffff:a9fe:a9fe')).toBe(false);
  });

  it('refuses what is not an address', () => {
    for (const value of ['', 'localhost', 'example.com', '999.1.1.1', '1.2.3.4.5'])
      expect(isPublicAddress(value), value).toBe(false);
  });
});
