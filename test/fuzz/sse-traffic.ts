import fc from "fast-check";
import { parseJson } from "./answer-checks.js";
import { allowedRestCodes, restTargetOf } from "./expected-codes.js";
import type { Exchange, Finding } from "./exchange.js";
import { exchangeHttp, type Target } from "./http-exchange.js";
import { edgyNumberText, nastyString, percentEncode } from "./hostile-values.js";
import { pushFindings } from "./push-checks.js";
import type { RawHttpRequest } from "./raw-http.js";
import { type AuthRef, authRef, type MatchRef, matchRef, resolveAuth, resolveMatch, resolveVersion, type VersionRef, versionRef } from "./world-refs.js";

/** `GET /api/matches/{id}/stream`: resume points in the query and in Last-Event-ID, tokens, accept headers. */
export interface SseIntent {
  readonly kind: "sse";
  readonly match: MatchRef;
  readonly auth: AuthRef;
  readonly after: VersionRef | null;
  readonly lastEventId: { readonly version: VersionRef } | { readonly text: string } | null;
  readonly accept: string | null;
}

export const sseIntent: fc.Arbitrary<SseIntent> = fc.record({
  kind: fc.constant("sse" as const),
  match: matchRef,
  auth: authRef,
  after: fc.option(versionRef, { freq: 2 }),
  lastEventId: fc.option(fc.oneof(fc.record({ version: versionRef }), fc.record({ text: fc.oneof(edgyNumberText, nastyString.filter((s) => /^[\x20-\x7e\x80-\xff]*$/.test(s)), fc.constantFrom(" 3", "3 ", "+3", "0x10", "3,4")) })), { freq: 3 }),
  accept: fc.option(fc.constantFrom("text/event-stream", "*/*", "application/json"), { freq: 2 }),
});

/** An event stream's frames: `id:`, `event:` and `data:` lines, blank-line separated (a frame cut short is left out). */
export function sseFrames(text: string): { id?: string; event?: string; data?: string; comment: boolean }[] {
  const blocks = text.split("\n\n");
  blocks.pop(); // after the last separator: "" or a frame we stopped reading in the middle of
  return blocks
    .filter((block) => block.trim() !== "")
    .map((block) => {
      const frame: { id?: string; event?: string; data?: string; comment: boolean } = { comment: true };
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) continue;
        frame.comment = false;
        const colon = line.indexOf(":");
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "id" || field === "event") frame[field] = value;
        if (field === "data") frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
      }
      return frame;
    });
}

export function buildSse(intent: SseIntent, target: Target): { request: RawHttpRequest; matchId: string; resume: number | null } {
  const { world } = target;
  const { match, id } = resolveMatch(intent.match, world);
  const after = intent.after ? resolveVersion(intent.after, world, match) : undefined;
  const auth = resolveAuth(intent.auth, world, match);
  const headers: [string, string | Buffer][] = [];
  if (auth.header !== null) headers.push(["authorization", auth.header]);
  let lastEventId: string | undefined;
  if (intent.lastEventId) lastEventId = "text" in intent.lastEventId ? intent.lastEventId.text : resolveVersion(intent.lastEventId.version, world, match);
  if (lastEventId !== undefined) headers.push(["last-event-id", Buffer.from(lastEventId, "utf8")]);
  if (intent.accept) headers.push(["accept", intent.accept]);
  const query = after !== undefined ? `?after=${percentEncode(after)}` : "";
  // Last-Event-ID wins over `after`; either must be a plain version for the order check to start at it.
  const from = lastEventId ?? after;
  const resume = from === undefined || from === "" ? 0 : /^\d{1,9}$/.test(from.trim()) ? Number(from.trim()) : null;
  return { request: { method: "GET", target: `/api/matches/${percentEncode(id)}/stream${query}`, headers }, matchId: id, resume };
}

export async function runSse(intent: SseIntent, target: Target): Promise<Exchange> {
  const { request, matchId, resume } = buildSse(intent, target);
  const routed = restTargetOf(request.method, request.target);
  const { answer, repro } = await exchangeHttp(target, request, { shape: "rest", allowed: allowedRestCodes(routed), where: `SSE ${request.target.slice(0, 100)}` });
  const findings: Finding[] = [...answer.findings];
  const response = answer.response;
  if (response && response.status === 200) {
    let previous = resume;
    for (const frame of sseFrames(response.body.toString("utf8"))) {
      if (frame.comment || frame.data === undefined) continue;
      const update = parseJson(frame.data) as Record<string, unknown> | undefined;
      if (!update || frame.event !== "update") {
        findings.push({ kind: "live update", detail: `SSE: a frame that is not an update: ${frame.data.slice(0, 120)}` });
        continue;
      }
      if (frame.id !== String(update.version)) findings.push({ kind: "live update", detail: `SSE: a frame with id ${frame.id} carried version ${String(update.version)}` });
      findings.push(...pushFindings(update, matchId, previous, target.world, "SSE"));
      if (typeof update.version === "number") previous = update.version;
    }
  }
  return { transport: "sse", operation: "streamUpdates", purpose: "hostile", outcomes: answer.outcomes, findings, claims: [], repro, created: new Map(), disclosed: answer.disclosed, views: [] };
}
