/** What one fuzzed request (or WebSocket session) did and what was wrong with its answer. */

export type Transport = "rest" | "graphql-post" | "graphql-get" | "ws" | "sse";

/** One violated guarantee, found in an answer or in what the store wrote. */
export interface Finding {
  /** A short stable label, for grouping: "5xx", "undocumented code", "secret leaked", ... */
  readonly kind: string;
  readonly detail: string;
}

/**
 * A command a request carried and what its answer said of it; the runner holds these against
 * the commits the store acknowledged meanwhile.
 */
export interface CommandClaim {
  /** `other`: a command on a match besides rolls and moves (resign, draw, abort, join, timeout). */
  readonly kind: "create" | "roll" | "move" | "other";
  /** The match a roll or move was aimed at (as sent). */
  readonly matchId?: string | undefined;
  /** The bearer token the server was given (null: none or unreadable). */
  readonly token: string | null;
  readonly accepted: boolean;
  /** No answer of its own came (a WebSocket session ended first): it may or may not have been carried out. */
  readonly unanswered?: boolean | undefined;
  readonly code?: string | undefined;
  /** `expectedVersion` when it was sent as a valid integer. */
  readonly expectedVersion?: number | undefined;
  readonly key?: string | undefined;
  /** The move as JSON text. */
  readonly moveJson?: string | undefined;
  /** The version the answer reported, when it selected one. */
  readonly responseVersion?: number | undefined;
  readonly purpose: "legal" | "hostile";
}

export interface Repro {
  /** One line to paste: a curl command, or a JSON description of a WebSocket session. */
  readonly text: string;
  /** The whole request for the JSON report (bodies in full). */
  readonly json: unknown;
}

/** Something the server sent, to be searched for secrets once the exchange's writes are in the model. */
export interface Disclosure {
  readonly where: string;
  readonly text: string;
  /** What the request carried: a secret echoed back from it is not disclosed. */
  readonly sent: string;
}

export interface Exchange {
  readonly transport: Transport;
  /** The documented operation(s) aimed at, or what else the target was ("not-found", "garbage"). */
  readonly operation: string;
  readonly purpose: "legal" | "hostile";
  /** For the histogram: "201", "409 NOT_YOUR_TURN", "next FORBIDDEN", "close 4400", ... */
  readonly outcomes: string[];
  readonly findings: Finding[];
  readonly claims: CommandClaim[];
  readonly repro: Repro;
  /** Tokens the answer handed out for matches it created, by match id. */
  readonly created: ReadonlyMap<string, string[]>;
  readonly disclosed: readonly Disclosure[];
  /** Match views in the answers; the model notes them once this exchange's writes are in. */
  readonly views: readonly Record<string, unknown>[];
}
