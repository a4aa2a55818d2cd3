import { parseAuthorization } from "../api/auth.js";
import { TabulaError } from "../errors.js";
import { type Credential, credentialOf } from "../service/credential.js";

/**
 * The credential of the seat or player token a WebSocket client sent in its `connection_init`
 * payload (a connection keeps only its hash, never the token), or null for a spectator. Browsers cannot set headers on a
 * WebSocket, so the token travels there: `{"authorization": "Bearer <token>"}` (also accepted:
 * `{"token": "<token>"}`, or `headers.authorization`).
 */
export function credentialOfConnectionParams(params: unknown): Credential | null {
  const token = tokenOf(params);
  return token ? credentialOf(token) : null;
}

function tokenOf(params: unknown): string | undefined {
  if (params === null || params === undefined || typeof params !== "object") return undefined;
  const p = params as { authorization?: unknown; Authorization?: unknown; token?: unknown; headers?: { authorization?: unknown } };
  if (typeof p.token === "string" && p.token !== "") return p.token;
  const header = p.authorization ?? p.Authorization ?? p.headers?.authorization;
  if (header === undefined || header === null || header === "") return undefined;
  const auth = typeof header === "string" ? parseAuthorization(header) : null;
  if (!auth || "error" in auth) throw new TabulaError("UNAUTHENTICATED", "the authorization in connection_init must be `Bearer <token>`");
  return auth.token;
}
