import { describe, expect, it } from 'vitest';
import { addressKey, allowanceLeft, windowCounterEnds, windowStartOf } from './rate-limit-policy';

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

describe('the windows a limit counts in', () => {
  it('puts every moment of a window in the same one, and the next second of its end in the next', () => {
    const hour = 3600;
    const start = Date.UTC(2026, 0, 1, 10) / 1000;
    expect(windowStartOf(start * 1000, hour)).toBe(start);
    expect(windowStartOf((start + hour) * 1000 - 1, hour)).toBe(start);
    expect(windowStartOf((start + hour) * 1000, hour)).toBe(start + hour);
  });

  it('leaves the current window only what the previous one did not use, so a boundary never doubles the limit', () => {
    expect(allowanceLeft(5, 0)).toBe(5);
    expect(allowanceLeft(5, 3)).toBe(2);
    expect(allowanceLeft(5, 5)).toBeLessThanOrEqual(0);
  });

  it("keeps a window's counter while the next window still reads it as the previous one", () => {
    const start = 1_700_000_000;
    expect(windowCounterEnds(start, 60).getTime()).toBe((start + 180) * 1000);
    expect(windowCounterEnds(start, 60).getTime()).toBeGreaterThan((start + 2 * 60) * 1000);
  });
});
