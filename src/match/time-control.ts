import * as z from "../zod.js";

/** Correspondence deadlines a match may set, in days per move (as Lichess and DailyGammon offer them). */
export const CORRESPONDENCE_DAYS = [1, 2, 3, 5, 7, 14] as const;
/** Live play: up to half a day per move, in minutes. */
export const MAX_MINUTES_PER_MOVE = 720;
/** The bank (extra time spent only by late moves), in minutes: up to 30 days. */
export const MAX_BANK_MINUTES = 30 * 24 * 60;

/**
 * The time control of a match, separate from the ruleset's options: a deadline per move (days
 * for correspondence, minutes for live play) and an optional bank per seat that runs down only
 * while a move is late. Recorded in MatchCreated as given here.
 */
export interface TimeControl {
  readonly daysPerMove: number | null;
  readonly minutesPerMove: number | null;
  readonly bankMinutes: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export const timeControlSchema = z.pipe(
  z
    .strictObject({
      daysPerMove: z.nullish(z.union(CORRESPONDENCE_DAYS.map((d) => z.literal(d)))),
      minutesPerMove: z.nullish(z.intBetween(1, MAX_MINUTES_PER_MOVE)),
      bankMinutes: z.nullish(z.intBetween(0, MAX_BANK_MINUTES)),
    })
    .check(
      z.refine((t) => (t.daysPerMove ?? null) === null !== ((t.minutesPerMove ?? null) === null), {
        message: "give exactly one of daysPerMove and minutesPerMove",
      }),
    ),
  z.transform((t): TimeControl => ({ daysPerMove: t.daysPerMove ?? null, minutesPerMove: t.minutesPerMove ?? null, bankMinutes: t.bankMinutes ?? 0 })),
);

export const perMoveMs = (control: TimeControl): number =>
  control.daysPerMove !== null ? control.daysPerMove * DAY_MS : (control.minutesPerMove ?? 0) * MINUTE_MS;

export const bankMs = (control: TimeControl): number => control.bankMinutes * MINUTE_MS;
