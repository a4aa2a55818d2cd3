import type { HttpResponse } from "./http.js";

/**
 * Browsers may call the API from any site (embeds, third-party clients). That is safe because
 * authentication is a bearer header, never a cookie: a cross-site page cannot act without a
 * token it was given.
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  // What a script may read beyond the safelisted headers: tags for conditional requests, the
  // created match, the next page of the log, how long to wait after RATE_LIMITED.
  "access-control-expose-headers": "etag, location, link, retry-after",
};

export const preflightResponse = (): HttpResponse => ({
  status: 204,
  headers: {
    ...CORS_HEADERS,
    "access-control-allow-methods": "GET, POST, OPTIONS",
    "access-control-allow-headers": "authorization, content-type, idempotency-key, if-match, if-none-match, apollo-require-preflight, x-apollo-operation-name",
    "access-control-max-age": "600",
  },
  body: "",
});
