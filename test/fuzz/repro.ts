import type { RawHttpRequest } from "./raw-http.js";

/** Bodies longer than this are abbreviated in the printed summary (the JSON report keeps them whole). */
const PRINTED_BODY_BYTES = 600;

/** A shell word for any bytes: '...' when plain, $'...' with \xNN escapes otherwise. */
export function shellWord(bytes: Buffer | string): string {
  const buffer = typeof bytes === "string" ? Buffer.from(bytes, "utf8") : bytes;
  const plain = buffer.every((b) => b >= 0x20 && b < 0x7f && b !== 0x27);
  if (plain) return `'${buffer.toString("latin1")}'`;
  let out = "";
  for (const b of buffer) {
    if (b === 0x27) out += "\\'";
    else if (b === 0x5c) out += "\\\\";
    else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b);
    else out += `\\x${b.toString(16).padStart(2, "0")}`;
  }
  return `$'${out}'`;
}

/** The request as one curl command line (runnable as printed, unless the body was abbreviated). */
export function curlOf(request: RawHttpRequest, base = "http://127.0.0.1:4000", abbreviate = true): string {
  const parts = ["curl -sS -i --path-as-is -g"];
  if (request.method === "HEAD") parts.push("-I");
  else if (request.method !== "GET" || request.body !== undefined) parts.push(`-X ${shellWord(request.method)}`);
  parts.push(shellWord(`${base}${request.target}`));
  for (const [name, value] of request.headers) parts.push(`-H ${shellWord(Buffer.concat([Buffer.from(`${name}: `, "latin1"), typeof value === "string" ? Buffer.from(value, "latin1") : value]))}`);
  if (request.body !== undefined) {
    const body = request.body;
    if (abbreviate && body.length > PRINTED_BODY_BYTES) {
      parts.push(`--data-binary ${shellWord(body.subarray(0, PRINTED_BODY_BYTES))}  # ... ${body.length} bytes in all, see the JSON report`);
    } else {
      parts.push(`--data-binary ${shellWord(body)}`);
    }
  }
  return parts.join(" ");
}

/** A value for the JSON report: text when it is valid UTF-8, base64 otherwise. */
export function bytesForReport(bytes: Buffer): { text: string } | { base64: string } {
  const text = bytes.toString("utf8");
  return Buffer.from(text, "utf8").equals(bytes) ? { text } : { base64: bytes.toString("base64") };
}

/** Shortens a long printed value, saying how long it was. */
export const abbreviate = (text: string, max = PRINTED_BODY_BYTES): string => (text.length <= max ? text : `${text.slice(0, max)}... (${text.length} chars)`);
