import * as z from "../../zod.js";
import { SIZE } from "./board.js";

export const VARIANTS = ["sprint", "stayer"] as const;
export type Variant = (typeof VARIANTS)[number];

/** Round limits by variant (Stalls): a stayer match runs four laps, so four times longer. */
export const DEFAULT_MAX_ROUNDS: { readonly [V in Variant]: number } = { sprint: 100, stayer: 400 };
export const MIN_TEAMS = 2;
export const MAX_TEAMS = 5;

/**
 * Options of a relay. `teams` and the createMatch seat count must agree (one seat per team);
 * either may be left out. `lanes[i]` is team i's lane; a missing array or a null entry is drawn
 * with the server's dice at the start of the match (see lane-draw.ts).
 */
export const optionsSchema = z.strictObject({
  variant: z._default(z.enum(VARIANTS), "sprint"),
  teams: z.optional(z.intBetween(MIN_TEAMS, MAX_TEAMS)),
  lanes: z.optional(z.array(z.nullable(z.intBetween(1, 5))).check(z.minLength(MIN_TEAMS), z.maxLength(MAX_TEAMS))),
  maxRounds: z.optional(z.intBetween(1, 10_000)),
}).check(
  z.refine((o) => !o.lanes || new Set(o.lanes.filter((l) => l !== null)).size === o.lanes.filter((l) => l !== null).length, {
    message: "lanes must be distinct",
    path: ["lanes"],
  }),
  z.refine((o) => !o.lanes || o.teams === undefined || o.lanes.length === o.teams, {
    message: "lanes must name one lane (or null) per team",
    path: ["lanes"],
  }),
);
export type EstafetaOptions = z.output<typeof optionsSchema>;

export const TOKENS = ["A", "B", "C", "D"] as const;
export type TokenLetter = (typeof TOKENS)[number];
export const DIE_CHOICES = ["first", "second", "both"] as const;
export type DieChoice = (typeof DIE_CHOICES)[number];

const coordinate = z.intBetween(0, SIZE - 1);
export const pointSchema = z.strictObject({ x: coordinate, y: coordinate });

/**
 * One action: a token walks one route and spends one die, or both dice together.
 * - `to`: the cell it ends on, or "finish" when the route ends with the finishing gate step.
 * - `points`: how many points the route spends. Needed only to tell apart an early stop at a dead
 *   end (or an early finish) from a full move to the same place; when left out, the engine takes
 *   the action to that destination that spends the most points.
 * - `path`: the cells entered, in order (a finish is not a cell: the path then ends on g0 of F41).
 *   When left out the engine chooses the route (search.ts) and the log records it.
 */
export const moveSchema = z.strictObject({
  token: z.enum(TOKENS),
  die: z.enum(DIE_CHOICES),
  to: z.union([pointSchema, z.literal("finish")]),
  points: z.optional(z.intBetween(1, 12)),
  path: z.optional(z.array(pointSchema).check(z.maxLength(12))),
});
export type EstafetaMove = z.output<typeof moveSchema>;
