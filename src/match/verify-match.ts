import { UnknownRulesVersionError } from "../engine/registry.js";
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, type MatchArchive, toArchive } from "./archive.js";
import type { Command, DecideContext } from "./commands.js";
import { decide } from "./decide.js";
import { deriveRoll, diceCommitment, isSeedHex } from "./dice.js";
import type { MatchEvent } from "./events.js";
import { CorruptLogError, evolve } from "./evolve.js";
import { upgradeOutcome } from "./outcome.js";
import { rulesOf } from "./rules.js";
import type { MatchState } from "./state.js";

/** What a whole verification found: the match as re-run, or the first event that does not check and why. */
export type MatchVerification =
  | { readonly ok: true; readonly state: MatchState; readonly events: number; readonly rolls: number; readonly passes: number }
  | { readonly ok: false; readonly version: number | null; readonly type: string | null; readonly reason: string };

type Later = Exclude<MatchEvent, { type: "MatchCreated" }>;

/**
 * The command that, decided against the match before it, produced `event` first; null for an
 * event no command produces first (an automatic pass, the end), which only ever follows one.
 */
function commandOf(event: Later): Command | null {
  switch (event.type) {
    case "SeatJoined":
      return { type: "JoinSeat", seat: event.data.seat, player: event.data.player };
    case "DiceRolled":
      return { type: "RollDice", seat: event.data.seat };
    case "MovePlayed":
      return { type: "SubmitMove", seat: event.data.seat, move: event.data.move };
    case "DrawOffered":
      return { type: "OfferDraw", seat: event.data.seat };
    case "DrawDeclined":
      return { type: "DeclineDraw", seat: event.data.seat };
    case "DrawAccepted":
      return { type: "AcceptDraw", seat: event.data.seat };
    case "ResignationOffered":
      return { type: "Resign", seat: event.data.seat, value: event.data.value };
    case "ResignationDeclined":
      return { type: "DeclineResignation", seat: event.data.seat };
    case "ResignationAccepted":
      return { type: "AcceptResignation", seat: event.data.seat };
    case "Resigned":
      return { type: "Resign", seat: event.data.seat };
    case "TimedOut":
      return event.data.claimedBy === null ? { type: "Timeout" } : { type: "ClaimTimeout", seat: event.data.claimedBy };
    case "Aborted":
      if (event.data.cause === "requested") return event.data.seat === null ? null : { type: "Abort", seat: event.data.seat };
      return event.data.seat === null ? { type: "Timeout" } : { type: "ClaimTimeout", seat: event.data.seat };
    case "TurnPassed":
    case "MatchFinished":
      return null;
    default: {
      const never: never = event;
      throw new Error(`unknown event type ${(never as MatchEvent).type}`);
    }
  }
}

/** JSON with its object keys sorted, so a document re-serialised in another key order compares equal. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

const brief = (value: unknown): string => {
  const text = canonical(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
};

/** Why a logged event is not the one the rules give at its place. */
function difference(logged: MatchEvent, expected: MatchEvent): string {
  if (logged.type !== expected.type) return `the log has ${logged.type} where the rules give ${expected.type} ${brief(expected.data)}`;
  if (logged.version !== expected.version) return `it is numbered ${logged.version}, not ${expected.version}`;
  if (logged.type === "DiceRolled" && expected.type === "DiceRolled" && canonical(logged.data.values) !== canonical(expected.data.values)) {
    return `roll ${expected.data.n} is ${logged.data.values.join("-")}, the revealed seed gives ${expected.data.values.join("-")}`;
  }
  if (logged.type === "MatchFinished" && expected.type === "MatchFinished" && canonical(logged.data.outcome) !== canonical(expected.data.outcome)) {
    return `the outcome recorded is ${brief(logged.data.outcome)}, the rules give ${brief(expected.data.outcome)}`;
  }
  if (logged.at !== expected.at) return `it is stamped ${logged.at}, not with its command's time ${expected.at}`;
  return `it records ${brief(logged.data)}, the rules give ${brief(expected.data)}`;
}

/** Older logs recorded outcomes before reasons and sides; compare them as today's code reads them. */
function asRead(event: MatchEvent, state: MatchState): MatchEvent {
  if (event.type !== "MatchFinished") return event;
  return { ...event, data: { ...event.data, outcome: upgradeOutcome(event.data.outcome, rulesOf(state).sides(state.game)) } };
}

function withoutNotes(event: MatchEvent): MatchEvent {
  if (!("notes" in event.data)) return event;
  const { notes: _, ...data } = event.data;
  return { ...event, data } as MatchEvent;
}

const failure = (event: MatchEvent | null, reason: string): MatchVerification => ({ ok: false, version: event?.version ?? null, type: event?.type ?? null, reason });

