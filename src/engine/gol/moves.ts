import * as z from "../../zod.js";
import { pointSchema } from "./options.js";
import { PIECES } from "./sides.js";
import { HOME_AWAY } from "../common/home-away.js";

/** The complete actions a side submits, one `submitMove` each. */
export const ACTIONS = ["move", "kick", "push", "trip", "endTurn"] as const;
export type ActionKind = (typeof ACTIONS)[number];
/** The actions a piece makes (endTurn is the side's). */
export type PieceAction = Exclude<ActionKind, "endTurn">;

/** Tempos each action takes (17.30): a move is one tempo, a kick, a push and a trip two. */
export const TEMPOS: { readonly [A in PieceAction]: number } = { move: 1, kick: 2, push: 2, trip: 2 };

const piece = z.intBetween(1, PIECES);
/** A piece on the field by side and number: the one pushed or tripped. */
const target = z.strictObject({ side: z.enum(HOME_AWAY), piece });

/**
 * One action as JSON, told apart by `type` as golnard-football's moves are; `piece` is a number
 * of the side to act.
 * - `{"type":"move","piece":7,"to":{"x":9,"y":9}}`
 * - `{"type":"kick","piece":11,"to":{"x":15,"y":9}}` or `{"type":"kick","piece":9,"to":"goal"}`
 * - `{"type":"push","piece":6,"target":{"side":"away","piece":8}}`
 * - `{"type":"trip","piece":6,"target":{"side":"away","piece":8}}`
 * - `{"type":"endTurn"}`
 */
const current = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("move"), piece, to: pointSchema }),
  z.strictObject({ type: z.literal("kick"), piece, to: z.union([pointSchema, z.literal("goal")]) }),
  z.strictObject({ type: z.literal("push"), piece, target }),
  z.strictObject({ type: z.literal("trip"), piece, target }),
  z.strictObject({ type: z.literal("endTurn") }),
]);
export type GolMove = z.output<typeof current>;

/**
 * The spelling before moves were told apart by `type`: `action` in its place. The logs of the
 * matches played then record it, so it is still accepted, renamed and then checked as the same
 * action; `legalMoves` lists and the log records `type`. An object with both keys is left as
 * it is, which the current form refuses.
 */
const earlier = z.pipe(
  z.pipe(
    z.looseObject({ action: z.enum(ACTIONS) }).check(z.describe("The earlier spelling: `action` for `type`, still accepted.")),
    z.transform(({ action, ...rest }) => ("type" in rest ? { action, ...rest } : { type: action, ...rest })),
  ),
  current,
);

export const moveSchema = z.union([current, earlier]);
