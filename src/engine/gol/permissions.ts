import { MAIN_TEMPOS, type Context } from "./context.js";
import type { Reason } from "./errors.js";
import { adjacent, chebyshev, REACH } from "./field.js";
import { TEMPOS, type PieceAction } from "./moves.js";
import { NUMBERS } from "./sides.js";
import { hasTarget } from "./targets.js";

/** Why a piece may not make an action now: a reason code and a sentence. */
export type Refusal = readonly [Reason, string];

const PIECE_ACTIONS: readonly PieceAction[] = ["move", "kick", "push", "trip"];

interface Skip {
  /** Ignore the nearest-piece rule (used to find the nearest pieces themselves). */
  readonly nearest?: boolean;
  /** Ignore the secondary minimum (used to find which moves meet it). */
  readonly dodge?: boolean;
}

/** The highest number among the attacking pieces touching the ball (0 when none touches): a counter-kick must match it (17.5). */
export function highestAttackingToucher(ctx: Context): number {
  let high = 0;
  ctx.theirs.forEach((c, i) => {
    if (adjacent(c, ctx.ball)) high = Math.max(high, i + 1);
  });
  return high;
}

/** A dribble needs the kicker strictly nearer to the ball than every opposing piece (17.1). */
export function strictlyNearest(ctx: Context, n: number): boolean {
  const d = chebyshev(ctx.own[n - 1]!, ctx.ball);
  return ctx.theirs.every((c) => chebyshev(c, ctx.ball) > d);
}

/**
 * Whether piece `n` of the side to act may make an action of this kind now, whatever its
 * destination; null = it may. This is the one statement of the turn rules (the destinations are
 * in targets.ts): who has acted, frozen pieces, the main and secondary parts, the defensive first
 * tempo, tackles, dribbles and chases, the secondary order and minimum.
 */
export function refusal(ctx: Context, n: number, kind: PieceAction, skip: Skip = {}): Refusal | null {
  if (ctx.frozen[n]) return ["PIECE_FROZEN", `piece ${n} was tripped and sits out this turn`];
  const cell = ctx.own[n - 1]!;
  if (!ctx.main) {
    if (kind !== "move") return ["MAIN_PART_ONLY", `the secondary part (tempos 5-14) allows moves only, no ${kind}`];
    if (ctx.used[n]) return ["PIECE_USED", `piece ${n} has made its action this turn`];
    if (n >= ctx.lastSecondary) return ["SECONDARY_ORDER", `secondary tempos go by descending numbers: after ${ctx.lastSecondary} only lower numbers move`];
    if (adjacent(cell, ctx.ball)) return ["NEXT_TO_BALL", `piece ${n} stands next to the ball and may not move in the secondary part`];
    if (!skip.dodge && !dodgeAllows(ctx, n)) {
      return ["MINIMUM_DODGED", `moving ${n} now would leave too few lower numbers to make the ${ctx.state.minSecondary} secondary tempos; move a higher number first`];
    }
    return null;
  }
  const twoTempos = TEMPOS[kind] === 2;
  if (ctx.used[n]) {
    const turn = ctx.turn;
    if (kind === "move" && ctx.role === "defence" && turn.chaser === n && ctx.tempo < MAIN_TEMPOS) return null;
    if (kind === "kick" && ctx.role === "attack" && turn.dribbler === n && ctx.tempo === 2) {
      if (chebyshev(cell, ctx.ball) > REACH) return ["BALL_OUT_OF_REACH", `the ball is more than ${REACH} from piece ${n}`];
      return strictlyNearest(ctx, n) ? null : ["DRIBBLE_CONTESTED", `piece ${n} may dribble only while strictly nearer to the ball than every opponent`];
    }
    return ["PIECE_USED", `piece ${n} has made its action this turn`];
  }
  if (twoTempos && ctx.tempo > MAIN_TEMPOS - 2) return ["NO_TEMPOS_LEFT", `a ${kind} takes 2 tempos and must start at tempo 3 or earlier`];
  if (kind === "kick") {
    if (chebyshev(cell, ctx.ball) > REACH) return ["BALL_OUT_OF_REACH", `the ball is more than ${REACH} from piece ${n}`];
    if (ctx.role === "defence") {
      if (ctx.tempo > 0) return ["NOT_A_TACKLE", "a defensive turn kicks only as the tackle of its first tempo"];
      const high = highestAttackingToucher(ctx);
      if (high > n) return ["COUNTER_KICK_TOO_WEAK", `a counter-kick needs a number of at least ${high}, the highest attacking piece touching the ball`];
    }
  }
  if (ctx.role === "defence" && ctx.tempo === 0 && !skip.nearest && !nearestPieces(ctx).has(n)) {
    return ["NOT_NEAREST", `the first tempo of a defensive turn belongs to the piece nearest to the ball (${[...nearestPieces(ctx)].join(" or ")})`];
  }
  return null;
}

