import { describe, expect, it } from 'vitest';
import { addressKey } from './rate-limit';

describe('the address a per-address limit counts', () => {
  it('is an IPv6 address by its /64, however it is written', () => {
    for (const address of [
      '2001:db8:1:2::1',
      '2001:0DB8:0001:0002:ffff:ffff:ffff:fffe',
      '2001:db8:1:2:0:0:0:9%eth0',
    ])
      expect(addressKey(address), address).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
  });

  it('is an IPv4 address as it is, mapped into IPv6 or not', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });
});
