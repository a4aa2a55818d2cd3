/**
 * Transport-neutral HTTP shapes. The local node:http server and an API Gateway Lambda both
 * translate to and from these, so routing, limits and error mapping live in one place.
 */
export interface HttpRequest {
  readonly method: string;
  /** The path without the query string, e.g. `/api/matches/abc`. */
  readonly path: string;
  /** Query parameters; a repeated parameter keeps its last value. */
  readonly query: Readonly<Record<string, string | undefined>>;
  /** Header names in any case; they are compared case-insensitively. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The raw body; the API handlers refuse one over the limit (body-limit.ts). */
  readonly body: string;
  /** The client's address as the transport saw it (the socket's peer; API Gateway's `sourceIp`). */
  readonly sourceIp?: string | undefined;
  /** The transport's id of the request (the local server's `x-request-id`), for the lines logged about it. */
  readonly requestId?: string | undefined;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** Case-insensitive header lookup (API Gateway keeps the client's spelling, node lowercases). */
export function header(request: Pick<HttpRequest, "headers">, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const exact = request.headers[wanted]; // node's own spelling: the common case, without a scan
  if (exact !== undefined) return exact;
  for (const [key, value] of Object.entries(request.headers)) {
    // The length first: most lookups are of a header the request does not have.
    if (key.length === wanted.length && key.toLowerCase() === wanted && value !== undefined) return value;
  }
  return undefined;
}

/** The answer to HEAD: the GET's status and headers, its length included (RFC 9110 allows only the true one), no body. */
export const headResponse = (response: HttpResponse): HttpResponse =>
  response.body === "" ? response : { status: response.status, headers: { ...response.headers, "content-length": String(Buffer.byteLength(response.body)) }, body: "" };

export const jsonResponse = (status: number, value: unknown, headers: Record<string, string> = {}): HttpResponse => ({
  status,
  // nosniff: a browser never reads an answer (an error echoing what the client sent) as HTML.
  headers: { "content-type": "application/json; charset=utf-8", "x-content-type-options": "nosniff", "cache-control": "no-store", ...headers },
  body: JSON.stringify(value),
});

/** The media type without parameters, lowercased: `application/json; charset=utf-8` -> `application/json`. */
export const mediaType = (contentType: string | undefined): string | undefined =>
  contentType?.split(";")[0]?.trim().toLowerCase() || undefined;

export const isJsonMediaType = (contentType: string | undefined): boolean => {
  const type = mediaType(contentType);
  return type === "application/json" || (type !== undefined && /^application\/[a-z0-9.+-]*\+json$/.test(type));
};
