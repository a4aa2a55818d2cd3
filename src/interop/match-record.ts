import { drawingOf } from "../boards/index.js";
import type { Json } from "../engine/ruleset.js";
import type { MatchEvent } from "../match/events.js";
import { evolve } from "../match/evolve.js";
import { rulesOf } from "../match/rules.js";

/**
 * A whole match as text, one line a turn, for any ruleset (docs/records.md): a header of
 * `[Name <JSON value>]` lines with what MatchCreated and MatchFinished say, then the actions in
 * the order played, a line for each run of actions by one side. Every action is written so it
 * reads back as the event it was (parse-match-record.ts): what a move's notes say is left out,
 * since the rules derive it again, and a move is its recorded JSON followed by the ruleset's own
 * notation of it (src/boards), for the reader.
 */
export const RECORD_FIRST_LINE = "; Tabula match record (docs/records.md)";

/** The header's names, in the order written; those marked optional are written only when the match has them. */
export const RECORD_HEADERS = ["Ruleset", "RulesVersion", "Match", "Created", "Seats", "Options", "TimeControl", "Open", "Players", "Commitment", "Seed", "Result", "Finished"] as const;
export type RecordHeader = (typeof RECORD_HEADERS)[number];

/** The verbs of a seat's actions, by event type (the other events are the server's: `timed-out`, `aborted` with their JSON). */
export const SEAT_VERBS = {
  SeatJoined: "joins",
  DiceRolled: "roll",
  MovePlayed: "play",
  TurnPassed: "pass",
  DrawOffered: "offers-draw",
  DrawDeclined: "declines-draw",
  DrawAccepted: "accepts-draw",
  ResignationOffered: "offers-resignation",
  ResignationDeclined: "declines-resignation",
  ResignationAccepted: "accepts-resignation",
  Resigned: "resigns",
} as const;
export const SERVER_VERBS = { TimedOut: "timed-out", Aborted: "aborted" } as const;

/** The time since the action before, in seconds (milliseconds exactly), or nothing for none. */
export const elapsed = (ms: number): string => (ms === 0 ? "" : `+${ms / 1000} `);

/**
 * A move in the ruleset's own notation (English), as the board's move list shows it; null where
 * the ruleset has none. What would end an action or a JSON string (`;`, a quote, a line break)
 * never appears in one, so the reader can split actions without knowing any notation.
 */
export function spelledMove(ruleset: string, move: Json): string | null {
  const spelled = drawingOf(ruleset)?.notation(move, "en");
  return spelled ? spelled.replace(/[;"\n]/g, ",") : null;
}

/** One action as text, without its time; null for an event that is not an action (MatchCreated, MatchFinished). */
function actionText(event: MatchEvent, ruleset: string): string | null {
  const seat = "seat" in event.data && typeof event.data.seat === "number" ? `s${event.data.seat} ` : "";
  switch (event.type) {
    case "SeatJoined":
      return `${seat}joins ${JSON.stringify(event.data.player)}`;
    case "DiceRolled":
      return `${seat}roll ${event.data.values.join("-")}`;
    case "MovePlayed": {
      const json = JSON.stringify(event.data.move);
      const spelled = spelledMove(ruleset, event.data.move);
      return `${seat}play ${json}${spelled === null || JSON.stringify(spelled) === json ? "" : ` ${spelled}`}`;
    }
    case "TurnPassed":
      return `${seat}pass ${event.data.reason}`;
    case "ResignationOffered":
      return `${seat}offers-resignation ${event.data.value}`;
    case "ResignationAccepted":
      return `${seat}accepts-resignation s${event.data.resigned} ${event.data.value}`;
    case "DrawOffered":
    case "DrawDeclined":
    case "DrawAccepted":
    case "ResignationDeclined":
    case "Resigned":
      return `${seat}${SEAT_VERBS[event.type]}`;
    case "TimedOut":
    case "Aborted":
      return `${SERVER_VERBS[event.type]} ${JSON.stringify(event.data)}`;
    case "MatchCreated":
    case "MatchFinished":
      return null;
  }
}

/** The match record of a whole, finished log. Throws for a log that is not one (check it with incompleteLog first). */
export function makeMatchRecord(events: readonly MatchEvent[]): string {
  const created = events[0];
  const finished = events[events.length - 1];
  if (created?.type !== "MatchCreated" || finished?.type !== "MatchFinished") throw new Error("a match record is of a whole, finished match log");
  const start = evolve(null, created);
  const sides = rulesOf(start).sides(start.game);
  const sideOf = (seat: number): string => sides.find((s) => s.seats.includes(seat))?.side ?? `seat ${seat}`;
  const { data } = created;
  const header: Partial<Record<RecordHeader, unknown>> = {
    Ruleset: data.ruleset,
    RulesVersion: start.rulesVersion,
    Match: data.matchId,
    Created: created.at,
    Seats: data.seats,
    Options: data.options,
    TimeControl: data.timeControl,
    Open: data.open,
    Players: data.players,
    Commitment: data.diceCommitment,
    Seed: finished.data.diceSeed,
    Result: finished.data.outcome,
    Finished: finished.at,
  };
  const lines = [RECORD_FIRST_LINE, ...RECORD_HEADERS.flatMap((name) => (header[name] === undefined ? [] : [`[${name} ${JSON.stringify(header[name])}]`])), ""];

  // A turn is a run of actions by one side; the server's own (a timeout, an abort) stand alone.
  const turns: { who: string; actions: string[] }[] = [];
  let last = Date.parse(created.at);
  for (const event of events) {
    const text = actionText(event, data.ruleset);
    if (text === null) continue;
    const who = "seat" in event.data && typeof event.data.seat === "number" ? sideOf(event.data.seat) : "-";
    const at = Date.parse(event.at);
    const action = `${elapsed(at - last)}${text}`;
    last = at;
    const current = turns[turns.length - 1];
    if (current && current.who === who && who !== "-") current.actions.push(action);
    else turns.push({ who, actions: [action] });
  }
  return `${[...lines, ...turns.map((t, i) => `${i + 1}. ${t.who} ${t.actions.join("; ")}`)].join("\n")}\n`;
}
