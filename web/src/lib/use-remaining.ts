import { useEffect, useState } from 'react';

/** How often a countdown is redrawn: smooth enough for the bar, cheap enough for a phone. */
const TICK_MS = 100;

/**
 * Milliseconds left until `until` (epoch ms of the server's clock), redrawn while it counts down.
 * `now` reads the server's clock as this page estimates it; counting from the deadline rather
 * than a running total keeps a background tab or a late timer from drifting.
 */
export function useRemaining(until: number, now: () => number): number {
  const [remaining, setRemaining] = useState(() => Math.max(0, until - now()));
  useEffect(() => {
    const tick = () => {
      const left = Math.max(0, until - now());
      setRemaining(left);
      if (left === 0) clearInterval(timer);
    };
    const timer = setInterval(tick, TICK_MS);
    tick();
    return () => clearInterval(timer);
  }, [until, now]);
  return remaining;
}
