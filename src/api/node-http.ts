import type { IncomingMessage, ServerResponse } from "node:http";
import type { HttpRequest, HttpResponse } from "./http.js";

/** Bodies past the limit are still read (and dropped) up to this, so the client sees the 413. */
const DRAIN_LIMIT_BYTES = 1024 * 1024;

export type ReadBody =
  | { readonly ok: true; readonly body: string }
  | { readonly ok: false; readonly tooLarge: true }
  /** The client went away before its whole body came: there is nobody left to answer. */
  | { readonly ok: false; readonly aborted: true };

/**
 * Reads a request body as UTF-8, keeping at most `limit` bytes. A declared Content-Length over
 * the limit is refused before reading; a body that grows past it is drained up to
 * DRAIN_LIMIT_BYTES and then the connection is dropped. A client that goes away before its body
 * ends (a socket closed or reset mid-body) is `aborted`, not an error: nothing can be answered.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<ReadBody> {
  const declared = Number(req.headers["content-length"] ?? "0");
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.resolve({ ok: false, tooLarge: true });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const aborted = () => resolve(size > limit ? { ok: false, tooLarge: true } : { ok: false, aborted: true });
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > DRAIN_LIMIT_BYTES) req.destroy();
    });
    req.on("end", () => resolve(size > limit ? { ok: false, tooLarge: true } : { ok: true, body: Buffer.concat(chunks).toString("utf8") }));
    // After `end` these resolve nothing (the promise is settled); before it, the body is cut short.
    req.on("close", aborted);
    // node reports an aborted body as an error (ECONNRESET, "aborted"), then `close`.
    req.on("error", aborted);
  });
}

/** The transport-neutral request of src/api, from node's request line and headers. */
export function toHttpRequest(req: IncomingMessage, body: string, requestId?: string): HttpRequest {
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  const query: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(q === -1 ? "" : url.slice(q + 1))) query[name] = value;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return { method: (req.method ?? "GET").toUpperCase(), path, query, headers, body, sourceIp: req.socket.remoteAddress, requestId };
}

export function writeResponse(res: ServerResponse, response: HttpResponse, extraHeaders: Record<string, string> = {}): void {
  if (res.headersSent) return;
  const headers = { ...response.headers, ...extraHeaders };
  // 204 and 304 have no content and state no length; an answer to HEAD states the GET's.
  if (response.status === 204 || response.status === 304) delete headers["content-length"];
  else if (response.body !== "" || headers["content-length"] === undefined) headers["content-length"] = String(Buffer.byteLength(response.body));
  res.writeHead(response.status, headers);
  res.end(response.body);
}
