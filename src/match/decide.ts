import { getRuleset, isRulesetId, RULESETS } from "../engine/registry.js";
import type { ErrorCode } from "../errors.js";
import { err, ok, type Result } from "../engine/result.js";
import type { Command, DecideContext } from "./commands.js";
import type { MatchEvent, NewEvent } from "./events.js";
import { evolve } from "./evolve.js";
import type { MatchState } from "./state.js";

export interface Rejection {
  readonly code: ErrorCode;
  readonly message: string;
  readonly details?: Record<string, unknown>;
}
const reject = (code: ErrorCode, message: string, details?: Record<string, unknown>): Result<never, Rejection> =>
  err({ code, message, ...(details ? { details } : {}) });

/** A pass can hand the turn to a seat that must pass too; no ruleset chains more than a few. */
const MAX_FOLLOW_UPS = 16;

/** Decides which events a command produces. Pure: time, ids and dice come in as arguments. */
export function decide(command: Command, state: MatchState | null, ctx: DecideContext): Result<NewEvent[], Rejection> {
  switch (command.type) {
    case "CreateMatch":
      return createMatch(command);
    case "RollDice":
      return state ? withFollowUps(state, rollDice(command, state, ctx), ctx) : reject("NOT_FOUND", "no such match");
    case "SubmitMove":
      return state ? withFollowUps(state, submitMove(command, state), ctx) : reject("NOT_FOUND", "no such match");
    default: {
      const never: never = command;
      throw new Error(`unknown command ${JSON.stringify(never)}`);
    }
  }
}

function createMatch(command: Extract<Command, { type: "CreateMatch" }>): Result<NewEvent[], Rejection> {
  if (!isRulesetId(command.ruleset)) {
    return reject("BAD_USER_INPUT", `unknown ruleset "${command.ruleset}"; known: ${RULESETS.join(", ")}`);
  }
  const ruleset = getRuleset(command.ruleset);
  const options = ruleset.optionsSchema.safeParse(command.options ?? {});
  if (!options.success) return reject("BAD_USER_INPUT", `invalid options: ${options.error.message}`);
  const game = ruleset.setup({ options: options.data, seats: command.seats });
  if (!game.ok) return reject("BAD_USER_INPUT", game.error.message, { reason: game.error.reason });
  return ok([
    {
      type: "MatchCreated",
      data: {
        matchId: command.matchId,
        ruleset: command.ruleset,
        options: options.data,
        seats: ruleset.seatCount(game.value),
        diceCommitment: command.diceCommitment,
      },
    },
  ]);
}

function rollDice(command: Extract<Command, { type: "RollDice" }>, state: MatchState, ctx: DecideContext): Result<NewEvent[], Rejection> {
  const ruleset = getRuleset(state.ruleset);
  const turn = ruleset.turn(state.game);
  if (turn.phase === "over" || state.status === "FINISHED") return reject("MATCH_FINISHED", "the match is over");
  if (turn.phase === "move") {
    if (turn.seat !== command.seat) return reject("NOT_YOUR_TURN", `seat ${turn.seat} is to move`, { toMove: turn.seat });
    // A seat that must act without dice (a ruleset without them, an answer to a double).
    if (ruleset.dice(state.game) === null) return reject("NO_DICE_IN_RULESET", "no dice are due now: submit a move");
    return reject("ALREADY_ROLLED", "the dice are rolled; submit a move");
  }
  if (!turn.seats.includes(command.seat)) {
    return reject("NOT_YOUR_TURN", `seat ${turn.seats.join(" or ")} is to roll`, { toMove: turn.seats[0] });
  }
  const values = ctx.roll(state.rolls, turn.count);
  return ok([{ type: "DiceRolled", data: { seat: command.seat, n: state.rolls, values } }]);
}

function submitMove(command: Extract<Command, { type: "SubmitMove" }>, state: MatchState): Result<NewEvent[], Rejection> {
  const ruleset = getRuleset(state.ruleset);
  const turn = ruleset.turn(state.game);
  if (turn.phase === "over" || state.status === "FINISHED") return reject("MATCH_FINISHED", "the match is over");
  const mayAct = turn.phase === "move" ? turn.seat === command.seat : turn.seats.includes(command.seat);
  if (!mayAct) {
    const toMove = turn.phase === "move" ? turn.seat : turn.seats[0];
    return reject("NOT_YOUR_TURN", `seat ${toMove} is to ${turn.phase}`, { toMove });
  }
  const parsed = ruleset.moveSchema.safeParse(command.move);
  if (!parsed.success) {
    return reject("BAD_USER_INPUT", `malformed move for ${state.ruleset}: ${parsed.error.message}`);
  }
  const played = ruleset.play(state.game, parsed.data);
  if (!played.ok) {
    // Before the roll the only moves are the ones a ruleset allows then (a cube offer).
    if (turn.phase === "roll") return reject("DICE_NOT_ROLLED", "roll the dice first", { reason: played.error.reason });
    return reject("ILLEGAL_MOVE", played.error.message, { reason: played.error.reason });
  }
  const move = ruleset.normalize ? ruleset.normalize(state.game, parsed.data) : parsed.data;
  return ok([{ type: "MovePlayed", data: { seat: command.seat, move } }]);
}

/** Appends what follows from the command by itself: automatic passes and the end of the match. */
function withFollowUps(state: MatchState, primary: Result<NewEvent[], Rejection>, ctx: DecideContext): Result<NewEvent[], Rejection> {
  if (!primary.ok) return primary;
  const events = [...primary.value];
  let current = events.reduce(applyNew, state);
  const ruleset = getRuleset(state.ruleset);
  for (let i = 0; i < MAX_FOLLOW_UPS; i++) {
    const outcome = ruleset.outcome(current.game);
    let next: NewEvent | null = null;
    if (outcome) next = { type: "MatchFinished", data: { outcome, diceSeed: ctx.diceSeed } };
    else {
      const turn = ruleset.turn(current.game);
      if (turn.phase === "move" && ruleset.legalMoves(current.game).length === 0) {
        next = { type: "TurnPassed", data: { seat: turn.seat, reason: "NO_LEGAL_MOVE" } };
      }
    }
    if (!next) return ok(events);
    events.push(next);
    current = applyNew(current, next);
    if (next.type === "MatchFinished") return ok(events);
  }
  throw new Error(`more than ${MAX_FOLLOW_UPS} automatic events after one command`);
}

/** Applies a not-yet-committed event; version and time do not matter to the rules. */
const applyNew = (state: MatchState, event: NewEvent): MatchState =>
  evolve(state, { ...event, version: state.version + 1, at: state.updatedAt } as MatchEvent);
