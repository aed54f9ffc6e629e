import { isIPv4, isIPv6 } from 'node:net';

/**
 * The rules of the rate limits, apart from the counters that keep them (rate-limit-store.ts): which
 * window a moment falls in, how much of a limit the window before leaves, how long a counter is
 * kept, and which address a per-address limit counts.
 */

/** The start (epoch seconds) of the window of `windowSeconds` holding `at` (epoch ms). */
export const windowStartOf = (at: number, windowSeconds: number) =>
  Math.floor(at / 1000 / windowSeconds) * windowSeconds;

/**
 * What a limit of `limit` leaves for the current window once the previous one used
 * `previousHits`: counting the previous window too means no span of `windowSeconds` ever admits
 * more than `limit` calls, wherever the boundary falls. Zero or less: refused.
 */
export const allowanceLeft = (limit: number, previousHits: number) => limit - previousHits;

/** When a window's counter may go (epoch ms): it is read as "the previous window" for one more window. */
export const windowCounterEnds = (windowStart: number, windowSeconds: number) =>
  new Date((windowStart + windowSeconds * 3) * 1000);

/**
 * The address a per-address limit counts: an IPv4 address as it is, an IPv6 address by its /64
 * (one subscriber's network, in which a client may take any of 2^64 addresses at will), and an
 * IPv4-mapped IPv6 address as its IPv4 address.
 */
export function addressKey(ipAddress: string): string {
  const address = ipAddress.trim().toLowerCase().replace(/%.*$/, '');
  if (!isIPv6(address)) return address;
  const mapped = /^(?:(?:0{1,4}:){5}|::)ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // A trailing dotted IPv4 part stands for two groups.
  const rightGroups = right.reduce((count, group) => count + (group.includes('.') ? 2 : 1), 0);
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - rightGroups).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
