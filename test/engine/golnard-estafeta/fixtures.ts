import { playNow, movesNow } from "../../support/engine.js";
import { expect } from "vitest";
import type { Bot } from "../../../src/engine/common/bot.js";
import type { MatchEvent } from "../../../src/match/events.js";
import { botChooser, type Playout, playout } from "../../../src/match/playout.js";
import { cellOf, type Cell, type Lane } from "../../../src/engine/golnard-estafeta/board.js";
import type { EstafetaMove, Variant } from "../../../src/engine/golnard-estafeta/options.js";
import { golnardEstafeta as rules } from "../../../src/engine/golnard-estafeta/ruleset.js";
import type { EstafetaState, TokenState, TokenStatus } from "../../../src/engine/golnard-estafeta/state.js";

export { rules };
export type XY = readonly [number, number];
export const at = ([x, y]: XY): Cell => cellOf(x, y);

/** A token override: where it stands (null = finished), its state (default: active) and lap. */
export type TokenSpec = readonly [XY | null, TokenStatus?, number?];

export interface PositionSpec {
  readonly variant?: Variant;
  readonly lanes: readonly Lane[];
  /** tokens[team] = overrides for A, B, C, D (undefined keeps the start position). */
  readonly tokens?: { readonly [team: number]: readonly (TokenSpec | undefined)[] };
  readonly progress?: readonly number[];
  readonly toMove?: number;
  /** Dice of the turn in progress; omitted = the mover must roll. */
  readonly dice?: readonly [number, number];
  /** Extra cells each token of the mover entered earlier this turn (its start cell is added). */
  readonly visited?: { readonly [token: number]: readonly XY[] };
  readonly turns?: number;
  readonly maxRounds?: number;
}

/** Builds a position in the `play` stage from a freshly set-up match, for focused rule tests. */
export function position(spec: PositionSpec): EstafetaState {
  const setup = rules.setup({ options: rules.optionsSchema.parse({ variant: spec.variant ?? "sprint", lanes: [...spec.lanes], ...(spec.maxRounds ? { maxRounds: spec.maxRounds } : {}) }) });
  if (!setup.ok) throw new Error(setup.error.message);
  const base = setup.value;
  const tokens = base.tokens.map((list, team) =>
    list.map((t, i): TokenState => {
      const o = spec.tokens?.[team]?.[i];
      if (!o) return t;
      const [xy, status, lap] = o;
      return { cell: xy === null ? null : at(xy), status: status ?? (xy === null ? "finished" : "active"), lap: lap ?? t.lap };
    }),
  );
  const toMove = spec.toMove ?? 0;
  const state: EstafetaState = {
    ...base,
    stage: "play",
    tied: [],
    tokens,
    progress: spec.progress ? [...spec.progress] : base.progress,
    toMove,
    turns: spec.turns ?? 0,
    dice: spec.dice ? [spec.dice[0], spec.dice[1]] : null,
    visited: spec.dice ? tokens[toMove]!.map((t, i) => [...(spec.visited?.[i] ?? []).map(at), ...(t.cell === null ? [] : [t.cell])]) : [],
  };
  return state;
}

export const move = (token: EstafetaMove["token"], die: EstafetaMove["die"], to: XY | "finish", extra: { points?: number; path?: readonly XY[] } = {}): EstafetaMove => ({
  token,
  die,
  to: to === "finish" ? "finish" : { x: to[0], y: to[1] },
  ...(extra.points !== undefined ? { points: extra.points } : {}),
  ...(extra.path ? { path: extra.path.map(([x, y]) => ({ x, y })) } : {}),
});

/** The form of an accepted action the log records (canonical die, points and route). */
export function recordedMove(state: EstafetaState, m: EstafetaMove): EstafetaMove {
  const r = rules.play(state, state.toMove, m);
  if (!r.ok) throw new Error(`${JSON.stringify(m)} refused: ${r.error.reason} ${r.error.message}`);
  return r.value.move;
}

export function played(state: EstafetaState, m: EstafetaMove): EstafetaState {
  const r = playNow(rules, state, m);
  if (!r.ok) throw new Error(`${JSON.stringify(m)} refused: ${r.error.reason} ${r.error.message}`);
  return r.value;
}

export function refusal(state: EstafetaState, m: EstafetaMove): string {
  const r = playNow(rules, state, m);
  expect(r.ok, `${JSON.stringify(m)} should be refused`).toBe(false);
  return r.ok ? "" : r.error.reason;
}

/** A comparable key of an action: token, die, destination, points. */
export const key = (m: EstafetaMove): string => `${m.token} ${m.die} ${m.to === "finish" ? "finish" : `${m.to.x},${m.to.y}`} ${m.points ?? "?"}`;
export const keys = (moves: readonly EstafetaMove[]): string[] => moves.map(key).sort();
export const legalKeys = (state: EstafetaState): string[] => keys(movesNow<EstafetaMove>(rules, state));

export const cellOfToken = (state: EstafetaState, team: number, token: number): XY | null => {
  const c = state.tokens[team]![token]!.cell;
  return c === null ? null : [c % 12, Math.floor(c / 12)];
};
export const statusOf = (state: EstafetaState, team: number, token: number): TokenStatus => state.tokens[team]![token]!.status;

/**
 * A whole relay between progress bots through the one playout driver (the match layer's own
 * rules for passes and the end). `check` sees the relay state after every command, and its events.
 */
export function botGame(
  options: Record<string, unknown>,
  diceSeed: number,
  bot: Bot<EstafetaState, EstafetaMove>,
  check: (state: EstafetaState, events: readonly MatchEvent[]) => void = () => {},
): Playout {
  return playout({ ruleset: "golnard-estafeta", options, seed: diceSeed, choose: botChooser(bot), check: (s, events) => check(s.game as EstafetaState, events) });
}
