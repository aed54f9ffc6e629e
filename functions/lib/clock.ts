/**
 * The time the learning records take as "now" (today's Japan day, a check's or an attempt's
 * answer time). Injectable so tests can stand at 23:59 or 00:00 in Japan without waiting: the
 * local gateway runs the functions in the test's own process, so `setClockForTests` moves the
 * functions' clock too. In AWS nothing sets it and it is the system's.
 */
let fixed: Date | undefined;

export const currentTime = (): Date => (fixed ? new Date(fixed.getTime()) : new Date());

/** Stands the clock at `at` (undefined: the system's again). Tests only. */
export function setClockForTests(at: Date | undefined): void {
  fixed = at;
}
