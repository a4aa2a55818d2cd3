import { CELLS, type Cell } from "./field.js";
import { PIECES, type Role } from "./sides.js";
import { other, type HomeAway } from "../common/home-away.js";
import type { GolState, TurnState } from "./state.js";

/**
 * What every legality question about the turn under way needs, computed once per state: the
 * occupancy grid (0 = empty, +n = home piece n, -n = away piece n), who is used or frozen, and
 * where the secondary order stands. States are immutable, so it is cached per state object:
 * `legalMoves`, `play` and the view of one state share it.
 */
export interface Context {
  readonly state: GolState;
  readonly turn: TurnState;
  readonly side: HomeAway;
  readonly opp: HomeAway;
  readonly role: Role;
  /** Tempos made so far. */
  readonly tempo: number;
  /** In the main part (tempos 1-4) rather than the secondary part. */
  readonly main: boolean;
  readonly occ: Int8Array;
  readonly ball: Cell;
  /** Cells of the acting side's pieces and of the other side's, index = number - 1. */
  readonly own: readonly Cell[];
  readonly theirs: readonly Cell[];
  /** By number (index 0 unused). */
  readonly used: readonly boolean[];
  readonly frozen: readonly boolean[];
  /** The number of the last secondary move (12 before the first: every number is lower). */
  readonly lastSecondary: number;
  readonly secondaryMade: number;
  /** Lazily filled answers (the nearest defenders, the secondary-minimum rule). */
  readonly memo: { nearest?: ReadonlySet<number>; dodge?: ReadonlySet<number> | null };
}

export const MAIN_TEMPOS = 4;
export const MAX_TEMPOS = 14;

export const occupantCode = (side: HomeAway, n: number): number => (side === "home" ? n : -n);
/** The side and number of an occupant code (non-zero). */
export const occupantOf = (code: number): { side: HomeAway; piece: number } => (code > 0 ? { side: "home", piece: code } : { side: "away", piece: -code });

export function occupancy(state: GolState): Int8Array {
  const occ = new Int8Array(CELLS);
  state.pieces.home.forEach((c, i) => (occ[c] = i + 1));
  state.pieces.away.forEach((c, i) => (occ[c] = -(i + 1)));
  return occ;
}

const cache = new WeakMap<GolState, Context>();

/** The context of the turn under way; the match must not be over. */
export function contextOf(state: GolState): Context {
  const cached = cache.get(state);
  if (cached) return cached;
  const turn = state.turn!;
  const used = new Array<boolean>(PIECES + 1).fill(false);
  let lastSecondary = PIECES + 1;
  let secondaryMade = 0;
  for (const a of turn.actions) {
    used[a.piece] = true;
    if (a.tempo > MAIN_TEMPOS) {
      lastSecondary = a.piece;
      secondaryMade++;
    }
  }
  const frozen = new Array<boolean>(PIECES + 1).fill(false);
  for (const n of state.frozen[turn.side]) frozen[n] = true;
  const ctx: Context = {
    state,
    turn,
    side: turn.side,
    opp: other(turn.side),
    role: turn.role,
    tempo: turn.tempo,
    main: turn.tempo < MAIN_TEMPOS,
    occ: occupancy(state),
    ball: state.ball,
    own: state.pieces[turn.side],
    theirs: state.pieces[other(turn.side)],
    used,
    frozen,
    lastSecondary,
    secondaryMade,
    memo: {},
  };
  cache.set(state, ctx);
  return ctx;
}
