import { getRuleset, isRulesetId, RULESETS } from "../engine/registry.js";
import type { AnyRuleset, Json, Note } from "../engine/ruleset.js";
import { err, ok, type Result, type RuleError } from "../engine/result.js";
import type { ErrorCode } from "../errors.js";
import { describeIssues } from "../input-issues.js";
import type { Command, DecideContext } from "./commands.js";
import type { MatchEvent, NewEvent } from "./events.js";
import { advance, evolve } from "./evolve.js";
import { toOutcome } from "./outcome.js";
import type { MatchState } from "./state.js";

export interface Rejection {
  readonly code: ErrorCode;
  readonly message: string;
  readonly details?: Record<string, unknown>;
}
const reject = (code: ErrorCode, message: string, details?: Record<string, unknown>): Result<never, Rejection> =>
  err({ code, message, ...(details ? { details } : {}) });

/** What a command produces: its events, numbered and timed, and the match after them. */
export interface Decision {
  readonly events: readonly MatchEvent[];
  readonly state: MatchState;
}

/** A pass can hand the turn to a seat that must pass too; no ruleset chains more than a few. */
const MAX_FOLLOW_UPS = 16;

/**
 * Decides which events a command produces and the state they lead to, running the rules once:
 * one `play` (or `applyDice`), then a cheap `mustPass` for the automatic follow-ups. Pure: time,
 * ids and dice come in as arguments.
 */
export function decide(command: Command, state: MatchState | null, ctx: DecideContext): Result<Decision, Rejection> {
  switch (command.type) {
    case "CreateMatch":
      return createMatch(command, ctx);
    case "RollDice":
      return state ? rollDice(command, state, ctx) : reject("NOT_FOUND", "no such match");
    case "SubmitMove":
      return state ? submitMove(command, state, ctx) : reject("NOT_FOUND", "no such match");
    default: {
      const never: never = command;
      throw new Error(`unknown command ${JSON.stringify(never)}`);
    }
  }
}

function createMatch(command: Extract<Command, { type: "CreateMatch" }>, ctx: DecideContext): Result<Decision, Rejection> {
  if (!isRulesetId(command.ruleset)) {
    return reject("BAD_USER_INPUT", `unknown ruleset "${command.ruleset}"; known: ${RULESETS.join(", ")}`);
  }
  const ruleset = getRuleset(command.ruleset);
  const options = ruleset.optionsSchema.safeParse(command.options ?? {});
  if (!options.success) {
    const { message, issues } = describeIssues(options.error, `invalid options for ${command.ruleset}`);
    return reject("BAD_USER_INPUT", message, { issues });
  }
  const game = ruleset.setup({ options: options.data, seats: command.seats });
  if (!game.ok) return reject("BAD_USER_INPUT", game.error.message, { reason: game.error.reason });
  const seats = ruleset.sides(game.value).reduce((n, side) => n + side.seats.length, 0);
  const event: MatchEvent = {
    version: 1,
    at: ctx.at,
    type: "MatchCreated",
    data: { matchId: command.matchId, ruleset: command.ruleset, options: options.data, seats, diceCommitment: command.diceCommitment },
  };
  return ok({ events: [event], state: evolve(null, event) });
}

/** Notes ride on an event only when there are some, so a log without notes reads as before. */
const withNotes = (notes: readonly Note[]): { notes?: Note[] } => (notes.length > 0 ? { notes: [...notes] } : {});

const seatsText = (seats: readonly number[]): string => seats.join(" or ");

