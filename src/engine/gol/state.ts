import type { Cell } from "./field.js";
import type { PieceAction } from "./moves.js";
import type { Role } from "./sides.js";
import type { HomeAway } from "../common/home-away.js";

/** One action made in the turn under way: who, what, and the first tempo it took (1..14). */
export interface TurnAction {
  readonly piece: number;
  readonly kind: PieceAction;
  readonly tempo: number;
}

/** The turn under way. Fixed at its start: side, role, kickoff, free tempos. */
export interface TurnState {
  readonly side: HomeAway;
  /** attack = the side had the ball when the turn began; a tackle does not change a turn's role. */
  readonly role: Role;
  /** The turn starts from a kickoff position (the start, the second half, after a goal). */
  readonly kickoff: boolean;
  /** The new possessor's first attacking turn after a tackle or a loss (17.27). */
  readonly free: boolean;
  /** Tempos made so far (0..13 between actions: the turn ends by itself at 14). */
  readonly tempo: number;
  readonly actions: readonly TurnAction[];
  /** Defence: the piece whose tempo-1 move opened a chase, while it may still move (17.1). */
  readonly chaser: number | null;
  /** Attack: the piece whose kick took tempos 1-2, which may dribble at 3-4 (17.1, 17.30). */
  readonly dribbler: number | null;
  /** Opposing pieces that touched the ball at this turn's last counted check (the double touch). */
  readonly touches: readonly number[];
}

export interface GoalRecord {
  /** The side credited with the goal. */
  readonly side: HomeAway;
  /** The kicker's side and number: an own goal when that side is not `side`. */
  readonly by: HomeAway;
  readonly piece: number;
  readonly half: 1 | 2;
  readonly minute: number;
}

export interface GolState {
  readonly minutesPerHalf: number;
  readonly minSecondary: number;
  /** Every kickoff puts the pieces here (pieces 1..11 in order). */
  readonly formations: { readonly [S in HomeAway]: readonly Cell[] };
  /** Where each piece stands, pieces 1..11 in order. */
  readonly pieces: { readonly [S in HomeAway]: readonly Cell[] };
  /** Always on a field cell with no piece between actions (a goal puts it back on a kickoff spot). */
  readonly ball: Cell;
  readonly score: { readonly [S in HomeAway]: number };
  readonly possession: HomeAway;
  /** The side whose next attacking turn has the free tempos (17.27); a kickoff cancels it. */
  readonly freeTempos: HomeAway | null;
  /** Pieces tripped, out of action for their side's next turn (kept through kickoffs). */
  readonly frozen: { readonly [S in HomeAway]: readonly number[] };
  readonly half: 1 | 2;
  /** Turns completed in this half; the half ends after 2 x minutesPerHalf. */
  readonly turnsInHalf: number;
  /** null once the match is over. */
  readonly turn: TurnState | null;
  readonly goals: readonly GoalRecord[];
}

export const isOver = (state: GolState): boolean => state.turn === null;
export const turnsPerHalf = (state: GolState): number => 2 * state.minutesPerHalf;
/** The minute under way, 1-based and running on through the second half (46..90 by default). */
export const minuteOf = (state: GolState): number => (state.half - 1) * state.minutesPerHalf + Math.min(state.minutesPerHalf, Math.floor(state.turnsInHalf / 2) + 1);
