import type { Bearer } from "../service/credential.js";
import type { ServiceDeps } from "../service/deps.js";
import { finishOverdue } from "../service/finish-overdue.js";
import { getMatch, readInboxMatch, readMatch } from "../service/get-match.js";
import type { InboxRow } from "../match/inbox-rows.js";
import { openSubscription } from "../service/open-subscription.js";
import { updatesAfter } from "../service/updates-after.js";
import type { OperationSpec, ServedOperation } from "./operation.js";
import { OPERATION_NAMES, OPERATIONS } from "./operations.js";

type Operations = typeof OPERATIONS;
/** Each operation the service runs, as `name(input, bearer)`: its declared input, the service's result. */
type OperationCalls = {
  readonly [N in keyof Operations as Operations[N] extends { answers: "transport" } ? never : N]: Operations[N] extends ServedOperation<infer I, infer R> ? (input: I, bearer?: Bearer) => Promise<R> : never;
};

/**
 * The one service that GraphQL, REST, the WebSocket routes and the Lambda handlers all call:
 * every declared operation (operations.ts) bound to the service's dependencies, and what the
 * transports need besides (the live paths' reads, the deadline sweep).
 */
export function createService(deps: ServiceDeps) {
  const calls = Object.fromEntries(
    OPERATION_NAMES.flatMap((name) => {
      const operation: OperationSpec = OPERATIONS[name];
      return operation.answers === "transport" ? [] : [[name, (input: unknown, bearer?: Bearer) => operation.run(deps, input, bearer)]];
    }),
  ) as OperationCalls;
  return {
    ...calls,
    deps,
    finishOverdue: (limit?: number) => finishOverdue(deps, limit),
    /** The match as the bearer's seat (or a spectator) sees it, to build a view from. */
    readMatch: (matchId: string, token: Bearer) => readMatch(deps, matchId, token),
    /** The match of an inbox entry, as the player's seat (or the seat it is invited to) sees it. */
    readInboxMatch: (entry: Pick<InboxRow, "matchId" | "seat" | "invited">, token: Bearer) => readInboxMatch(deps, entry, token),
    /** The whole view of a read. */
    matchView: (matchId: string, token: Bearer) => getMatch(deps, matchId, token),
    updatesAfter: (matchId: string, token: Bearer, after: number) => updatesAfter(deps, matchId, token, after),
    openSubscription: (matchId: string, afterVersion: number, tokenHash: string | null) => openSubscription(deps, matchId, afterVersion, tokenHash),
  };
}
export type TabulaService = ReturnType<typeof createService>;
export type ServedName = keyof OperationCalls;

/** Runs a declared operation through the facade, for a transport that knows it by name only (its input already checked). */
export const call = (service: TabulaService, name: ServedName, input: unknown, bearer: Bearer): Promise<unknown> =>
  (service[name] as (input: unknown, bearer: Bearer) => Promise<unknown>)(input, bearer);
