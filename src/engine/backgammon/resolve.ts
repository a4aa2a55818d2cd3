import { err, ok, type Result, type RuleError } from "../result.js";
import { OFF_POINT, parseMove, type Segment } from "./notation.js";
import { diceToPlay, diceUsed, isDoubles, playKey, type Play } from "./plays.js";
import { BAR, toBuffer, type Position } from "./position.js";
import { doStep, stepRefusal, undoStep, type StepRefusal } from "./step.js";

/** One way to realise a written move with single-die steps. */
interface Realisation {
  readonly key: string;
  /** A blot was hit on a point the text does not mention (canonical notation always would). */
  readonly hiddenHit: boolean;
  readonly dice: readonly number[];
}

const notLegal = (message: string): Result<never, RuleError> => err({ reason: "NOT_A_LEGAL_PLAY", message });

const pointText = (index: number): string => (index === BAR ? "the bar" : `point ${index + 1}`);

/**
 * Finds the legal play a written move means. A move is legal iff its parts can be realised as
 * single-die steps with the rolled dice (in some order, each step legal when it is made) and the
 * resulting position is one of the legal plays' positions. If a text could mean two different
 * legal positions (`24/13` past two blots), the reading without hits on unwritten points wins,
 * as in the canonical notation; otherwise it is refused as ambiguous.
 */
export function resolveMove(
  pos: Position,
  dice: readonly [number, number],
  plays: readonly Play[],
  text: string,
): Result<Play, RuleError> {
  const parsed = parseMove(text);
  if (!parsed.ok) return parsed;
  const byKey = new Map(plays.map((p) => [p.key, p]));
  if (plays.length === 0) return notLegal("no play is possible with this roll; the turn passes");

  const { realisations, refusal } = realise(pos, dice, parsed.value);
  const legal = realisations.filter((r) => byKey.has(r.key));
  if (legal.length === 0) return notLegal(explain(pos, dice, plays, parsed.value, realisations, refusal));
  const keys = new Set(legal.map((r) => r.key));
  if (keys.size > 1) {
    const plain = new Set(legal.filter((r) => !r.hiddenHit).map((r) => r.key));
    if (plain.size !== 1) {
      return err({ reason: "AMBIGUOUS_PLAY", message: `"${text}" could mean several plays; write the intermediate points` });
    }
    return ok(byKey.get([...plain][0]!)!);
  }
  return ok(byKey.get([...keys][0]!)!);
}

interface Chain {
  /** Buffer indices: 0..23 points, 24 bar, -1 off. */
  readonly path: readonly number[];
  hop: number;
  at: number;
}

function realise(
  pos: Position,
  dice: readonly [number, number],
  segments: readonly Segment[],
): { realisations: Realisation[]; refusal: { why: StepRefusal; at: number } | null } {
  const b = toBuffer(pos);
  const written = new Set<number>();
  const chains: Chain[] = [];
  for (const s of segments) {
    const path = s.path.map((p) => (p === OFF_POINT ? -1 : p - 1));
    path.forEach((p) => written.add(p));
    for (let n = 0; n < s.count; n++) chains.push({ path, hop: 1, at: path[0]! });
  }
  const available = diceToPlay(dice);
  const used = available.map(() => false);
  const usedDice: number[] = [];
  const seen = new Map<string, Realisation>();
  let refusal: { why: StepRefusal; at: number } | null = null;
  let hiddenHits = 0;
  let hitMask = 0;
  // Refusals that explain the most to a player win when several occur.
  const rank: Record<StepRefusal, number> = { BAR_FIRST: 5, BLOCKED: 4, HIGHER_CHECKER: 3, NOT_ALL_HOME: 2, NO_CHECKER: 1 };

  const search = (): void => {
    if (chains.every((c) => c.hop === c.path.length)) {
      const key = playKey(b, hitMask);
      const previous = seen.get(key);
      if (!previous || (previous.hiddenHit && hiddenHits === 0)) {
        seen.set(key, { key, hiddenHit: hiddenHits > 0, dice: [...usedDice] });
      }
      return;
    }
    for (const chain of chains) {
      if (chain.hop === chain.path.length) continue;
      const target = chain.path[chain.hop]!;
      const tried = new Set<number>();
      for (let d = 0; d < available.length; d++) {
        const die = available[d]!;
        if (used[d] || tried.has(die)) continue;
        tried.add(die);
        const to = chain.at - die;
        if (target >= 0 ? to < target : false) continue;
        const why = stepRefusal(b, chain.at, die);
        if (why) {
          if (!refusal || rank[why] > rank[refusal.why]) refusal = { why, at: why === "BLOCKED" ? to : chain.at };
          continue;
        }
        const from = chain.at;
        const hop = chain.hop;
        const hit = doStep(b, from, die);
        const hidden = hit && !written.has(to);
        if (hidden) hiddenHits++;
        if (hit) hitMask |= 1 << to;
        used[d] = true;
        usedDice.push(die);
        chain.at = to < 0 ? -1 : to;
        if (chain.at === target) chain.hop++;
        search();
        chain.hop = hop;
        chain.at = from;
        usedDice.pop();
        used[d] = false;
        if (hidden) hiddenHits--;
        if (hit) hitMask &= ~(1 << to);
        undoStep(b, from, die, hit);
      }
    }
  };
  search();
  return { realisations: [...seen.values()], refusal };
}

