import * as z from "../../zod.js";
import { HEIGHT, WIDTH } from "./field.js";
import { formationProblems } from "./formations.js";
import { PIECES } from "./sides.js";
import { HOME_AWAY } from "../common/home-away.js";

export const DEFAULT_MINUTES_PER_HALF = 45;
export const MAX_MINUTES_PER_HALF = 90;
/** The second 17.32 asks for at least 4 secondary tempos; 17.30 lets a coach stop at any tempo (0). */
export const DEFAULT_MIN_SECONDARY = 4;
export const MAX_MIN_SECONDARY = 7;

export const pointSchema = z.strictObject({ x: z.intBetween(0, WIDTH - 1), y: z.intBetween(0, HEIGHT - 1) });
/** Cells of pieces 1..11, in number order. */
const formationSchema = z.array(pointSchema).check(z.length(PIECES));

/**
 * Options of a match, fixed at createMatch.
 * - `minutesPerHalf`: a minute is one turn of each side (17.18); small values make short matches.
 * - `minSecondary`: how many secondary tempos a turn must make before `endTurn` (when moves remain).
 * - `formations`: each side's cells for pieces 1..11 at every kickoff; a side left out takes the
 *   default 4-3-3. Checked against both kickoff spots.
 */
export const optionsSchema = z
  .strictObject({
    minutesPerHalf: z._default(z.intBetween(1, MAX_MINUTES_PER_HALF), DEFAULT_MINUTES_PER_HALF),
    minSecondary: z._default(z.intBetween(0, MAX_MIN_SECONDARY), DEFAULT_MIN_SECONDARY),
    formations: z.optional(z.strictObject({ home: z.optional(formationSchema), away: z.optional(formationSchema) })),
  })
  .check(
    z.superRefine((o, ctx) => {
      for (const side of HOME_AWAY) {
        const points = o.formations?.[side];
        if (!points) continue;
        for (const message of formationProblems(side, points)) ctx.addIssue({ code: "custom", message, path: ["formations", side] });
      }
    }),
  );
export type GolOptions = z.output<typeof optionsSchema>;
