import { rulesOf } from "./rules.js";
import type { AnyRuleset, RulesetOutcome } from "../engine/ruleset.js";
import { ok, type Result } from "../engine/result.js";
import type { DecideContext } from "./commands.js";
import type { MatchEvent, NewEvent } from "./events.js";
import { advance } from "./evolve.js";
import { type OutcomeReason, toOutcome } from "./outcome.js";
import type { Rejection } from "./rejection.js";
import type { MatchState } from "./state.js";

/** What a command produces: its events, numbered and timed, and the match after them. */
export interface Decision {
  readonly events: readonly MatchEvent[];
  readonly state: MatchState;
}

/** A pass can hand the turn to a seat that must pass too; no ruleset chains more than a few. */
const MAX_FOLLOW_UPS = 16;

/**
 * Numbers and times events after `state`, advancing it with the game each one leads to. A class,
 * not an object literal with a `current` getter: V8 then promoted everything such an object
 * reached (the events, the new state, its board) out of the young generation, as if the decision
 * outlived the command (on Node 24, 4.3 MB per scavenge of a decide loop, pauses of 15 ms instead
 * of 0.4), and every command paid for copying it and for collecting it again later.
 */
class Numberer {
  readonly events: MatchEvent[] = [];
  constructor(
    public current: MatchState,
    private readonly ctx: DecideContext,
  ) {}

  push(event: NewEvent, game: unknown): void {
    const full = { ...event, version: this.current.version + 1, at: this.ctx.at } as Exclude<MatchEvent, { type: "MatchCreated" }>;
    this.current = advance(this.current, full, game);
    this.events.push(full);
  }

  decision(): Result<Decision, Rejection> {
    return ok({ events: this.events, state: this.current });
  }
}

/**
 * Numbers the command's event and appends what follows from it by itself: automatic passes
 * and the end of the match, which the game reached by being played (or by a resignation the
 * ruleset scored: `reason`). The same rule drives every playout (match/playout.ts).
 */
export function withFollowUps(ruleset: AnyRuleset, state: MatchState, primary: NewEvent, game: unknown, ctx: DecideContext, reason: OutcomeReason = "played"): Result<Decision, Rejection> {
  const log = new Numberer(state, ctx);
  log.push(primary, game);
  for (let i = 0; i < MAX_FOLLOW_UPS; i++) {
    const { current } = log;
    const outcome = ruleset.outcome(current.game);
    if (outcome) {
      log.push({ type: "MatchFinished", data: { outcome: toOutcome(outcome, ruleset.sides(current.game), reason), diceSeed: ctx.diceSeed } }, current.game);
      return log.decision();
    }
    const pass = ruleset.mustPass(current.game);
    if (!pass) return log.decision();
    const passed = ruleset.pass(current.game);
    if (!passed.ok) throw new Error(`mustPass asked for a pass that pass refused: ${passed.error.reason}`);
    const notes = passed.value.notes.length > 0 ? { notes: [...passed.value.notes] } : {};
    log.push({ type: "TurnPassed", data: { seat: pass.seat, reason: pass.reason, ...notes } }, passed.value.state);
  }
  throw new Error(`more than ${MAX_FOLLOW_UPS} automatic events after one command`);
}

/** An event of the match layer that leaves the game as it is (an offer, a join, an answer). */
export function only(state: MatchState, event: NewEvent, ctx: DecideContext): Result<Decision, Rejection> {
  const log = new Numberer(state, ctx);
  log.push(event, state.game);
  return log.decision();
}

/** An event that ends the match without the game's own end (a resignation, a timeout, a draw, an abort), and MatchFinished. */
export function endingWith(state: MatchState, event: NewEvent, ending: RulesetOutcome & { reason: OutcomeReason }, ctx: DecideContext): Result<Decision, Rejection> {
  const log = new Numberer(state, ctx);
  log.push(event, state.game);
  const sides = rulesOf(state).sides(state.game);
  log.push({ type: "MatchFinished", data: { outcome: toOutcome(ending, sides, ending.reason), diceSeed: ctx.diceSeed } }, state.game);
  return log.decision();
}
