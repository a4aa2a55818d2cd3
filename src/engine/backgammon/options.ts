import { z } from "zod";

/**
 * Options of a backgammon match. A single game is a 1-point match; the cube is off by default
 * (a ruling) because most casual games are played without it.
 */
export const optionsSchema = z.strictObject({
  /** The match is won by the first seat to reach this many points. */
  matchLength: z.number().int().min(1).max(25).default(1),
  /** Enables the doubling cube (offer before rolling, take or drop). */
  cube: z.boolean().default(false),
});

export type BackgammonOptions = z.output<typeof optionsSchema>;

/** The string form every move travels in: checker plays and the three cube actions. */
export const moveSchema = z.string().min(1).max(64);
export type BackgammonMove = z.output<typeof moveSchema>;
