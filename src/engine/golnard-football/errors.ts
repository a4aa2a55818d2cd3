import { COMMON_REASONS, refuser } from "../common/reasons.js";

/** Every reason code this ruleset refuses with; clients may switch on them. */
export const REASONS = [
  ...COMMON_REASONS,
  /** The action does not belong to this step of the turn (a kick during a placement). */
  "WRONG_STEP",
  /** The token is not one of the acting seat's tokens. */
  "NOT_YOUR_TOKEN",
  /** No unspent die shows these points. */
  "DIE_NOT_AVAILABLE",
  /** Throw-in / corner: the ball die is played before the take. */
  "BALL_FIRST",
  /** A token holds the ball: the next action is its kick or walk. */
  "HOLDER_MUST_ACT",
  /** Only the token holding the ball kicks. */
  "NOT_HOLDER",
  /** A token that started the turn in a goalkeeper zone without the ball is moved first. */
  "FORCED_EXIT",
  /** A walk of that forced token with that die ends outside the goalkeeper zone, so this walk (or blocked dribble) must too. */
  "MUST_LEAVE_ZONE",
  /** Throw-in / corner: a token can take the ball, so the other die is a take. */
  "TAKE_REQUIRED",
  /** No walk of that token with that die ends as asked. */
  "NO_ROUTE",
  /** The given path is not a walk of that die (length, steps, occupied cells, zones). */
  "BAD_PATH",
  /** The walk ends the turn holding the ball: it must say where the ball is dropped. */
  "DROP_REQUIRED",
  /** A drop was given for a walk that does not end the turn holding the ball. */
  "DROP_NOT_DUE",
  /** The drop cell is not a token-free neighbour outside the goal zones. */
  "BAD_DROP",
  /** The kick would start over a token next to the kicker. */
  "KICK_BLOCKED",
  /** The kick would land on a token. */
  "LANDING_OCCUPIED",
  /** A kick along the goal-line column may not enter the goal zone. */
  "ALONG_GOAL_LINE",
  /** An offside token kicks toward the goal it attacks. */
  "OFFSIDE",
  /** A dribble stops for a kick only next to an opposing token (or, in a take, on reaching the ball). */
  "NOT_BLOCKED",
  /** Throw-in / corner ball move: no legal cell that way, or `stay` while some cell is legal. */
  "BAD_BALL_MOVE",
  /** A placement on a cell the rules do not allow. */
  "BAD_PLACEMENT",
  /** The penalty kicker must be a field token of the seat taking the penalty. */
  "NOT_A_KICKER",
  /** The penalty slide is not one the surplus allows. */
  "BAD_SLIDE",
  /** The penalty shot comes after the run. */
  "RUN_FIRST",
  /** A penalty shot goes toward the goal: one of the three directions whose x-component points at it. */
  "BAD_DIRECTION",
] as const;
export type Reason = (typeof REASONS)[number];

/** Typed wrapper so a misspelt reason code is a compile error. */
export const refuse = refuser<Reason>();