/** A short reason for a refused play, from what was cheaply learnt while trying to realise it. */
function explain(
  pos: Position,
  dice: readonly [number, number],
  plays: readonly Play[],
  segments: readonly Segment[],
  realisations: readonly Realisation[],
  refusal: { why: StepRefusal; at: number } | null,
): string {
  const max = diceUsed(plays);
  if (realisations.length > 0) {
    const most = Math.max(...realisations.map((r) => r.dice.length));
    if (most < max) return max === 2 ? "must use both dice" : `must use ${max} dice (as many as possible)`;
    if (max === 1 && !isDoubles(dice)) {
      const high = Math.max(...dice);
      if (realisations.every((r) => r.dice[0] !== high)) return `only one die can be played: it must be the larger (${high})`;
    }
    return "not one of the legal plays";
  }
  if ((pos.onRoll[BAR] ?? 0) > 0 && refusal?.why === "BAR_FIRST") return "must enter from the bar first";
  // A step refused on the way (a block, say) is beside the point when no order of these dice
  // could make the written distances on any board.
  if (!diceCanMake(diceToPlay(dice), segments)) return `the dice rolled (${dice.join("-")}) cannot make that play`;
  if (refusal) {
    switch (refusal.why) {
      case "BLOCKED":
        return `${pointText(refusal.at)} is blocked`;
      case "HIGHER_CHECKER":
        return "a die larger than needed bears off only from the highest occupied point";
      case "NOT_ALL_HOME":
        return "cannot bear off until all checkers are in the home board";
      case "NO_CHECKER":
        return `no checker on ${pointText(refusal.at)}`;
      case "BAR_FIRST":
        return "must enter from the bar first";
    }
  }
  return "the rolled dice do not make that move";
}

/**
 * Whether some of the dice, board aside, add up to every written hop: each hop exactly, except
 * that bearing off may overshoot. Four dice at most, so trying every order is cheap.
 */
function diceCanMake(dice: readonly number[], segments: readonly Segment[]): boolean {
  const hops: { pips: number; off: boolean }[] = [];
  for (const s of segments) {
    for (let n = 0; n < s.count; n++) {
      for (let k = 1; k < s.path.length; k++) hops.push({ pips: s.path[k - 1]! - s.path[k]!, off: s.path[k] === OFF_POINT });
    }
  }
  const used = dice.map(() => false);
  const fill = (hop: number, left: number): boolean => {
    if (left === 0 || (left < 0 && hops[hop]!.off)) return hop + 1 === hops.length || fill(hop + 1, hops[hop + 1]!.pips);
    if (left < 0) return false;
    for (let d = 0; d < dice.length; d++) {
      if (used[d]) continue;
      used[d] = true;
      const made = fill(hop, left - dice[d]!);
      used[d] = false;
      if (made) return true;
    }
    return false;
  };
  return hops.length > 0 && hops.every((h) => h.pips > 0) && fill(0, hops[0]!.pips);
}
