import { createMatch, type CreateMatchInput } from "./create-match.js";
import type { ServiceDeps } from "./deps.js";
import { getMatch } from "./get-match.js";
import { listEvents } from "./list-events.js";
import { openSubscription } from "./open-subscription.js";
import { rollDice } from "./roll-dice.js";
import { submitMove, type SubmitMoveInput } from "./submit-move.js";
import { updatesAfter } from "./updates-after.js";

/** The one service that GraphQL, REST and the Lambda handlers all call. */
export function createService(deps: ServiceDeps) {
  return {
    createMatch: (input: CreateMatchInput) => createMatch(deps, input),
    rollDice: (matchId: string, token: string | undefined) => rollDice(deps, matchId, token),
    submitMove: (input: SubmitMoveInput) => submitMove(deps, input),
    getMatch: (matchId: string, token: string | undefined) => getMatch(deps, matchId, token),
    listEvents: (matchId: string, token: string | undefined, after?: number, limit?: number) => listEvents(deps, matchId, token, after, limit),
    updatesAfter: (matchId: string, token: string | undefined, after: number) => updatesAfter(deps, matchId, token, after),
    openSubscription: (matchId: string, afterVersion: number, tokenHash: string | null) => openSubscription(deps, matchId, afterVersion, tokenHash),
  };
}
export type TabulaService = ReturnType<typeof createService>;
