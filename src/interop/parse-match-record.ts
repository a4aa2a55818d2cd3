import { type Json, PASS_REASONS, type PassReason } from "../engine/ruleset.js";
import { ok, err, type Result } from "../engine/result.js";
import type { EventData, MatchEvent, NewEvent } from "../match/events.js";
import { RECORD_FIRST_LINE, RECORD_HEADERS, type RecordHeader, SEAT_VERBS, SERVER_VERBS, spelledMove } from "./match-record.js";

/** Why a record does not read, and where (1-based line). */
export interface RecordProblem {
  readonly line: number;
  readonly reason: string;
}

const REQUIRED: readonly RecordHeader[] = ["Ruleset", "RulesVersion", "Match", "Created", "Seats", "Options", "Commitment", "Seed", "Result", "Finished"];

const isText = (v: unknown): boolean => typeof v === "string";
const isCount = (v: unknown): boolean => Number.isInteger(v) && (v as number) > 0;
const isTime = (v: unknown): boolean => typeof v === "string" && !Number.isNaN(Date.parse(v));
/** What each header must hold beyond being JSON; the rules check the rest (the options, the outcome) when the match is re-run. */
const HEADER_TYPES: readonly [RecordHeader, (v: unknown) => boolean, string][] = [
  ["Ruleset", isText, "a string"],
  ["RulesVersion", isCount, "a whole number from 1"],
  ["Match", isText, "a string"],
  ["Created", isTime, "a time (ISO 8601)"],
  ["Seats", isCount, "a whole number from 1"],
  ["Commitment", isText, "a string"],
  ["Seed", isText, "a string"],
  ["Finished", isTime, "a time (ISO 8601)"],
];

/** Where the JSON value starting at `from` ends (exclusive): a string, an object or array (nesting and strings respected), or a bare word. */
function jsonEnd(text: string, from: number): number {
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') {
        inString = false;
        if (depth === 0) return i + 1;
      }
    } else if (c === '"') inString = true;
    else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") {
      if (--depth === 0) return i + 1;
    } else if (c === " " && depth === 0) return i;
  }
  return text.length;
}

/** The actions of a turn: split at `; ` outside JSON strings. */
function splitActions(text: string): string[] {
  const out: string[] = [];
  let inString = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\" && inString) i++;
    else if (c === '"') inString = !inString;
    else if (!inString && c === ";" && text[i + 1] === " ") {
      out.push(text.slice(start, i));
      start = i + 2;
    }
  }
  out.push(text.slice(start));
  return out;
}

const SEAT_VERB_TYPES = new Map(Object.entries(SEAT_VERBS).map(([type, verb]) => [verb as string, type as keyof typeof SEAT_VERBS]));
const SERVER_VERB_TYPES = new Map(Object.entries(SERVER_VERBS).map(([type, verb]) => [verb as string, type as keyof typeof SERVER_VERBS]));

/** One action as the event it records (without its version and time); a string saying why not. */
function eventOf(text: string, ruleset: string, rolls: number): NewEvent | string {
  const server = /^(\S+) (.+)$/.exec(text);
  const serverType = server && SERVER_VERB_TYPES.get(server[1]!);
  if (server && serverType) {
    try {
      return { type: serverType, data: JSON.parse(server[2]!) } as NewEvent;
    } catch {
      return `${server[1]} takes its data as JSON`;
    }
  }
  const action = /^s(\d+) (\S+)(?: (.*))?$/.exec(text);
  if (!action) return `"${text.slice(0, 40)}" is no action: s<seat> <verb> ..., timed-out {...} or aborted {...}`;
  const seat = Number(action[1]);
  const [verb, rest = ""] = [action[2]!, action[3]];
  const type = SEAT_VERB_TYPES.get(verb);
  if (!type) return `unknown verb "${verb}"`;
  const bare = (): NewEvent | string => (rest === "" ? ({ type, data: { seat } } as NewEvent) : `${verb} takes nothing after it`);
  switch (type) {
    case "SeatJoined":
      try {
        return { type, data: { seat, player: JSON.parse(rest) } };
      } catch {
        return "joins takes the player as JSON (or null)";
      }
    case "DiceRolled": {
      if (!/^[1-6](-[1-6])*$/.test(rest)) return `a roll is dice joined by "-", e.g. 3-5, not "${rest}"`;
      return { type, data: { seat, n: rolls, values: rest.split("-").map(Number) } };
    }
    case "MovePlayed": {
      const end = jsonEnd(rest, 0);
      let move: Json;
      try {
        move = JSON.parse(rest.slice(0, end)) as Json;
      } catch {
        return `a move is its JSON, then its notation: "${rest.slice(0, 40)}" is not JSON`;
      }
      // The notation after the JSON is for readers; one that says another move is refused, so the text a reader trusts is the move.
      const spelled = rest.slice(end).trim();
      const expected = spelledMove(ruleset, move);
      if (spelled !== "" && spelled !== expected) return `the move's notation "${spelled}" is not its JSON's ("${expected ?? ""}")`;
      return { type, data: { seat, move } };
    }
    case "TurnPassed":
      return (PASS_REASONS as readonly string[]).includes(rest) ? { type, data: { seat, reason: rest as PassReason } } : `a pass gives its reason, one of ${PASS_REASONS.join(", ")}`;
    case "ResignationOffered":
      return rest === "" ? "offers-resignation takes the value offered" : { type, data: { seat, value: rest } };
    case "ResignationAccepted": {
      const accepted = /^s(\d+) (\S+)$/.exec(rest);
      return accepted ? { type, data: { seat, resigned: Number(accepted[1]), value: accepted[2]! } } : "accepts-resignation takes the resigning seat and the value: s<seat> <value>";
    }
    case "DrawOffered":
    case "DrawDeclined":
    case "DrawAccepted":
    case "ResignationDeclined":
    case "Resigned":
      return bare();
  }
}

