import { TabulaError } from "../../errors.js";
import type { EventsPage } from "../../service/list-events.js";
import type { MatchView } from "../../service/match-view.js";
import { header, type HttpRequest, type HttpResponse } from "../http.js";

/**
 * Entity tags of what REST hands out, and the conditional requests they serve: `If-None-Match`
 * (polling clients read again only what changed: 304) and `If-Match` on moves (the version a
 * move is based on).
 */

/**
 * A match as one viewer sees it: its version and whose view it is, since a seat's differs from a
 * spectator's, and the piece its legal moves were picked for (`?piece=`), since those differ too.
 */
export const matchTag = (match: Pick<MatchView, "version" | "seat">, piece?: string): string => `"${match.version}-${match.seat ?? "s"}${piece === undefined ? "" : `-${piece}`}"`;

/** A piece as `?piece=` names one: what a ruleset calls its tokens and pieces (`7`, `A`). */
export const PIECE = /^[A-Za-z0-9_]{1,32}$/;

/**
 * A page of the log, the same for every viewer: the version it ends at, and `+` while more
 * follow (a full page gains a `next` once the match goes on; its events never change).
 */
export const eventsPageTag = (page: EventsPage, after: number): string => `"e${page.events.at(-1)?.version ?? after}${page.hasMore ? "+" : ""}"`;

/** `"7"`, `W/"7"`, `7`, and the tags of match reads, `"7-0"` or `"7-s"`: the version is what a move is based on. */
const VERSION_TAG = /^(?:W\/)?"?(\d{1,15})(?:-(?:\d{1,3}|s)(?:-[A-Za-z0-9_]{1,32})?)?"?$/;

/** `If-Match` is the version the move is based on; `*` (or none) means any. */
export function ifMatchVersion(request: HttpRequest): number | undefined {
  const value = header(request, "if-match")?.trim();
  if (value === undefined || value === "" || value === "*") return undefined;
  const match = VERSION_TAG.exec(value);
  if (!match) throw new TabulaError("BAD_USER_INPUT", 'If-Match must be one version as an entity tag, e.g. If-Match: "7" (or the ETag of a read, "7-0")');
  return Number(match[1]);
}

/** Whether `If-None-Match` is `*` or lists `tag`; compared weakly (a `W/` prefix is ignored), as RFC 9110 says for it. */
function noneMatch(request: HttpRequest, tag: string): boolean {
  const value = header(request, "if-none-match")?.trim();
  if (!value) return false;
  if (value === "*") return true;
  return value.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === tag);
}

/**
 * A successful read (GET or HEAD) whose ETag the client already holds becomes 304 Not Modified:
 * the same ETag and cache headers, no body. Anything else passes unchanged: a command's answer
 * carries an ETag too, but what it did cannot be taken back.
 */
export function conditionalRead(request: HttpRequest, response: HttpResponse): HttpResponse {
  const tag = response.headers.etag;
  const read = request.method.toUpperCase() === "GET" || request.method.toUpperCase() === "HEAD";
  if (!read || response.status !== 200 || tag === undefined || !noneMatch(request, tag)) return response;
  const { "content-type": _type, ...headers } = response.headers;
  return { status: 304, headers, body: "" };
}
