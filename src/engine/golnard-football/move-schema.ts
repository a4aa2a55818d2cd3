import * as z from "../../zod.js";
import { DIRECTIONS } from "./board.js";
import { pointSchema } from "./options.js";

/** A die is named by its points: with doubles both dice are the same action, so one name is enough. */
const die = z.intBetween(1, 6);
/** Tokens are numbered 1 (the keeper) to 11 within the mover's side. */
const token = z.intBetween(1, 11);
const direction = z.enum(DIRECTIONS);
const path = z.array(pointSchema).check(z.minLength(1), z.maxLength(6));

/** The slide of a penalty kicker and ball with the surplus points of the run (N = toward y = 0). */
export const SLIDES = ["N", "S", "none"] as const;
export type Slide = (typeof SLIDES)[number];

/**
 * Every action of the game, told apart by `type`:
 * - `walk`: `token` takes exactly `die` king steps and ends on `to`. `ball` says whether it ends
 *   holding the ball (it took the ball by stepping onto it, or held it already); `drop` is where
 *   it leaves the ball when this walk ends the turn holding it. `path` (the cells entered, in
 *   order) is optional: the engine picks one when it is left out and records it.
 * - `kick`: the holder kicks the ball exactly `die` cells toward `direction`.
 * - `walkKick`: a walk that ends in a kick with the rest of the same die: a blocked dribble in an
 *   ordinary turn, or a throw-in / corner take. The token walks `die - length` steps to `stop`
 *   (holding the ball there) and kicks it `length` cells toward `direction`.
 * - `ball`: a throw-in or corner moves the ball `die` cells toward `direction`, or leaves it
 *   where it is (`stay`) when that die has no cell for it.
 * - `goalKick`: puts the ball on a free cell of the side's goalkeeper zone, before the roll.
 * - `penaltyKeeper`, `penaltyBall`, `penaltyKicker`: the three placements of a penalty (and of
 *   each shoot-out kick), before the roll.
 * - `penaltyRun`: the kicker runs to the ball with `die`; surplus points slide kicker and ball
 *   along y (`N`, `S`, or `none`; left out = the engine picks, N first).
 * - `penaltyShot`: the shot with the other die toward `direction` (`die` may be left out).
 */
export const moveSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("walk"), token, die, to: pointSchema, ball: z.optional(z.boolean()), drop: z.optional(pointSchema), path: z.optional(path) }),
  z.strictObject({ type: z.literal("kick"), token, die, direction }),
  z.strictObject({ type: z.literal("walkKick"), token, die, stop: pointSchema, length: z.intBetween(1, 5), direction, path: z.optional(path) }),
  z.strictObject({ type: z.literal("ball"), die, direction: z.enum([...DIRECTIONS, "stay"]) }),
  z.strictObject({ type: z.literal("goalKick"), at: pointSchema }),
  z.strictObject({ type: z.literal("penaltyKeeper"), at: pointSchema }),
  z.strictObject({ type: z.literal("penaltyBall"), at: pointSchema }),
  z.strictObject({ type: z.literal("penaltyKicker"), token: z.intBetween(2, 11), at: pointSchema }),
  z.strictObject({ type: z.literal("penaltyRun"), die, slide: z.optional(z.enum(SLIDES)) }),
  z.strictObject({ type: z.literal("penaltyShot"), direction, die: z.optional(die) }),
]);
export type FootballMove = z.output<typeof moveSchema>;
export type MoveType = FootballMove["type"];
export type MoveOf<T extends MoveType> = Extract<FootballMove, { type: T }>;

/**
 * An action's identity (what tells two legal actions apart): a walk is token + die + destination
 * + whether it ends holding the ball + its drop cell; a kick is token + die + direction; a walk
 * that ends in a kick is token + die + stop + length + direction; each placement and ball move is
 * its own. The path is not part of it: two paths with one outcome are one action.
 */
export function actionKey(m: FootballMove): string {
  const p = (q: { x: number; y: number } | undefined): string => (q ? `${q.x},${q.y}` : "-");
  switch (m.type) {
    case "walk":
      return `walk ${m.token} ${m.die} ${p(m.to)} ${m.ball ? "ball" : "noball"} ${p(m.drop)}`;
    case "kick":
      return `kick ${m.token} ${m.die} ${m.direction}`;
    case "walkKick":
      return `walkKick ${m.token} ${m.die} ${p(m.stop)} ${m.length} ${m.direction}`;
    case "ball":
      return `ball ${m.die} ${m.direction}`;
    case "goalKick":
    case "penaltyKeeper":
    case "penaltyBall":
      return `${m.type} ${p(m.at)}`;
    case "penaltyKicker":
      return `penaltyKicker ${m.token} ${p(m.at)}`;
    case "penaltyRun":
      return `penaltyRun ${m.die} ${m.slide ?? "?"}`;
    case "penaltyShot":
      return `penaltyShot ${m.direction}`;
  }
}
