import type { PublicError } from "./errors.js";
import { LIMITS } from "./limits.js";

/**
 * The one request-body limit, for both APIs on every transport. The API handlers check the body
 * they are handed; the local server also stops reading there, so it never holds more.
 */
export const BODY_LIMIT_BYTES = LIMITS.maxBodyBytes;

export const bodyTooLarge = (): PublicError => ({
  code: "PAYLOAD_TOO_LARGE",
  message: `the request body is over ${BODY_LIMIT_BYTES} bytes`,
  details: { limit: BODY_LIMIT_BYTES },
});

/** PAYLOAD_TOO_LARGE for a body over the limit, null for one within it. */
export const checkBodySize = (body: string): PublicError | null => (Buffer.byteLength(body, "utf8") > BODY_LIMIT_BYTES ? bodyTooLarge() : null);
