import { TabulaError } from "../../errors.js";
import { MATCH_VIEW_FIELDS, type MatchViewField } from "../../service/match-view.js";
import type { HttpRequest } from "../http.js";
import { PIECE } from "./entity-tags.js";

/**
 * `?fields=version,toAct,legalMoves`: the fields of the match an answer carries, as a GraphQL
 * selection would; without it, all of them. A bot that plays over REST reads a few fields of
 * every answer, and the board and seating it skips are most of the bytes, and of the time spent
 * building and writing them (only the fields named are built: match-view.ts). Read before the
 * command runs, so a list that names no field of a match is refused and changes nothing.
 */
export function viewFields(request: HttpRequest): readonly MatchViewField[] | null {
  const raw = request.query.fields;
  if (raw === undefined) return null;
  const wanted = new Set(raw.split(",").map((name) => name.trim()));
  wanted.delete("");
  const unknown = [...wanted].filter((name) => !(MATCH_VIEW_FIELDS as readonly string[]).includes(name));
  if (wanted.size === 0 || unknown.length > 0) {
    const named = unknown.slice(0, 3).map((name) => JSON.stringify(name.slice(0, 40))).join(", ") + (unknown.length > 3 ? ", ..." : "");
    const what = wanted.size === 0 ? "`fields` names no field" : `\`fields\` names ${named}, not a field of a match`;
    throw new TabulaError("BAD_USER_INPUT", `${what}; a match has ${MATCH_VIEW_FIELDS.join(", ")}`);
  }
  // In the view's own order, whatever the order asked: one list of fields, one answer.
  return MATCH_VIEW_FIELDS.filter((field) => wanted.has(field));
}

/**
 * `?piece=7`: only that piece's legal moves (and those of no one piece) in the answer; without
 * it, all of them. Read before the command runs, as `fields` is, so a malformed one changes nothing.
 */
export function viewPiece(request: HttpRequest): string | undefined {
  const piece = request.query.piece || undefined;
  if (piece !== undefined && !PIECE.test(piece)) throw new TabulaError("BAD_USER_INPUT", "`piece` names a piece of the match's `movablePieces`, e.g. `7` or `A`");
  return piece;
}