/** Whether the piece has some action it may make, somewhere. */
export function canAct(ctx: Context, n: number, skip: Skip = {}): boolean {
  const cell = ctx.own[n - 1]!;
  return PIECE_ACTIONS.some((kind) => refusal(ctx, n, kind, skip) === null && hasTarget(ctx, cell, kind));
}

/**
 * The pieces that may make a defensive turn's first tempo: the nearest to the ball among those
 * that are not frozen and have some action (17.26; ties: any of them, 17.28).
 */
export function nearestPieces(ctx: Context): ReadonlySet<number> {
  if (ctx.memo.nearest) return ctx.memo.nearest;
  let best = Infinity;
  let set: number[] = [];
  const byDistance = NUMBERS.map((n) => ({ n, d: chebyshev(ctx.own[n - 1]!, ctx.ball) })).sort((a, b) => a.d - b.d);
  for (const { n, d } of byDistance) {
    if (d > best) break;
    if (!canAct(ctx, n, { nearest: true })) continue;
    best = d;
    set.push(n);
  }
  if (best === Infinity) set = [];
  ctx.memo.nearest = new Set(set);
  return ctx.memo.nearest;
}

/**
 * The secondary minimum cannot be dodged by moving a low number first: while fewer than
 * `minSecondary` secondary tempos are made, piece n may move only if enough lower numbers remain
 * eligible (not used, not frozen, not next to the ball) to complete the minimum; unless no
 * secondary move meets that, in which case any legal one is allowed. Null = no restriction.
 */
function dodgeSet(ctx: Context): ReadonlySet<number> | null {
  if (ctx.memo.dodge !== undefined) return ctx.memo.dodge;
  const need = ctx.state.minSecondary - ctx.secondaryMade;
  let result: ReadonlySet<number> | null = null;
  if (need > 0) {
    const eligible = (m: number): boolean => !ctx.used[m] && !ctx.frozen[m] && !adjacent(ctx.own[m - 1]!, ctx.ball);
    const meets = new Set<number>();
    let below = 0;
    // Ascending, so `below` counts the eligible numbers under n.
    for (const n of NUMBERS) {
      if (below >= need - 1) meets.add(n);
      if (eligible(n)) below++;
    }
    const anyMeets = [...meets].some((n) => refusal(ctx, n, "move", { dodge: true }) === null && hasTarget(ctx, ctx.own[n - 1]!, "move"));
    result = anyMeets ? meets : null;
  }
  ctx.memo.dodge = result;
  return result;
}

const dodgeAllows = (ctx: Context, n: number): boolean => dodgeSet(ctx)?.has(n) ?? true;

/**
 * Why `endTurn` is not legal now (null = it is): the main part must be made while any action
 * exists; after it, the secondary minimum while any secondary move exists.
 */
export function endTurnRefusal(ctx: Context): Refusal | null {
  const anyAction = NUMBERS.some((n) => canAct(ctx, n));
  if (ctx.main) return anyAction ? ["MAIN_PART_UNFINISHED", `the 4 main tempos are mandatory (${ctx.tempo} made)`] : null;
  if (ctx.secondaryMade >= ctx.state.minSecondary || !anyAction) return null;
  return ["SECONDARY_MINIMUM", `at least ${ctx.state.minSecondary} secondary tempos are due while secondary moves remain (${ctx.secondaryMade} made)`];
}
