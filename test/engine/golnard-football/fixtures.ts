import { expect } from "vitest";
import { cellOf, pointOf, type Cell } from "../../../src/engine/golnard-football/board.js";
import { actingSeat } from "../../../src/engine/golnard-football/context.js";
import { withTurnMarks } from "../../../src/engine/golnard-football/flow.js";
import { actionKey, type FootballMove } from "../../../src/engine/golnard-football/move-schema.js";
import { golnardFootball as rules } from "../../../src/engine/golnard-football/ruleset.js";
import { tokenIndex, type FootballState, type Line, type Play, type Step, type TurnStage } from "../../../src/engine/golnard-football/state.js";
import type { Note } from "../../../src/engine/ruleset.js";
import type { SideIndex } from "../../../src/engine/common/home-away.js";

export { rules };
export type XY = readonly [number, number];
export const at = ([x, y]: XY): Cell => cellOf(x, y);
export const p = ([x, y]: XY) => ({ x, y });
export const xy = (c: Cell): XY => [pointOf(c).x, pointOf(c).y];

/** Home and away token numbers mapped to cells; `null` keeps the formation. */
export type Placement = { readonly [n: number]: XY };

export interface PositionSpec {
  readonly options?: Record<string, unknown>;
  readonly seats?: number;
  /**
   * Where the tokens not placed below stand: on their formations, or "bench": home field tokens
   * along the top touch line (x 0..9, y 0), away along the bottom one (x 19..10, y 9), out of the way
   * of most rule tests (and making nobody offside). Keepers stay on their formation cells.
   */
  readonly rest?: "formation" | "bench";
  readonly home?: Placement;
  readonly away?: Placement;
  readonly ball?: XY | null;
  /** A holder: the side to move's token number. */
  readonly holder?: number;
  readonly side?: "home" | "away";
  readonly seat?: number;
  readonly play?: Play;
  readonly step?: Step;
  readonly dice?: readonly [number, number];
  readonly used?: readonly [boolean, boolean];
  readonly actions?: number;
  readonly extra?: boolean;
  readonly line?: Line;
  readonly ballMoved?: boolean;
  /** Offside and forced-exit marks: computed as at the start of a turn unless given. */
  readonly offside?: readonly number[];
  readonly forced?: readonly number[];
  readonly kicker?: number;
  readonly counted?: readonly [number, number];
  readonly period?: number;
  readonly score?: readonly [number, number];
  readonly run?: number;
}

