import type { Exchange, Finding } from "./exchange.js";

/**
 * Defects the fuzzer finds that are open and owned elsewhere. A finding one of these explains is
 * reported as tolerated (with the defect's id) instead of failing the run; each entry is as narrow
 * as the defect, and goes when the fix lands.
 */
export interface KnownDefect {
  readonly id: string;
  readonly description: string;
  explains(exchange: Exchange, finding: Finding): boolean;
}

export const KNOWN_DEFECTS: readonly KnownDefect[] = [
  {
    // Open, owned by the `newuser` branch (error handling of subscriptions over HTTP): Apollo
    // executes `subscription { matchUpdated }` sent over HTTP, the field resolves to null and
    // the answer is INTERNAL_SERVER_ERROR (logged as "Cannot return null for non-nullable field").
    id: "subscription-over-http",
    description: "a subscription sent over HTTP (POST or GET) answers INTERNAL_SERVER_ERROR instead of BAD_USER_INPUT",
    explains: (exchange, finding) =>
      (exchange.transport === "graphql-post" || exchange.transport === "graphql-get") &&
      exchange.operation.includes("matchUpdated") &&
      (finding.kind === "INTERNAL_SERVER_ERROR" || (finding.kind === "server logged an error" && finding.detail.includes("Subscription.matchUpdated"))),
  },
  {
    // Open, owned by the `newuser` branch (badly typed WebSocket variables): a subscription whose
    // variables do not coerce (`$id: ID!` given `true` or null, `$v: Int` given 1.5) gets a `next` with
    // INTERNAL_SERVER_ERROR (and the coercion error is logged as unexpected) instead of BAD_USER_INPUT.
    id: "ws-variable-types",
    description: "a WebSocket subscription with variables of the wrong type answers INTERNAL_SERVER_ERROR instead of BAD_USER_INPUT",
    explains: (exchange, finding) =>
      exchange.transport === "ws" &&
      ((finding.kind === "INTERNAL_SERVER_ERROR" && finding.detail.startsWith("WebSocket next")) ||
        (finding.kind === "server logged an error" && /^unexpected GraphQL error at request: Variable "\$\w+" (got invalid value|of non-null type "[^"]+" must not be null|of required type "[^"]+" was not provided)/.test(finding.detail))),
  },
];

export const knownDefectOf = (exchange: Exchange, finding: Finding): KnownDefect | undefined => KNOWN_DEFECTS.find((d) => d.explains(exchange, finding));
