import type { FormattedExecutionResult } from "graphql";
import { MAX_POST_BYTES, type ServerMessage } from "./protocol.js";

/**
 * Bytes of each payload as JSON. The fan-out renders one payload per document and seat
 * (shared-payloads.ts) and posts it to every subscriber running that document: measured once.
 */
const payloadBytes = new WeakMap<object, number>();

const bytesOf = (payload: FormattedExecutionResult): number => {
  let bytes = payloadBytes.get(payload);
  if (bytes === undefined) payloadBytes.set(payload, (bytes = Buffer.byteLength(JSON.stringify(payload), "utf8")));
  return bytes;
};

/**
 * A `next` message API Gateway will post: `payload` itself, or, when that is over the 128 KB a
 * posted message may hold (a golnard-football view with every legal action can be), an error
 * with PAYLOAD_TOO_LARGE saying `what` was too large and how to get it instead (`extensions` add
 * to the error's: a subscription's update names its `version`, so the client knows which one it
 * must read). A failed post would lose the message and fail the route; this way the client
 * learns what it missed.
 */
export function postableNext(id: string, payload: FormattedExecutionResult, what: string, extensions: Record<string, unknown> = {}): ServerMessage {
  const next: ServerMessage = { type: "next", id, payload };
  // The message is the payload inside {"type":"next","id":...,"payload":...}.
  if (bytesOf(payload) + Buffer.byteLength(JSON.stringify({ type: "next", id, payload: null }), "utf8") - 4 <= MAX_POST_BYTES) return next;
  const message = `${what} is larger than the ${MAX_POST_BYTES} bytes a WebSocket message may carry here: read the match over HTTP, or select fewer fields`;
  return { type: "next", id, payload: { data: null, errors: [{ message, extensions: { code: "PAYLOAD_TOO_LARGE", limit: MAX_POST_BYTES, ...extensions } }] } };
}
