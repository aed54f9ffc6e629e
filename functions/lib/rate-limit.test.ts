import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './rate-limit';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address whole, also when it arrives IPv4-mapped', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client, however it is written', () => {
    const one = clientAddressKey('2001:db8:abcd:12::1');
    expect(one).toBe('2001:db8:abcd:12::/64');
    expect(clientAddressKey('2001:0DB8:ABCD:0012:ffff:ffff:ffff:fffe')).toBe(one);
    expect(clientAddressKey('2001:db8:abcd:12:1234::')).toBe(one);
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('tells two /64 networks apart', () => {
    expect(clientAddressKey('2001:db8:abcd:12::1')).not.toBe(clientAddressKey('2001:db8:abcd:13::1'));
  });
});
