import { bankMs, perMoveMs, type TimeControl } from "./time-control.js";

/**
 * The clock of a match with a time control, kept in the match state and rebuilt on replay from
 * the events' own times (never from the reader's clock), so a timeout replays like any event.
 * A seat's move is due `perMove` after it became due to act, plus what is left of its bank; a
 * move later than the per-move time spends the bank by as much.
 */
export interface ClockState {
  readonly control: TimeControl;
  /** Per seat: since when it has been due to act (ISO 8601), or null while it is not. */
  readonly since: readonly (string | null)[];
  /** Per seat: what is left of its bank, in milliseconds. */
  readonly bankMs: readonly number[];
}

export const startClock = (control: TimeControl, seats: number): ClockState => ({
  control,
  since: Array.from({ length: seats }, () => null),
  bankMs: Array.from({ length: seats }, () => bankMs(control)),
});

const ms = (iso: string): number => Date.parse(iso);

/**
 * The clock after an event at `at`, when `toAct` may act (none while seats are open or once
 * finished). While the same seats keep acting (a roll, then its move; the several moves of one
 * turn; a tied opening roll rolled again), their time runs on from when they became due; when
 * the seats acting change, each seat that was acting is charged its lateness (from its bank) and
 * the time of every seat now acting starts afresh.
 */
export function tickClock(clock: ClockState, toAct: readonly number[], at: string): ClockState {
  const wasActing = clock.since.flatMap((from, seat) => (from === null ? [] : [seat]));
  if (wasActing.length === toAct.length && toAct.every((seat) => wasActing.includes(seat))) return clock;
  const perMove = perMoveMs(clock.control);
  const bankMs = clock.bankMs.map((bank, seat) => {
    const from = clock.since[seat] ?? null;
    return from === null ? bank : Math.max(0, bank - Math.max(0, ms(at) - ms(from) - perMove));
  });
  return { ...clock, since: clock.since.map((_, seat) => (toAct.includes(seat) ? at : null)), bankMs };
}

/** Per seat: when its time runs out, or null while it is not due to act. */
export const seatDeadlines = (clock: ClockState): (string | null)[] =>
  clock.since.map((from, seat) => (from === null ? null : new Date(ms(from) + perMoveMs(clock.control) + clock.bankMs[seat]!).toISOString()));

/** The first time a seat due to act runs out, or null when none is due. */
export function clockDeadline(clock: ClockState): string | null {
  const deadlines = seatDeadlines(clock).filter((d): d is string => d !== null);
  return deadlines.length === 0 ? null : deadlines.reduce((a, b) => (ms(b) < ms(a) ? b : a));
}

/** The seats whose time has run out at `at` (a deadline is passed from its very instant on). */
export const overdueSeats = (clock: ClockState, at: string): number[] =>
  seatDeadlines(clock).flatMap((deadline, seat) => (deadline !== null && ms(at) >= ms(deadline) ? [seat] : []));
