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
 * One action as JSON, told apart by `action`; `piece` is a number of the side to act.
 * - `{"action":"move","piece":7,"to":{"x":9,"y":9}}`
 * - `{"action":"kick","piece":11,"to":{"x":15,"y":9}}` or `{"action":"kick","piece":9,"to":"goal"}`
 * - `{"action":"push","piece":6,"target":{"side":"away","piece":8}}`
 * - `{"action":"trip","piece":6,"target":{"side":"away","piece":8}}`
 * - `{"action":"endTurn"}`
 */
export const moveSchema = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("move"), piece, to: pointSchema }),
  z.strictObject({ action: z.literal("kick"), piece, to: z.union([pointSchema, z.literal("goal")]) }),
  z.strictObject({ action: z.literal("push"), piece, target }),
  z.strictObject({ action: z.literal("trip"), piece, target }),
  z.strictObject({ action: z.literal("endTurn") }),
]);
export type GolMove = z.output<typeof moveSchema>;
