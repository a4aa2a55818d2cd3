import * as z from "../../zod.js";

/**
 * Options of a backgammon match. A single game is a 1-point match; the cube is off by default
 * (a ruling) because most casual games are played without it.
 */
export const optionsSchema = z.strictObject({
  /** The match is won by the first seat to reach this many points. */
  matchLength: z._default(z.intBetween(1, 25), 1),
  /** Enables the doubling cube (offer before rolling, take or drop). */
  cube: z._default(z.boolean(), false),
});

export type BackgammonOptions = z.output<typeof optionsSchema>;

/** The string form every move travels in: checker plays and the three cube actions. */
export const moveSchema = z.string().check(z.minLength(1), z.maxLength(64));
export type BackgammonMove = z.output<typeof moveSchema>;