/**
 * The log a match record (match-record.ts) was written from, event for event, but for the moves'
 * notes, which the record leaves to the rules (verify-match derives them again). Only the text is
 * read here: whether the match it tells was legal is verify-match's to say.
 */
export function parseMatchRecord(text: string): Result<MatchEvent[], RecordProblem> {
  const lines = text.split(/\r?\n/);
  if (lines[0] !== RECORD_FIRST_LINE) return err({ line: 1, reason: `a match record starts with "${RECORD_FIRST_LINE}"` });
  const header: Partial<Record<RecordHeader, unknown>> = {};
  const turns: { line: number; text: string }[] = [];
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === "" || line.startsWith(";")) continue;
    const named = /^\[(\w+) (.*)\]$/.exec(line);
    if (named) {
      const name = named[1] as RecordHeader;
      if (!RECORD_HEADERS.includes(name)) return err({ line: i + 1, reason: `unknown header [${named[1]}]` });
      if (turns.length > 0) return err({ line: i + 1, reason: "the header comes before the turns" });
      try {
        header[name] = JSON.parse(named[2]!);
      } catch {
        return err({ line: i + 1, reason: `[${name}] takes a JSON value` });
      }
      continue;
    }
    const turn = /^(\d+)\. \S+ (.+)$/.exec(line);
    if (!turn || Number(turn[1]) !== turns.length + 1) return err({ line: i + 1, reason: `expected turn ${turns.length + 1}: "<n>. <side> <actions>"` });
    turns.push({ line: i + 1, text: turn[2]! });
  }
  const missing = REQUIRED.find((name) => header[name] === undefined);
  if (missing) return err({ line: lines.length, reason: `the header has no [${missing}]` });
  const mistyped = HEADER_TYPES.find(([name, fits]) => !fits(header[name]));
  if (mistyped) return err({ line: lines.findIndex((l) => l.startsWith(`[${mistyped[0]} `)) + 1, reason: `[${mistyped[0]}] takes ${mistyped[2]}` });
  const created = header.Created as string;
  const ruleset = String(header.Ruleset);

  const data: EventData["MatchCreated"] = {
    matchId: header.Match as string,
    ruleset,
    rulesVersion: header.RulesVersion as number,
    options: header.Options as Json,
    seats: header.Seats as number,
    diceCommitment: header.Commitment as string,
    ...(header.TimeControl !== undefined ? { timeControl: header.TimeControl as EventData["MatchCreated"]["timeControl"] } : {}),
    ...(header.Open !== undefined ? { open: header.Open as EventData["MatchCreated"]["open"] } : {}),
    ...(header.Players !== undefined ? { players: header.Players as EventData["MatchCreated"]["players"] } : {}),
  };
  const events: MatchEvent[] = [{ version: 1, at: created, type: "MatchCreated", data }];
  let now = Date.parse(created);
  let rolls = 0;
  for (const turn of turns) {
    for (const action of splitActions(turn.text)) {
      const timed = /^\+(\d+(?:\.\d{1,3})?) (.*)$/.exec(action);
      if (timed) now += Math.round(Number(timed[1]) * 1000);
      const event = eventOf(timed ? timed[2]! : action, ruleset, rolls);
      if (typeof event === "string") return err({ line: turn.line, reason: event });
      if (event.type === "DiceRolled") rolls++;
      events.push({ ...event, version: events.length + 1, at: new Date(now).toISOString() } as MatchEvent);
    }
  }
  const finished = header.Finished as string;
  events.push({ version: events.length + 1, at: finished, type: "MatchFinished", data: { outcome: header.Result as EventData["MatchFinished"]["outcome"], diceSeed: header.Seed as string } });
  return ok(events);
}
