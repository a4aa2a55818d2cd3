import { rulesOf } from "./rules.js";
import { FIRST_RULES_VERSION, isRulesetId, rulesAt } from "../engine/registry.js";
import type { Result, RuleError } from "../engine/result.js";
import { dueToAct, sideIndexOf } from "./acting.js";
import { startClock, tickClock } from "./clock.js";
import type { MatchEvent } from "./events.js";
import { upgradeOutcome } from "./outcome.js";
import { replayProblem } from "./replay-checks.js";
import { anonymousSeating, type SeatState } from "./seating.js";
import type { MatchState } from "./state.js";

/** A log that the engine refuses to replay is corrupt: that is a bug or tampering, never user input. */
export class CorruptLogError extends Error {
  constructor(event: MatchEvent, reason: string) {
    super(`event ${event.version} (${event.type}) cannot be applied: ${reason}`);
    this.name = "CorruptLogError";
  }
}

function must<T>(event: MatchEvent, result: Result<T, RuleError>): T {
  if (!result.ok) throw new CorruptLogError(event, `${result.error.reason}: ${result.error.message}`);
  return result.value;
}

type LaterEvent = Exclude<MatchEvent, { type: "MatchCreated" }>;

/** The game after `event`, as the ruleset computes it; the match layer's own events leave it as it is. */
function gameAfter(state: MatchState, event: LaterEvent): unknown {
  const ruleset = rulesOf(state);
  switch (event.type) {
    case "DiceRolled":
      if (ruleset.dice === "none") throw new CorruptLogError(event, `${state.ruleset} has no dice`);
      if (event.data.n !== state.rolls) throw new CorruptLogError(event, `expected roll ${state.rolls}`);
      return must(event, ruleset.applyDice(state.game, event.data.values)).state;
    case "MovePlayed": {
      // Rules see only moves their schema accepts, on replay as on a live command.
      const move = ruleset.moveSchema.safeParse(event.data.move);
      if (!move.success) throw new CorruptLogError(event, `the move does not fit ${state.ruleset}'s schema`);
      return must(event, ruleset.play(state.game, event.data.seat, move.data)).state;
    }
    case "TurnPassed":
      return must(event, ruleset.pass(state.game)).state;
    case "ResignationAccepted":
      if (!ruleset.concede) throw new CorruptLogError(event, `${state.ruleset} has no resignation values`);
      return must(event, ruleset.concede(state.game, event.data.resigned, event.data.value)).state;
    case "SeatJoined":
    case "DrawOffered":
    case "DrawDeclined":
    case "DrawAccepted":
    case "ResignationOffered":
    case "ResignationDeclined":
    case "Resigned":
    case "TimedOut":
    case "Aborted":
    case "MatchFinished":
      return state.game;
    default: {
      const never: never = event;
      throw new Error(`unknown event ${JSON.stringify(never)}`);
    }
  }
}

/** A standing offer lapses when a seat of another side rolls or moves instead of answering it. */
function offerAfterPlay(state: MatchState, seat: number): MatchState["offer"] {
  const { offer } = state;
  return offer && sideIndexOf(state, offer.seat) !== sideIndexOf(state, seat) ? null : offer;
}

function withSeat(seating: readonly SeatState[], seat: number, value: SeatState): SeatState[] {
  return seating.map((s, i) => (i === seat ? value : s));
}

