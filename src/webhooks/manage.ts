import { randomUUID } from "node:crypto";
import { TabulaError } from "../errors.js";
import { requirePlayer } from "../service/authenticate-player.js";
import { viewerSeat } from "../service/authenticate.js";
import type { Bearer } from "../service/credential.js";
import type { ServiceDeps, WebhookDeps } from "../service/deps.js";
import { loadMatch } from "../service/load-match.js";
import { DELIVERY_LOG_KEPT, type DeliveryEntry, type WebhookOwner, type WebhookRecord } from "../store/webhook-store.js";
import { deliveryAnswer, webhookAnswer, type WebhookAnswer, type WebhookDeliveryAnswer } from "./answers.js";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./event-types.js";
import { generateSecret } from "./sign.js";
import { checkWebhookUrl } from "./target-policy.js";

/** After a rotation the previous secret keeps signing (beside the new one) this long. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;
/** Webhooks one owner (a seat of a match, a player) may have. */
export const MAX_WEBHOOKS_PER_OWNER = 10;

/**
 * By default a webhook hears all that happens in its matches: every type but the test (sent on
 * request anyway) and clock warnings, which a minutes-per-move match would send at nearly every
 * turn: those are asked for by name.
 */
const DEFAULT_EVENTS: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES.filter((t) => t !== "webhook.test" && t !== "clock.warning");

export interface CreateWebhookInput {
  readonly url: string;
  readonly events?: readonly WebhookEventType[] | null | undefined;
  readonly matchId?: string | null | undefined;
  readonly playerId?: string | null | undefined;
  readonly clockWarningSeconds?: number | null | undefined;
}

export interface WebhookWithSecret {
  readonly webhook: WebhookAnswer;
  readonly secret: string;
}

function webhookDeps(deps: ServiceDeps): WebhookDeps {
  if (!deps.webhooks) throw new TabulaError("NOT_FOUND", "webhooks are not served here");
  return deps.webhooks;
}

const requireToken = (bearer: Bearer): void => {
  if (!bearer) throw new TabulaError("UNAUTHENTICATED", "a seat or player token is required: Authorization: Bearer <token>");
};

/** The URL as the policy allows it, or BAD_USER_INPUT with the policy's reason. */
function checkedUrl(hooks: WebhookDeps, url: string): string {
  const check = checkWebhookUrl(url, hooks.policy);
  if (!check.ok) throw new TabulaError("BAD_USER_INPUT", `webhook URL refused: ${check.message}`, { field: "url", reason: check.reason });
  return url;
}

function checkedEvents(events: readonly string[] | null | undefined): WebhookEventType[] {
  if (events === null || events === undefined) return [...DEFAULT_EVENTS];
  if (events.length === 0) throw new TabulaError("BAD_USER_INPUT", "`events` lists at least one event type (omit it for all)", { field: "events" });
  const unknown = events.filter((e) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(e));
  if (unknown.length > 0) throw new TabulaError("BAD_USER_INPUT", `unknown event types: ${unknown.join(", ")}; use ${WEBHOOK_EVENT_TYPES.join(", ")}`, { field: "events" });
  return WEBHOOK_EVENT_TYPES.filter((t) => events.includes(t));
}

/** The owner a token speaks for: a seat of the match (its seat token, or its player's), or the player itself. */
async function ownerOf(deps: ServiceDeps, bearer: Bearer, target: { matchId?: string | null | undefined; playerId?: string | null | undefined }): Promise<WebhookOwner> {
  requireToken(bearer);
  if (target.matchId) {
    const { secrets } = await loadMatch(deps.store, target.matchId);
    const seat = viewerSeat(bearer, secrets)!;
    return { scope: "match", matchId: target.matchId, seat };
  }
  const player = await requirePlayer(deps, bearer);
  if (target.playerId && target.playerId !== player.id) throw new TabulaError("FORBIDDEN", "this token is not that player's");
  return { scope: "player", playerId: player.id };
}

/** The webhook of `id` if the token speaks for its owner: FORBIDDEN otherwise, NOT_FOUND if there is none. */
async function ownedWebhook(deps: ServiceDeps, id: string, bearer: Bearer): Promise<WebhookRecord> {
  const hooks = webhookDeps(deps);
  requireToken(bearer);
  const found = await hooks.store.get(id);
  if (!found) throw new TabulaError("NOT_FOUND", `no webhook with id "${id}"`);
  const { owner } = found;
  if (owner.scope === "player") {
    const player = await requirePlayer(deps, bearer);
    if (player.id !== owner.playerId) throw new TabulaError("FORBIDDEN", "this webhook is another player's");
  } else {
    const { secrets } = await loadMatch(deps.store, owner.matchId);
    if (viewerSeat(bearer, secrets) !== owner.seat) throw new TabulaError("FORBIDDEN", "this webhook is another seat's");
  }
  return found;
}

