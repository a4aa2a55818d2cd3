import type { FormattedExecutionResult } from "graphql";
import { payloadJson } from "./payload-json.js";
import { MAX_POST_BYTES, type ServerMessage } from "../protocol.js";

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
  if (payloadJson(payload).bytes + Buffer.byteLength(JSON.stringify({ type: "next", id, payload: null }), "utf8") - 4 <= MAX_POST_BYTES) return next;
  const message = `${what} is larger than the ${MAX_POST_BYTES} bytes a WebSocket message may carry here: read the match over HTTP, or select fewer fields`;
  return { type: "next", id, payload: { data: null, errors: [{ message, extensions: { code: "PAYLOAD_TOO_LARGE", limit: MAX_POST_BYTES, ...extensions } }] } };
}