/** The match after the event, before its clock is told who acts next. */
function matchAfter(state: MatchState, event: LaterEvent, game: unknown): MatchState {
  const next = { ...state, version: event.version, updatedAt: event.at, game };
  switch (event.type) {
    case "SeatJoined":
      return { ...next, seating: withSeat(state.seating, event.data.seat, { player: event.data.player, open: null }) };
    case "DiceRolled":
      return { ...next, status: "ACTIVE", rolls: state.rolls + 1, offer: offerAfterPlay(state, event.data.seat) };
    case "MovePlayed":
      return {
        ...next,
        status: "ACTIVE",
        moved: state.moved.map((m, seat) => m || seat === event.data.seat),
        offer: offerAfterPlay(state, event.data.seat),
      };
    case "DrawOffered":
      return { ...next, offer: { kind: "draw", seat: event.data.seat } };
    case "ResignationOffered":
      return { ...next, offer: { kind: "resignation", seat: event.data.seat, value: event.data.value } };
    case "DrawDeclined":
    case "DrawAccepted":
    case "ResignationDeclined":
    case "ResignationAccepted":
      return { ...next, offer: null };
    case "TurnPassed":
    case "Resigned":
    case "TimedOut":
    case "Aborted":
      return next;
    case "MatchFinished": {
      const outcome = upgradeOutcome(event.data.outcome, rulesOf(state).sides(game));
      return { ...next, status: "FINISHED", outcome, diceSeed: event.data.diceSeed, offer: null };
    }
  }
}

/**
 * The match after `event`, given the game the event leads to. `decide` calls this with the game
 * it has just computed, so a command runs the rules once; replay computes the game first.
 */
export function advance(state: MatchState, event: LaterEvent, game: unknown): MatchState {
  const next = matchAfter(state, event, game);
  return next.clock ? { ...next, clock: tickClock(next.clock, dueToAct(next), event.at) } : next;
}

function created(event: Extract<MatchEvent, { type: "MatchCreated" }>): MatchState {
  const { matchId, ruleset: id, options, seats, diceCommitment, timeControl, open, players } = event.data;
  if (!isRulesetId(id)) throw new CorruptLogError(event, `unknown ruleset ${id}`);
  const rulesVersion = event.data.rulesVersion ?? FIRST_RULES_VERSION;
  // Throws UnknownRulesVersionError rather than replaying the match under rules it was not played by.
  const ruleset = rulesAt(id, rulesVersion);
  const parsed = ruleset.optionsSchema.safeParse(options);
  if (!parsed.success) throw new CorruptLogError(event, `the options do not fit ${id}'s schema`);
  const game = must(event, ruleset.setup({ options: parsed.data, seats }));
  let seating = anonymousSeating(seats);
  for (const { seat, expiresAt, reservedFor } of open ?? []) seating = withSeat(seating, seat, { player: null, open: { expiresAt, reservedFor: reservedFor ?? null } });
  for (const { seat, player } of players ?? []) seating = withSeat(seating, seat, { player, open: null });
  const state: MatchState = {
    id: matchId,
    ruleset: id,
    rulesVersion,
    options,
    seats,
    version: event.version,
    createdAt: event.at,
    updatedAt: event.at,
    status: "WAITING",
    rolls: 0,
    diceCommitment,
    game,
    outcome: null,
    diceSeed: null,
    seating,
    clock: timeControl ? startClock(timeControl, seats) : null,
    moved: Array.from({ length: seats }, () => false),
    offer: null,
  };
  return state.clock ? { ...state, clock: tickClock(state.clock, dueToAct(state), event.at) } : state;
}

/** Applies one committed event. Pure: the same log always rebuilds the same state. */
export function evolve(state: MatchState | null, event: MatchEvent): MatchState {
  if (event.type === "MatchCreated") {
    if (state) throw new CorruptLogError(event, "match already created");
    return created(event);
  }
  if (!state) throw new CorruptLogError(event, "match not created");
  if (event.version !== state.version + 1) throw new CorruptLogError(event, `expected version ${state.version + 1}`);
  const problem = replayProblem(state, event);
  if (problem) throw new CorruptLogError(event, problem);
  return advance(state, event, gameAfter(state, event));
}

export const replay = (events: readonly MatchEvent[], from: MatchState | null = null): MatchState =>
  events.reduce<MatchState | null>(evolve, from) ?? (() => { throw new Error("empty log"); })();
