import { connect } from "node:net";

/**
 * One HTTP/1.1 exchange over a plain socket. fetch would normalise the very things the fuzzer
 * must send as they are (dot segments, percent-encoding, header bytes outside ASCII, bodies that
 * are not UTF-8), so requests are written byte for byte and answers parsed by hand.
 */
export interface RawHttpRequest {
  readonly method: string;
  /** The request target exactly as sent: path and query, never normalised. */
  readonly target: string;
  /** In order; a Buffer value is written as is (bytes outside latin1, CR/LF, ...). */
  readonly headers: readonly (readonly [string, string | Buffer])[];
  readonly body?: Buffer | undefined;
}

export interface RawHttpResponse {
  readonly status: number;
  /** Lowercased names; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  /** The status line and headers as received (scanned for secrets too). */
  readonly head: string;
  readonly body: Buffer;
  /** True when a stream (SSE) was cut by us after its quiet period, not ended by the server. */
  readonly cut: boolean;
}

export type RawHttpResult = { readonly ok: true; readonly response: RawHttpResponse } | { readonly ok: false; readonly error: string };

export interface SendOptions {
  /** Give up (and report) after this long without a complete answer. */
  readonly timeoutMs?: number;
  /** An event stream is read until nothing arrived for this long (or maxStreamMs), then cut. */
  readonly streamQuietMs?: number;
  readonly maxStreamMs?: number;
}

export function requestBytes(port: number, request: RawHttpRequest): Buffer {
  // The target goes out as UTF-8: a client that does not percent-encode sends exactly that.
  const lines: Buffer[] = [Buffer.from(`${request.method} ${request.target} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nconnection: close\r\n`, "utf8")];
  for (const [name, value] of request.headers) lines.push(Buffer.from(`${name}: `, "latin1"), typeof value === "string" ? Buffer.from(value, "latin1") : value, Buffer.from("\r\n"));
  if (request.body !== undefined) lines.push(Buffer.from(`content-length: ${request.body.length}\r\n`));
  lines.push(Buffer.from("\r\n"));
  if (request.body !== undefined) lines.push(request.body);
  return Buffer.concat(lines);
}

export function sendRaw(port: number, request: RawHttpRequest, options: SendOptions = {}): Promise<RawHttpResult> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    const chunks: Buffer[] = [];
    let received = 0;
    let head: { status: number; headers: Record<string, string>; text: string; bodyStart: number } | null = null;
    let settled = false;
    let quiet: NodeJS.Timeout | undefined;
    let streamDeadline: NodeJS.Timeout | undefined;
    const finish = (result: RawHttpResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(quiet);
      clearTimeout(streamDeadline);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, error: `no complete answer within ${timeoutMs} ms` }), timeoutMs);
    const all = () => Buffer.concat(chunks, received);
    const complete = (cut: boolean) => {
      const buffer = all();
      if (!head) return finish({ ok: false, error: buffer.length === 0 ? "the connection closed without an answer" : `an unparsable answer: ${JSON.stringify(buffer.subarray(0, 200).toString("latin1"))}` });
      const raw = buffer.subarray(head.bodyStart);
      const body = head.headers["transfer-encoding"]?.toLowerCase().includes("chunked") ? dechunk(raw) : raw;
      finish({ ok: true, response: { status: head.status, headers: head.headers, head: head.text, body, cut } });
    };
    const isStream = () => head !== null && (head.headers["content-type"] ?? "").startsWith("text/event-stream");
    const onData = () => {
      const buffer = all();
      if (!head) {
        const end = buffer.indexOf("\r\n\r\n");
        if (end === -1) return;
        head = parseHead(buffer.subarray(0, end).toString("latin1"), end + 4);
        // An interim answer (100 Continue to an Expect header) precedes the real one.
        if (head.status >= 100 && head.status < 200) {
          const rest = buffer.subarray(end + 4);
          chunks.length = 0;
          chunks.push(rest);
          received = rest.length;
          head = null;
          return onData();
        }
        if (isStream()) streamDeadline = setTimeout(() => complete(true), options.maxStreamMs ?? 1_000);
      }
      const bodyLength = buffer.length - head.bodyStart;
      const declared = head.headers["content-length"];
      if (request.method === "HEAD" || head.status === 204 || head.status === 304) return complete(false);
      if (declared !== undefined && bodyLength >= Number(declared)) return complete(false);
      if (head.headers["transfer-encoding"]?.toLowerCase().includes("chunked") && buffer.subarray(head.bodyStart).toString("latin1").endsWith("0\r\n\r\n")) return complete(false);
      if (isStream()) {
        clearTimeout(quiet);
        quiet = setTimeout(() => complete(true), options.streamQuietMs ?? 30);
      }
    };
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      onData();
    });
    socket.on("end", () => complete(false));
    socket.on("close", () => complete(false));
    // A reset after a complete answer (an oversized body the server stopped reading) is normal.
    socket.on("error", (error) => (head ? complete(false) : finish({ ok: false, error: `socket error: ${error.message}` })));
    socket.write(requestBytes(port, request));
  });
}

function parseHead(text: string, bodyStart: number): { status: number; headers: Record<string, string>; text: string; bodyStart: number } {
  const [statusLine = "", ...lines] = text.split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? "0");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon === -1) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return { status, headers, text, bodyStart };
}

/** Chunked transfer coding to the body it carries (tolerant of a stream cut mid-chunk). */
function dechunk(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < raw.length) {
    const lineEnd = raw.indexOf("\r\n", at);
    if (lineEnd === -1) break;
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString("latin1"), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(raw.subarray(lineEnd + 2, Math.min(raw.length, lineEnd + 2 + size)));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
