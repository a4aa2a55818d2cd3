import { TabulaError } from "../../errors.js";
import { type MatchUpdate, wholeUpdate } from "../../service/match-update.js";
import { header, type HttpRequest } from "../http.js";

/**
 * Server-Sent Events for clients that do not speak GraphQL: one `update` event per committed
 * event, `id:` = its version, so a reconnecting EventSource resumes with `Last-Event-ID`.
 */
export const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-store",
  "x-accel-buffering": "no",
} as const;

/** How long a client waits before reconnecting after the server ended a response. */
export const SSE_RETRY_MS = 1000;

export const sseFrame = (update: MatchUpdate): string => `id: ${update.version}\nevent: update\ndata: ${JSON.stringify(wholeUpdate(update))}\n\n`;

/** Resume point: `Last-Event-ID` (set by a reconnecting EventSource) wins over `?after=`. */
export function sseResumeVersion(request: Pick<HttpRequest, "headers" | "query">): number {
  const value = header(request, "last-event-id") ?? request.query.after;
  if (value === undefined || value === "") return 0;
  if (!/^\d{1,15}$/.test(value.trim())) throw new TabulaError("BAD_USER_INPUT", "`after` and Last-Event-ID must be a non-negative integer");
  return Number(value.trim());
}