function rollDice(command: Extract<Command, { type: "RollDice" }>, state: MatchState, ctx: DecideContext): Result<Decision, Rejection> {
  const ruleset = getRuleset(state.ruleset);
  if (ruleset.dice === "none") return reject("NO_DICE_IN_RULESET", `${state.ruleset} is played without dice: submit a move`);
  const turn = ruleset.turn(state.game);
  if (turn.phase === "over" || state.status === "FINISHED") return reject("MATCH_FINISHED", "the match is over");
  if (!turn.seats.includes(command.seat)) {
    return reject("NOT_YOUR_TURN", `seat ${seatsText(turn.seats)} is to ${turn.phase}`, { toMove: turn.seats[0], toAct: [...turn.seats] });
  }
  if (turn.phase === "move") {
    if (ruleset.diceLeft(state.game) !== null) return reject("ALREADY_ROLLED", "the dice are rolled; submit a move");
    return reject("DICE_NOT_DUE", `no dice are due now (${turn.awaiting}): submit a move`, { awaiting: turn.awaiting });
  }
  const values = ctx.roll(state.rolls, turn.count);
  const rolled = ruleset.applyDice(state.game, values);
  if (!rolled.ok) throw new Error(`the server's roll was refused: ${rolled.error.reason} ${rolled.error.message}`);
  const data = { seat: command.seat, n: state.rolls, values, ...withNotes(rolled.value.notes) };
  return withFollowUps(ruleset, state, [{ type: "DiceRolled", data }], rolled.value.state, ctx);
}

/** Which API code a ruleset's refusal of a move maps to; everything else is an illegal move. */
const REASON_CODES: Readonly<Record<string, ErrorCode>> = {
  NO_DICE: "DICE_NOT_ROLLED",
  NOT_YOUR_TURN: "NOT_YOUR_TURN",
  UNPARSEABLE_MOVE: "BAD_USER_INPUT",
  GAME_OVER: "MATCH_FINISHED",
};
const refusal = (error: RuleError): Result<never, Rejection> => reject(REASON_CODES[error.reason] ?? "ILLEGAL_MOVE", error.message, { reason: error.reason });

function submitMove(command: Extract<Command, { type: "SubmitMove" }>, state: MatchState, ctx: DecideContext): Result<Decision, Rejection> {
  const ruleset = getRuleset(state.ruleset);
  const turn = ruleset.turn(state.game);
  if (turn.phase === "over" || state.status === "FINISHED") return reject("MATCH_FINISHED", "the match is over");
  if (!turn.seats.includes(command.seat)) {
    return reject("NOT_YOUR_TURN", `seat ${seatsText(turn.seats)} is to ${turn.phase}`, { toMove: turn.seats[0], toAct: [...turn.seats] });
  }
  const parsed = ruleset.moveSchema.safeParse(command.move);
  if (!parsed.success) {
    const { message, issues } = describeIssues(parsed.error, `malformed move for ${state.ruleset}`);
    return reject("BAD_USER_INPUT", message, { issues });
  }
  const played = ruleset.play(state.game, command.seat, parsed.data);
  if (!played.ok) return refusal(played.error);
  const { move, notes, state: game } = played.value;
  const data = { seat: command.seat, move: move as Json, ...withNotes(notes) };
  return withFollowUps(ruleset, state, [{ type: "MovePlayed", data }], game, ctx);
}

/**
 * Numbers the command's event and appends what follows from it by itself: automatic passes
 * and the end of the match. The same rule drives every playout (match/playout.ts).
 */
function withFollowUps(ruleset: AnyRuleset, state: MatchState, primary: NewEvent[], game: unknown, ctx: DecideContext): Result<Decision, Rejection> {
  const events: MatchEvent[] = [];
  const push = (event: NewEvent, after: unknown): void => {
    const full = { ...event, version: current.version + 1, at: ctx.at } as Exclude<MatchEvent, { type: "MatchCreated" }>;
    current = advance(current, full, after);
    events.push(full);
  };
  let current = state;
  for (const event of primary) push(event, game);
  for (let i = 0; i < MAX_FOLLOW_UPS; i++) {
    const outcome = ruleset.outcome(current.game);
    if (outcome) {
      push({ type: "MatchFinished", data: { outcome: toOutcome(outcome, ruleset.sides(current.game)), diceSeed: ctx.diceSeed } }, current.game);
      return ok({ events, state: current });
    }
    const pass = ruleset.mustPass(current.game);
    if (!pass) return ok({ events, state: current });
    const passed = ruleset.pass(current.game);
    if (!passed.ok) throw new Error(`mustPass asked for a pass that pass refused: ${passed.error.reason}`);
    push({ type: "TurnPassed", data: { seat: pass.seat, reason: pass.reason, ...withNotes(passed.value.notes) } }, passed.value.state);
  }
  throw new Error(`more than ${MAX_FOLLOW_UPS} automatic events after one command`);
}
