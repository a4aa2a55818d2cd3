import { TabulaError } from "../errors.js";
import type { Bearer } from "../service/credential.js";

/**
 * The bearer token of a request: `Authorization: Bearer <token>`. No header means a
 * spectator; a header in another form is refused rather than silently ignored. Over a WebSocket
 * the caller is the connection's credential (the hash of its token) instead.
 */
export type Auth = { readonly token: Bearer } | { readonly error: TabulaError };

export function parseAuthorization(value: string | undefined): { readonly token: string | undefined } | { readonly error: TabulaError } {
  if (value === undefined || value.trim() === "") return { token: undefined };
  const match = /^Bearer[ \t]+([\x21-\x7e]{1,512})[ \t]*$/i.exec(value.trim());
  if (!match) {
    return { error: new TabulaError("UNAUTHENTICATED", "the Authorization header must be `Bearer <token>`") };
  }
  return { token: match[1] };
}

/** The token, or the reason the header was refused. */
export function tokenOf(auth: Auth): Bearer {
  if ("error" in auth) throw auth.error;
  return auth.token;
}
