import type { Exchange, Finding } from "./exchange.js";

/**
 * Defects the fuzzer finds that are open and owned elsewhere. A finding one of these explains is
 * reported as tolerated (with the defect's id) instead of failing the run; each entry is as narrow
 * as the defect, and goes when the fix lands.
 *
 * None is open now. The two this list held, both fixed on the `newuser` branch and merged:
 * - `subscription-over-http`: a subscription sent over HTTP answered INTERNAL_SERVER_ERROR (a
 *   400 BAD_USER_INPUT now, src/api/graphql/no-subscription-rule.ts);
 * - `ws-variable-types`: a WebSocket subscription whose variables did not coerce got a `next`
 *   with INTERNAL_SERVER_ERROR (an `error` with BAD_USER_INPUT now).
 */
export interface KnownDefect {
  readonly id: string;
  readonly description: string;
  explains(exchange: Exchange, finding: Finding): boolean;
}

export const KNOWN_DEFECTS: readonly KnownDefect[] = [];

export const knownDefectOf = (exchange: Exchange, finding: Finding): KnownDefect | undefined => KNOWN_DEFECTS.find((d) => d.explains(exchange, finding));
