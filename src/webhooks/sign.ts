import { createHmac, randomBytes } from "node:crypto";

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): a secret is `whsec_` and the
 * base64 of its key; each delivery carries `webhook-id`, `webhook-timestamp` (Unix seconds) and
 * `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`. Receivers verify
 * with any of the spec's libraries, so this file follows the spec to the byte and nothing else.
 */
export const SECRET_PREFIX = "whsec_";

/** The spec's advice: keys of 24 to 64 bytes. Ours are 32, the HMAC-SHA256 block's half and its output's size. */
const MIN_KEY_BYTES = 24;
const MAX_KEY_BYTES = 64;
const KEY_BYTES = 32;

export type WebhookHeaders = {
  readonly "webhook-id": string;
  readonly "webhook-timestamp": string;
  readonly "webhook-signature": string;
};

/** A new secret, from the system's cryptographic random source; shown once, when the webhook is registered or its secret rotated. */
export const generateSecret = (): string => `${SECRET_PREFIX}${randomBytes(KEY_BYTES).toString("base64")}`;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The key of a `whsec_` secret; throws on anything else, so a mistyped secret fails at registration, not as a bad signature later. */
export function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : null;
  if (encoded === null || !BASE64.test(encoded) || encoded.length % 4 !== 0) throw new Error(`A webhook secret is "${SECRET_PREFIX}" and base64`);
  const key = Buffer.from(encoded, "base64");
  if (key.length < MIN_KEY_BYTES || key.length > MAX_KEY_BYTES) throw new Error(`A webhook secret's key has ${MIN_KEY_BYTES} to ${MAX_KEY_BYTES} bytes, not ${key.length}`);
  return key;
}

/** One `v1,` signature of `id.timestamp.body` (timestamp in whole Unix seconds). */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac("sha256", secretKey(secret)).update(`${id}.${timestamp}.`).update(body, "utf8").digest("base64");
  return `v1,${mac}`;
}

/**
 * The three headers of one delivery attempt. `secrets` are every secret the webhook has now:
 * while one is rotated, both old and new sign (the spec lets `webhook-signature` list several,
 * space-separated), so a receiver still on the old one keeps verifying. `at` is the attempt's
 * time, not the event's: each retry is signed afresh, or a receiver's replay window (five
 * minutes in the spec's libraries) would refuse every retry after the first few.
 */
export function signHeaders(secrets: string | readonly string[], id: string, at: Date, body: string): WebhookHeaders {
  const all = typeof secrets === "string" ? [secrets] : secrets;
  if (all.length === 0) throw new Error("A webhook needs a secret to sign with");
  // The spec's ids and signatures are space-separated lists and dot-joined parts: an id with either would be ambiguous.
  if (id.length === 0 || /[\s.,]/.test(id)) throw new Error(`Not a webhook id: "${id}"`);
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": all.map((secret) => signature(secret, id, timestamp, body)).join(" "),
  };
}
