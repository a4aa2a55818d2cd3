import { TabulaError } from "../errors.js";
import { hashToken } from "../service/seat-tokens.js";
import { parseAuthorization } from "./auth.js";
import { header, type HttpRequest } from "./http.js";

/**
 * The hook through which a transport limits how often a caller may act. The API only says what a
 * request costs and answers RATE_LIMITED; the policy (token buckets per address and per token) is
 * the local server's (src/server/rate-limiter.ts). On AWS none is plugged in: API Gateway
 * throttles the routes before a function runs (infra/stack.ts). An operation's budget is the
 * `rateLimit` of its declaration (src/api/operations/).
 */
export const RATE_LIMIT_KINDS = ["command", "createMatch"] as const;
export type RateLimitKind = (typeof RATE_LIMIT_KINDS)[number];

export interface Caller {
  /** The client's address as the transport saw it. */
  readonly ip: string | undefined;
  /** The SHA-256 of the bearer token, if the request has a well-formed one (a WebSocket connection has only that). */
  readonly tokenHash: string | undefined;
}

/**
 * Seconds the caller must wait before `cost` requests of `kind` go through; 0: they go now, and
 * are counted, each of them; Infinity: never, as `cost` is more than the caller may send at once.
 */
export type RateLimiter = (kind: RateLimitKind, caller: Caller, cost: number) => number;

const KIND_NAMES: { readonly [K in RateLimitKind]: string } = { command: "commands", createMatch: "new matches and players" };

/** Counts `cost` requests of `kind` against the request's caller; throws RATE_LIMITED (with `retryAfter`, whole seconds) when over. */
export function admit(limiter: RateLimiter | undefined, kind: RateLimitKind, request: HttpRequest, cost = 1): void {
  if (!limiter) return;
  const auth = parseAuthorization(header(request, "authorization"));
  admitCaller(limiter, kind, { ip: request.sourceIp, tokenHash: "token" in auth && auth.token ? hashToken(auth.token) : undefined }, cost);
}

/** The same for a caller a transport already knows (a WebSocket connection: its address and token hash). */
export function admitCaller(limiter: RateLimiter, kind: RateLimitKind, caller: Caller, cost = 1): void {
  const wait = limiter(kind, caller, cost);
  if (wait <= 0) return;
  if (wait === Number.POSITIVE_INFINITY) {
    // No `retryAfter`: waiting cannot help, sending fewer at a time does.
    throw new TabulaError("RATE_LIMITED", `this request asks for ${cost} ${KIND_NAMES[kind]} at once, more than one client may send together; send fewer in one request`, { cost });
  }
  const retryAfter = Math.max(1, Math.ceil(wait));
  throw new TabulaError("RATE_LIMITED", `too many ${KIND_NAMES[kind]} from this client; retry in ${retryAfter} s`, { retryAfter });
}
