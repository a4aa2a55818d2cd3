import type { ServerResponse } from "node:http";
import { CORS_HEADERS } from "../api/cors.js";
import { restError, toPublicError } from "../api/errors.js";
import { header, type HttpRequest } from "../api/http.js";
import { parseAuthorization, tokenOf } from "../api/auth.js";
import type { Logger } from "../logger.js";
import { SSE_HEADERS, SSE_RETRY_MS, sseFrame, sseResumeVersion } from "../api/rest/sse.js";
import { type CommitSignal, MatchUpdateStream } from "../realtime/match-updates.js";
import type { Bearer } from "../service/credential.js";
import type { TabulaService } from "../api/service.js";
import { writeResponse } from "../api/node-http.js";
import { decodePathSegment } from "../api/rest/router.js";

export const SSE_PATH = /^\/api\/matches\/([^/]+)\/stream$/;
const HEARTBEAT_MS = 15_000;

/**
 * The live form of `GET /api/matches/{id}/stream` (and its HEAD): the catch-up, then each commit as it lands,
 * from the same store reads as the WebSocket path; the response ends after MatchFinished.
 * Errors before the first byte are ordinary REST errors.
 */
export async function serveLiveSse(
  request: HttpRequest,
  res: ServerResponse,
  deps: { service: TabulaService; signal: CommitSignal; logger: Logger },
): Promise<number> {
  let matchId = "";
  let token: Bearer;
  let after: number;
  let catchUp;
  try {
    matchId = decodePathSegment(SSE_PATH.exec(request.path)?.[1] ?? "");
    token = tokenOf(parseAuthorization(header(request, "authorization")));
    after = sseResumeVersion(request);
    catchUp = await deps.service.updatesAfter(matchId, token, after);
  } catch (error) {
    const response = restError(toPublicError(error, deps.logger));
    writeResponse(res, response, CORS_HEADERS);
    return response.status;
  }
  if (catchUp.finished && catchUp.updates.length === 0) {
    writeResponse(res, { status: 204, headers: { "cache-control": "no-store" }, body: "" }, CORS_HEADERS);
    return 204;
  }

  res.writeHead(200, { ...SSE_HEADERS, ...CORS_HEADERS });
  // HEAD: the stream's headers, without holding the response open for updates.
  if (request.method === "HEAD") {
    res.end();
    return 200;
  }
  res.write(`retry: ${SSE_RETRY_MS}\n\n`);
  for (const update of catchUp.updates) res.write(sseFrame(update));
  const last = catchUp.updates.at(-1)?.version ?? after;
  if (catchUp.finished) {
    res.end();
    return 200;
  }

  // The catch-up already checked the match and the token: stream on as the seat it found.
  const updates = new MatchUpdateStream(deps.signal.timelines, deps.signal, matchId, last, catchUp.seat);
  const heartbeat = setInterval(() => res.write(": keep-alive\n\n"), HEARTBEAT_MS);
  res.on("close", () => void updates.return());
  try {
    for await (const update of updates) {
      if (res.destroyed) break;
      res.write(sseFrame(update));
    }
  } catch (error) {
    deps.logger.error(`live updates of ${matchId} failed`, error);
  } finally {
    clearInterval(heartbeat);
    res.end();
  }
  return 200;
}