export async function createWebhook(deps: ServiceDeps, input: CreateWebhookInput, bearer: Bearer): Promise<WebhookWithSecret> {
  const hooks = webhookDeps(deps);
  if (Boolean(input.matchId) === Boolean(input.playerId)) throw new TabulaError("BAD_USER_INPUT", "name exactly one of `matchId` (a match webhook) and `playerId` (a player webhook)");
  const owner = await ownerOf(deps, bearer, input);
  const url = checkedUrl(hooks, input.url);
  const events = checkedEvents(input.events);
  const existing = owner.scope === "player" ? await hooks.store.listByPlayer(owner.playerId) : (await hooks.store.listByMatch(owner.matchId)).filter((w) => w.owner.scope === "match" && w.owner.seat === owner.seat);
  if (existing.length >= MAX_WEBHOOKS_PER_OWNER) throw new TabulaError("BAD_USER_INPUT", `at most ${MAX_WEBHOOKS_PER_OWNER} webhooks per ${owner.scope === "player" ? "player" : "seat of a match"}; delete one first`);
  // A match webhook hears what comes after its registration: its cursor starts at the match's version now.
  const startVersion = owner.scope === "match" ? (await loadMatch(deps.store, owner.matchId)).state.version : null;
  const at = deps.now().toISOString();
  const secret = generateSecret();
  for (let tries = 0; tries < 5; tries++) {
    const webhook: WebhookRecord = {
      id: `wh_${deps.randomBytes(16).toString("base64url")}`,
      owner,
      url,
      events,
      secrets: { current: secret, previous: null },
      status: "active",
      reason: null,
      ...(input.clockWarningSeconds ? { clockWarningSeconds: input.clockWarningSeconds } : {}),
      createdAt: at,
      updatedAt: at,
    };
    if (!(await hooks.store.create(webhook))) continue;
    if (startVersion !== null && owner.scope === "match") await hooks.store.setCursor(webhook.id, owner.matchId, { version: startVersion, sent: [], attempt: 0, nextAttemptAt: null });
    await hooks.changed?.(webhook.id);
    return { webhook: webhookAnswer(webhook, deps.now()), secret };
  }
  throw new Error("no free webhook id after 5 draws");
}

/** The caller's webhooks: with `matchId`, those of its seat in that match; without, its player's. */
export async function listWebhooks(deps: ServiceDeps, input: { matchId?: string | null | undefined }, bearer: Bearer): Promise<{ webhooks: WebhookAnswer[] }> {
  const hooks = webhookDeps(deps);
  const owner = await ownerOf(deps, bearer, { matchId: input.matchId });
  const found = owner.scope === "player" ? await hooks.store.listByPlayer(owner.playerId) : (await hooks.store.listByMatch(owner.matchId)).filter((w) => w.owner.scope === "match" && w.owner.seat === owner.seat);
  const now = deps.now();
  return { webhooks: found.map((w) => webhookAnswer(w, now)) };
}

export interface UpdateWebhookInput {
  readonly id: string;
  readonly url?: string | null | undefined;
  readonly events?: readonly WebhookEventType[] | null | undefined;
  /** true: pause; false: resume (a disabled webhook too, which then gets what it missed). */
  readonly paused?: boolean | null | undefined;
  readonly clockWarningSeconds?: number | null | undefined;
}

export async function updateWebhook(deps: ServiceDeps, input: UpdateWebhookInput, bearer: Bearer): Promise<WebhookAnswer> {
  const hooks = webhookDeps(deps);
  const found = await ownedWebhook(deps, input.id, bearer);
  const url = input.url === null || input.url === undefined ? found.url : checkedUrl(hooks, input.url);
  const events = input.events === null || input.events === undefined ? [...found.events] : checkedEvents(input.events);
  const status = input.paused === true ? "paused" : input.paused === false ? "active" : found.status;
  const lead = input.clockWarningSeconds ?? found.clockWarningSeconds;
  const updated: WebhookRecord = { ...found, url, events, status, reason: status === "disabled" ? found.reason : null, clockWarningSeconds: lead, updatedAt: deps.now().toISOString() };
  if (!(await hooks.store.update(updated))) throw new TabulaError("NOT_FOUND", `no webhook with id "${input.id}"`);
  // Changed while active (a new lead, clock warnings asked for) or resumed: it is looked at again.
  if (updated.status === "active") await hooks.changed?.(updated.id);
  return webhookAnswer(updated, deps.now());
}

export async function rotateWebhookSecret(deps: ServiceDeps, input: { id: string }, bearer: Bearer): Promise<WebhookWithSecret> {
  const hooks = webhookDeps(deps);
  const found = await ownedWebhook(deps, input.id, bearer);
  const now = deps.now();
  const secret = generateSecret();
  const updated: WebhookRecord = {
    ...found,
    secrets: { current: secret, previous: { secret: found.secrets.current, until: new Date(now.getTime() + SECRET_OVERLAP_MS).toISOString() } },
    updatedAt: now.toISOString(),
  };
  if (!(await hooks.store.update(updated))) throw new TabulaError("NOT_FOUND", `no webhook with id "${input.id}"`);
  return { webhook: webhookAnswer(updated, now), secret };
}

export async function deleteWebhook(deps: ServiceDeps, input: { id: string }, bearer: Bearer): Promise<{ deleted: boolean; id: string }> {
  const hooks = webhookDeps(deps);
  await ownedWebhook(deps, input.id, bearer);
  if (!(await hooks.store.delete(input.id))) throw new TabulaError("NOT_FOUND", `no webhook with id "${input.id}"`);
  return { deleted: true, id: input.id };
}

export async function webhookDeliveries(deps: ServiceDeps, input: { id: string; limit?: number | null | undefined }, bearer: Bearer): Promise<{ deliveries: WebhookDeliveryAnswer[] }> {
  const hooks = webhookDeps(deps);
  await ownedWebhook(deps, input.id, bearer);
  const entries = await hooks.store.deliveries(input.id, input.limit ?? DELIVERY_LOG_KEPT);
  return { deliveries: entries.map(deliveryAnswer) };
}

export async function testWebhook(deps: ServiceDeps, input: { id: string }, bearer: Bearer): Promise<WebhookDeliveryAnswer> {
  const hooks = webhookDeps(deps);
  const found = await ownedWebhook(deps, input.id, bearer);
  if (!hooks.sendTest) throw new TabulaError("NOT_FOUND", "test deliveries are not served here");
  const entry: DeliveryEntry = await hooks.sendTest(found, randomUUID());
  return deliveryAnswer(entry);
}