/** Builds a position in the middle of a turn from a freshly set-up match, for focused rule tests. */
export function position(spec: PositionSpec = {}): FootballState {
  const setup = rules.setup({ options: rules.optionsSchema.parse(spec.options ?? {}), seats: spec.seats });
  if (!setup.ok) throw new Error(setup.error.message);
  const base = setup.value;
  const side: SideIndex = spec.side === "away" ? 1 : 0;
  const tokens = base.formation.slice();
  if (spec.rest === "bench") {
    for (let n = 2; n <= 11; n++) {
      tokens[tokenIndex(0, n)] = cellOf(n - 2, 0);
      tokens[tokenIndex(1, n)] = cellOf(19 - (n - 2), 9);
    }
  }
  const placed = new Set<number>();
  ([0, 1] as const).forEach((s) => {
    const list = s === 0 ? spec.home : spec.away;
    for (const [n, c] of Object.entries(list ?? {})) {
      tokens[tokenIndex(s, Number(n))] = at(c);
      placed.add(tokenIndex(s, Number(n)));
    }
  });
  // An unplaced token standing where a placed one goes steps aside to the first free cell of
  // its own touch-line row (home from the top row down, away from the bottom row up).
  const taken = (c: Cell, self: number): boolean => tokens.some((o, j) => j !== self && o === c);
  tokens.forEach((c, i) => {
    if (placed.has(i) || !tokens.some((o, j) => j !== i && placed.has(j) && o === c)) return;
    for (let k = 0; k < 200; k++) {
      const spare = i < 11 ? k : 199 - k;
      if (!taken(spare, i) && (spare % 20 !== 0 && spare % 20 !== 19)) {
        tokens[i] = spare;
        return;
      }
    }
  });
  if (new Set(tokens).size !== 22) throw new Error("two tokens on one cell in the fixture");
  const perSide = base.perSide;
  const seat = spec.seat ?? side * perSide;
  const stage: TurnStage = {
    kind: "turn",
    side,
    seat,
    play: spec.play ?? "ordinary",
    extra: spec.extra ?? false,
    bonus: false,
    step: spec.step ?? (spec.dice ? "move" : "roll"),
    dice: spec.dice ? [...spec.dice] : null,
    used: spec.dice ? [...(spec.used ?? [false, false])] : [],
    actions: spec.actions ?? (spec.used ? spec.used.filter((u) => u).length : 0),
    offside: [],
    forced: [],
    line: spec.line ?? null,
    ballMoved: spec.ballMoved ?? false,
    kicker: spec.kicker === undefined ? null : tokenIndex(side, spec.kicker),
    reached: false,
    origin: null,
  };
  const ball = spec.ball === null ? null : spec.ball ? at(spec.ball) : spec.holder !== undefined ? tokens[tokenIndex(side, spec.holder)]! : cellOf(10, 5);
  let state: FootballState = {
    ...base,
    tokens,
    ball,
    holder: spec.holder === undefined ? null : tokenIndex(side, spec.holder),
    period: spec.period ?? 1,
    firstKick: 0,
    counted: spec.counted ?? [0, 0],
    turnsPlayed: spec.counted ?? [0, 0],
    score: spec.score ?? [0, 0],
    run: { side, length: spec.run ?? 1 },
    rotation: side === 0 ? [(seat + 1) % perSide, 0] : [0, (seat - perSide + 1) % perSide],
    stage,
  };
  state = withTurnMarks(state, []);
  const t = state.stage as TurnStage;
  state = {
    ...state,
    stage: {
      ...t,
      offside: spec.offside ? spec.offside.map((n) => tokenIndex(side, n)) : t.offside,
      forced: spec.forced ? spec.forced.map((n) => tokenIndex(side, n)) : t.forced,
    },
  };
  return state;
}

export const seatOf = (s: FootballState): number => actingSeat(s)!;
export const legal = (s: FootballState): FootballMove[] => rules.legalMoves(s, seatOf(s));
export const keys = (moves: readonly FootballMove[]): string[] => moves.map(actionKey).sort();
export const legalKeys = (s: FootballState): string[] => keys(legal(s));

export function playedFull(s: FootballState, m: FootballMove): { state: FootballState; move: FootballMove; notes: readonly Note[] } {
  const r = rules.play(s, seatOf(s), m);
  if (!r.ok) throw new Error(`${JSON.stringify(m)} refused: ${r.error.reason} ${r.error.message}`);
  return r.value;
}
export const played = (s: FootballState, m: FootballMove): FootballState => playedFull(s, m).state;
export const notesOf = (s: FootballState, m: FootballMove): string[] => playedFull(s, m).notes.map((n) => n.type);

export function refusal(s: FootballState, m: FootballMove, seat = seatOf(s)): string {
  const r = rules.play(s, seat, m);
  expect(r.ok, `${JSON.stringify(m)} should be refused`).toBe(false);
  return r.ok ? "" : r.error.reason;
}

/** Moves builders, in the API's JSON. */
export const walk = (token: number, die: number, to: XY, extra: { ball?: boolean; drop?: XY; path?: readonly XY[] } = {}): FootballMove => ({
  type: "walk",
  token,
  die,
  to: p(to),
  ...(extra.ball !== undefined ? { ball: extra.ball } : {}),
  ...(extra.drop ? { drop: p(extra.drop) } : {}),
  ...(extra.path ? { path: extra.path.map(p) } : {}),
});
export const kick = (token: number, die: number, direction: string): FootballMove => ({ type: "kick", token, die, direction }) as FootballMove;
export const walkKick = (token: number, die: number, stop: XY, length: number, direction: string): FootballMove =>
  ({ type: "walkKick", token, die, stop: p(stop), length, direction }) as FootballMove;
export const ballMove = (die: number, direction: string): FootballMove => ({ type: "ball", die, direction }) as FootballMove;

export const tokenAt = (s: FootballState, side: SideIndex, n: number): XY => xy(s.tokens[tokenIndex(side, n)]!);
export const stageOf = (s: FootballState): TurnStage => s.stage as TurnStage;
