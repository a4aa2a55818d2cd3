import type { TabulaService } from "../service.js";
import { type Auth, parseAuthorization } from "../auth.js";
import type { RateLimitKind } from "../rate-limit.js";

/** Per request: the one service and the caller's bearer token (or why its header was refused). */
export interface GraphqlContext {
  readonly service: TabulaService;
  readonly auth: Auth;
  /** Over HTTP with a rate limiter: counts `cost` requests of `kind`, throwing RATE_LIMITED when over. */
  readonly admit?: ((kind: RateLimitKind, cost: number) => void) | undefined;
  /** The transport's id of the request, for the lines logged about it. */
  readonly requestId?: string | undefined;
}

export const createContext = (service: TabulaService, authorization: string | undefined, admit?: GraphqlContext["admit"], requestId?: string): GraphqlContext => ({
  service,
  auth: parseAuthorization(authorization),
  ...(admit ? { admit } : {}),
  ...(requestId ? { requestId } : {}),
});
