/**
 * Request limits shared by GraphQL and REST. They bound the work one request can cause; the
 * numbers are documented in docs/api.md and in the OpenAPI document.
 */
export const LIMITS = {
  /** Request body, in bytes (UTF-8). Larger bodies get PAYLOAD_TOO_LARGE (HTTP 413). */
  maxBodyBytes: 64 * 1024,
  /** A move or the match options, serialized as JSON, in bytes. */
  maxMoveBytes: 4 * 1024,
  maxOptionsBytes: 4 * 1024,
  /** Nesting of a move or the options (arrays and objects); every ruleset's need is a handful. */
  maxJsonDepth: 32,
  /** Idempotency keys are 1..128 characters. */
  maxIdempotencyKeyLength: 128,
  /** Brackets open at once in a GraphQL document ({, [, ( together); the introspection query needs 15. */
  maxDocumentNesting: 64,
  /** Tokens in one GraphQL document (names, punctuation, values). */
  maxQueryTokens: 4000,
  /** Nesting of fields in one GraphQL operation (the schema itself is 3 deep). */
  maxQueryDepth: 10,
  /** Fields in one GraphQL operation after expanding fragments; every alias counts. */
  maxQueryFields: 200,
  /**
   * Introspection (`__schema`, `__type`) is kept on for an open API; the standard introspection
   * query is 15 deep with about 220 fields, so it gets its own budget. graphql-js's
   * MaxIntrospectionDepthRule additionally stops nested list fields (`fields { type { fields ...`).
   */
  maxIntrospectionDepth: 20,
  maxIntrospectionFields: 1000,
  /** Events returned by one page. */
  maxEventsPage: 500,
  /**
   * Live subscriptions (`matchUpdated`) open at once on one WebSocket connection, and over all
   * the connections of one client address (IPv6 by its /64). Over either the subscription is
   * refused with TOO_MANY_SUBSCRIPTIONS; those already running go on. Each costs memory and a
   * share of every commit's fan-out, so a client cannot make others' pushes slow.
   */
  maxSubscriptionsPerConnection: 100,
  maxSubscriptionsPerAddress: 1000,
} as const;
