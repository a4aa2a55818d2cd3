import { TabulaError } from "../errors.js";

/**
 * The bearer token of a request: `Authorization: Bearer <token>`. No header means a
 * spectator; a header in another form is refused rather than silently ignored.
 */
export type Auth = { readonly token: string | undefined } | { readonly error: TabulaError };

export function parseAuthorization(value: string | undefined): Auth {
  if (value === undefined || value.trim() === "") return { token: undefined };
  const match = /^Bearer[ \t]+([\x21-\x7e]{1,512})[ \t]*$/i.exec(value.trim());
  if (!match) {
    return { error: new TabulaError("UNAUTHENTICATED", "the Authorization header must be `Bearer <token>`") };
  }
  return { token: match[1] };
}

/** The token, or the reason the header was refused. */
export function tokenOf(auth: Auth): string | undefined {
  if ("error" in auth) throw auth.error;
  return auth.token;
}
