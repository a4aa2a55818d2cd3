import type { Drawing, Json, Lang } from "../boards/drawing.js";
import type { Labels } from "./labels.js";
import type { MatchEvent } from "./types.js";

/** One line of the replay's list: what happened at a version, in words. */
export function describeEvent(event: MatchEvent, drawing: Drawing, labels: Labels, lang: Lang, nameOf: (seat: number) => string = (n) => `${labels.seat} ${n + 1}`): string {
  const seat = typeof event.data.seat === "number" ? `${nameOf(event.data.seat)}: ` : "";
  switch (event.type) {
    case "MovePlayed": {
      let text: string;
      try {
        text = drawing.notation(event.data.move as Json, lang);
      } catch {
        text = JSON.stringify(event.data.move);
      }
      const notes = noteTexts(event, drawing, lang);
      return `${seat}${text}${notes.length ? ` (${notes.join("; ")})` : ""}`;
    }
    case "DiceRolled":
      return `${seat}${labels.rolled} ${Array.isArray(event.data.values) ? event.data.values.join(" ") : ""}`.trim();
    case "TurnPassed":
      return `${seat}${labels.passed}`;
    case "SeatJoined":
      return `${seat}${labels.joined}`;
    case "MatchCreated":
      return labels.start;
    default: {
      const words = (labels.events as Readonly<Record<string, string>>)[event.type];
      return `${seat}${words ?? event.type}`;
    }
  }
}

/** A MovePlayed event's notes, each with its text (the host page gets them as `{...note, text}`). */
export function notesWithText(event: MatchEvent, drawing: Drawing, lang: Lang): Json[] {
  const notes = event.type === "MovePlayed" && Array.isArray(event.data.notes) ? event.data.notes : [];
  return notes.map((note) => {
    if (!note || typeof note !== "object" || Array.isArray(note)) return note;
    let text: string | null = null;
    try {
      text = drawing.noteText(note as { type: string; [key: string]: Json }, lang);
    } catch {
      text = null;
    }
    return { ...note, text };
  });
}

const noteTexts = (event: MatchEvent, drawing: Drawing, lang: Lang): string[] =>
  notesWithText(event, drawing, lang)
    .map((n) => (n && typeof n === "object" && !Array.isArray(n) ? n.text : null))
    .filter((t): t is string => typeof t === "string");
