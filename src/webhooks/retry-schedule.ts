/**
 * When a failed delivery is tried again: the delay after each failed attempt, growing about
 * fivefold at first and doubling later, so a receiver down for a deploy gets its events within
 * minutes and one down for a day is not hammered meanwhile. Attempt 1 is immediate (when the
 * event is committed); the 9 delays below give 10 attempts over about 22 h 43 min, after which
 * the event is given up on (and a webhook that keeps failing is disabled by the worker).
 *
 *   attempt:  1    2    3     4      5       6       7    8    9    10
 *   after:    0    5 s  30 s  2 min  10 min  30 min  1 h  3 h  6 h  12 h   (each ±20 %)
 */
export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 10_800_000, 21_600_000, 43_200_000] as const;

/** Every attempt, the first one included. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * Each delay is scaled by a factor from 0.8 to 1.2: webhooks that failed together (a receiver's
 * outage, a worker's restart) retry spread out rather than all at the same instant.
 */
export const JITTER = 0.2;

/** The whole nominal schedule, from the first attempt to the last: 22 h 42 min 35 s. */
export const RETRY_WINDOW_MS = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);

/**
 * When to try again after attempt number `attempt` (1 for the first) failed at `lastAt`, or null
 * when it was the last. `random` is a number in [0, 1), passed in (Math.random in the worker) so
 * the schedule itself is a pure function and its tests need no seeded generator.
 */
export function nextAttempt(attempt: number, lastAt: Date, random: number): Date | null {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError(`An attempt is numbered from 1, not ${attempt}`);
  if (!(random >= 0 && random < 1)) throw new RangeError(`A random number is in [0, 1), not ${random}`);
  const delay = RETRY_DELAYS_MS[attempt - 1];
  if (delay === undefined) return null;
  return new Date(lastAt.getTime() + Math.round(delay * (1 - JITTER + 2 * JITTER * random)));
}
