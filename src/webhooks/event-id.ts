import { createHash } from "node:crypto";

/**
 * The `webhook-id` of an event: a hash of what identifies it, never a random id, so the worker
 * that redelivers it (after a crash, a retry, a replay of the log) sends the same id and a
 * receiver can drop the duplicate. JSON of the parts keeps them apart ("a.b" + "c" is not "a" +
 * "b.c"); 128 bits of SHA-256 are plenty against collisions and keep the header short. The
 * `msg_` prefix is the Standard Webhooks examples' own.
 */
export const webhookEventId = (...parts: readonly (string | number)[]): string =>
  `msg_${createHash("sha256").update(JSON.stringify(parts)).digest("base64url").slice(0, 22)}`;