/**
 * Re-runs a whole match from its log alone, trusting no state it records: each command is
 * rebuilt from the event it produced and decided again by the same code the server runs, at the
 * event's own time, with rolls derived from the revealed seed; what that decision gives (the
 * event, its automatic passes, the end and its outcome) must be what the log holds, event for
 * event. So every command was legal when it was played, every roll is the seed's, every pass
 * was due and the outcome is the rules'. The first event that differs is reported, and why.
 */
export function verifyLog(events: readonly MatchEvent[], options: { readonly notesRecorded?: boolean } = {}): MatchVerification {
  // A match record leaves what each move did (its notes) to the rules: then they are not compared.
  const compared = options.notesRecorded === false ? withoutNotes : (event: MatchEvent) => event;
  const created = events[0];
  if (!created) return failure(null, "the log is empty");
  if (created.type !== "MatchCreated" || created.version !== 1) return failure(created, "a match log starts with MatchCreated at version 1");
  const finished = events[events.length - 1]!;
  if (finished.type !== "MatchFinished") return failure(finished, `the match is not finished: the log ends with ${finished.type}, and the dice seed is revealed only by MatchFinished`);
  const seed = finished.data?.diceSeed;
  if (typeof seed !== "string" || !isSeedHex(seed)) return failure(finished, "the revealed seed is not 32 bytes of lowercase hex");
  if (diceCommitment(seed) !== created.data?.diceCommitment) return failure(finished, "the revealed seed does not hash to the commitment MatchCreated published");
  const { matchId } = created.data;

  let state: MatchState;
  try {
    state = evolve(null, created);
  } catch (error) {
    if (error instanceof UnknownRulesVersionError) return failure(created, `${error.code}: ${error.message}`);
    if (error instanceof CorruptLogError) return failure(created, error.message.replace(/^event 1 \(MatchCreated\) cannot be applied: /, ""));
    // A file is anyone's: a MatchCreated of the wrong shape is a verdict, not a crash.
    return failure(created, `the match cannot be set up from it: ${(error as Error).message}`);
  }
  let rolls = 0;
  let passes = 0;
  for (let i = 1; i < events.length; ) {
    const event = events[i] as Later;
    if (Date.parse(event.at) < Date.parse(state.updatedAt)) return failure(event, `it is stamped ${event.at}, before the event it follows (${state.updatedAt})`);
    let command: Command | null;
    try {
      command = commandOf(event);
    } catch (error) {
      return failure(event, (error as Error).message);
    }
    if (!command) return failure(event, `no command produces a ${event.type} by itself: the rules give it only after another event, and they do not give one here`);
    const ctx: DecideContext = { roll: (n, count) => deriveRoll(seed, matchId, n, count), diceSeed: seed, at: event.at };
    let decided;
    try {
      decided = decide(command, state, ctx);
    } catch (error) {
      return failure(event, `the rules cannot apply it: ${(error as Error).message}`);
    }
    if (!decided.ok) return failure(event, `${command.type} was not legal then: ${decided.error.code}: ${decided.error.message}`);
    for (const [k, expected] of decided.value.events.entries()) {
      const logged = events[i + k];
      if (!logged) return failure(expected, `the log ends where the rules give ${expected.type} ${brief(expected.data)}`);
      if (canonical(compared(asRead(logged, state))) !== canonical(compared(expected))) return failure(logged, difference(logged, expected));
      if (logged.type === "DiceRolled") rolls++;
      if (logged.type === "TurnPassed") passes++;
    }
    i += decided.value.events.length;
    state = decided.value.state;
    if (state.status === "FINISHED" && i < events.length) return failure(events[i]!, "it follows the end of the match");
  }
  return { ok: true, state, events: events.length, rolls, passes };
}

/** What in an archive's header differs from what its own log says, or null. */
function headerProblem(archive: MatchArchive, state: MatchState): string | null {
  const expected = toArchive(archive.events, state, archive.notation);
  if (!expected) return "the archive's log is not a finished match";
  for (const key of ["matchId", "ruleset", "rulesVersion", "options", "seats", "timeControl", "diceCommitment", "diceSeed", "outcome", "createdAt", "finishedAt"] as const) {
    if (canonical(archive[key]) !== canonical(expected[key])) return `the archive's ${key} is ${brief(archive[key])}, its log says ${brief(expected[key])}`;
  }
  return null;
}

/** An archive document: its layout, then its log re-run (verifyLog), then its header held to the log. */
export function verifyArchive(archive: MatchArchive): MatchVerification {
  if (archive.format !== ARCHIVE_FORMAT) return failure(null, `this is not a match archive (format ${brief(archive.format)}, not "${ARCHIVE_FORMAT}")`);
  if (archive.formatVersion !== ARCHIVE_FORMAT_VERSION) return failure(null, `archive format version ${brief(archive.formatVersion)} is unknown to this code (it reads ${ARCHIVE_FORMAT_VERSION})`);
  if (!Array.isArray(archive.events)) return failure(null, "the archive holds no list of events");
  const verified = verifyLog(archive.events);
  if (!verified.ok) return verified;
  const problem = headerProblem(archive, verified.state);
  return problem ? failure(null, problem) : verified;
}
