/**
 * Facts an action can produce, recorded with it for clients (docs/rules/gol.md, "Notes"):
 * - `goal`: a kick entered a goal ({side credited, by, piece, ownGoal, score});
 * - `tackle`: a defensive first-tempo kick won the ball ({side, piece, counterKick});
 * - `possessionLost`: the attacking side lost the ball ({side, to, reason: bothTouching | doubleTouch | tackle});
 * - `trip`: a foul; the target sits out its side's next turn ({side, piece, target});
 * - `push`: a piece was displaced ({side, piece, target, to});
 * - `turnEnded`: the turn is over ({side, tempos, reason: endTurn | tempos | possessionLost | goal});
 * - `kickoff`: both formations were reset for a kickoff ({side, reason: goal | secondHalf});
 * - `halfTime`, `fullTime`: the clock ({score}).
 */
export const NOTES = ["goal", "tackle", "possessionLost", "trip", "push", "turnEnded", "kickoff", "halfTime", "fullTime"] as const;
export type NoteType = (typeof NOTES)[number];

/** Why the attacking side lost the ball. */
export const LOSS_REASONS = ["bothTouching", "doubleTouch", "tackle"] as const;
export type LossReason = (typeof LOSS_REASONS)[number];

/** Why a turn ended. */
export const TURN_END_REASONS = ["endTurn", "tempos", "possessionLost", "goal"] as const;
export type TurnEndReason = (typeof TURN_END_REASONS)[number];
