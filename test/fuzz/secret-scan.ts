import type { World } from "./world.js";

/** Seat tokens are `tbl_` and 43 base64url characters (32 random bytes). */
const TOKEN = /tbl_[A-Za-z0-9_-]{43}/g;
/** Webhook signing secrets are `whsec_` and the base64 of their key. */
export const WEBHOOK_SECRET = /whsec_[A-Za-z0-9+/]{16,}={0,2}/g;
/** Dice seeds and token hashes are 64 hex digits; any hex run is searched, at every offset. */
const HEX_RUN = /[0-9a-fA-F]{64,}/g;

/**
 * Every secret of the world that `text` discloses: a seat token of any match (or its stored hash),
 * a webhook's signing secret, or the dice seed of a match that is not finished. A secret the request itself carried is not counted: echoing what
 * the client sent tells it nothing (and its own token is how it asked).
 *
 * `finishedHere` names a match that the text shows finished (a push of its MatchFinished), whose
 * seed may appear in it even if the model has not seen the end yet.
 */
export function leakedSecrets(text: string, world: World, sent: string, finishedHere?: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const [token] of text.matchAll(TOKEN)) {
    const owner = world.tokenOwner(token);
    if (owner && !sent.includes(token)) found.push(`the token of seat ${owner.seat} of match ${owner.match.id}`);
  }
  for (const [secret] of text.matchAll(WEBHOOK_SECRET)) {
    const webhook = world.webhookOfSecret(secret);
    if (webhook && !sent.includes(secret)) found.push(`a signing secret of webhook ${webhook}`);
  }
  for (const [run] of text.matchAll(HEX_RUN)) {
    const lower = run.toLowerCase();
    for (let at = 0; at + 64 <= lower.length; at++) {
      const hashed = world.tokenHashOwner(lower.slice(at, at + 64));
      if (hashed) found.push(`the token hash of seat ${hashed.seat} of match ${hashed.match.id}`);
      const owner = world.seedOwner(lower.slice(at, at + 64));
      if (owner && !world.finished(owner) && !finishedHere?.has(owner.id) && !sent.includes(lower.slice(at, at + 64))) {
        found.push(`the dice seed of unfinished match ${owner.id}`);
      }
    }
  }
  return [...new Set(found)];
}

/**
 * The webhook secrets an answer of `createWebhook` or `rotateWebhookSecret` issues (`{secret,
 * webhook: {id}}` anywhere in its JSON): handing out the new secret is what those answers are
 * for; any other answer that shows one leaks it.
 */
export function issuedWebhookSecrets(operation: string, text: string): { secret: string; webhookId: string }[] {
  if (!/createWebhook|rotateWebhookSecret/.test(operation)) return [];
  let json: unknown;
  try {
    // The disclosure is the answer's head and then its body.
    json = JSON.parse(text.slice(text.indexOf("\n{") + 1));
  } catch {
    return [];
  }
  const found: { secret: string; webhookId: string }[] = [];
  const walk = (value: unknown, depth: number): void => {
    if (depth > 6 || value === null || typeof value !== "object") return;
    const record = value as { secret?: unknown; webhook?: { id?: unknown } };
    if (typeof record.secret === "string" && record.secret.startsWith("whsec_")) found.push({ secret: record.secret, webhookId: typeof record.webhook?.id === "string" ? record.webhook.id : "(its id not selected)" });
    for (const child of Object.values(value)) walk(child, depth + 1);
  };
  walk(json, 0);
  return found;
}
