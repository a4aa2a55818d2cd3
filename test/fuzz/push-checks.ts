import { isDeepStrictEqual } from "node:util";
import type { Finding } from "./exchange.js";
import type { World } from "./world.js";

/**
 * One live update (a WebSocket `next` or an SSE frame) against the model: the next version after
 * the previous one, never past the log, its event exactly the logged one, its match at that version.
 * `previous` is null when the resume point was not a plain version (then order alone is checked).
 */
export function pushFindings(update: Record<string, unknown>, matchId: string, previous: number | null, world: World, via: string): Finding[] {
  const findings: Finding[] = [];
  const match = world.get(matchId);
  const version = update.version;
  if (typeof version !== "number") return [{ kind: "live update", detail: `${via}: an update without a version` }];
  if (!match) return [{ kind: "live update", detail: `${via}: an update for ${matchId}, which the model does not know` }];
  if (previous !== null && version !== previous + 1) findings.push({ kind: "live update", detail: `${via}: match ${matchId} pushed version ${version} after ${previous}` });
  const logged = match.log[version - 1];
  if (!logged) {
    findings.push({ kind: "live update", detail: `${via}: match ${matchId} pushed version ${version}, past its log (${world.version(match)})` });
    return findings;
  }
  const event = update.event as Record<string, unknown> | undefined;
  if (event) {
    const selected = Object.fromEntries(Object.keys(event).map((k) => [k, (logged as unknown as Record<string, unknown>)[k]]));
    if (!isDeepStrictEqual(event, selected)) findings.push({ kind: "live update", detail: `${via}: match ${matchId} pushed at version ${version} an event that is not the logged one` });
  }
  const view = update.match as { version?: unknown; id?: unknown } | undefined;
  if (view?.version !== undefined && view.version !== version) findings.push({ kind: "live update", detail: `${via}: the match in update ${version} of ${matchId} is at version ${String(view.version)}` });
  if (view?.id !== undefined && view.id !== matchId) findings.push({ kind: "live update", detail: `${via}: an update of ${matchId} carried match ${String(view.id)}` });
  return findings;
}

/**
 * The version a `next` stands for when its update was too large for API Gateway to post: the
 * PAYLOAD_TOO_LARGE error in its place names it. Null for any other payload.
 */
export function tooLargeVersion(payload: unknown): number | null {
  const errors = (payload as { data?: unknown; errors?: { extensions?: { code?: unknown; version?: unknown } }[] } | undefined)?.errors;
  const error = errors?.length === 1 ? errors[0] : undefined;
  return error?.extensions?.code === "PAYLOAD_TOO_LARGE" && typeof error.extensions.version === "number" ? error.extensions.version : null;
}
