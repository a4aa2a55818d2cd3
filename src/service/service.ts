import { abort, acceptDraw, acceptResignation, declineDraw, declineResignation, offerDraw, resign } from "./agreements.js";
import { claimTimeout } from "./claim-timeout.js";
import { createMatch, type CreateMatchInput } from "./create-match.js";
import { createPlayer } from "./create-player.js";
import type { Bearer } from "./credential.js";
import type { ServiceDeps } from "./deps.js";
import { finishOverdue } from "./finish-overdue.js";
import { getMatch, readMatch } from "./get-match.js";
import { joinMatch, type JoinMatchInput } from "./join-match.js";
import { listEvents } from "./list-events.js";
import { myMatches, type MyMatchesQuery } from "./my-matches.js";
import { openSubscription } from "./open-subscription.js";
import { rollDice } from "./roll-dice.js";
import { submitMove, type SubmitMoveInput } from "./submit-move.js";
import { updatesAfter } from "./updates-after.js";

type Token = Bearer;

/** The one service that GraphQL, REST and the Lambda handlers all call. */
export function createService(deps: ServiceDeps) {
  return {
    createPlayer: (name: string) => createPlayer(deps, name),
    createMatch: (input: CreateMatchInput, token?: Token) => createMatch(deps, input, token),
    joinMatch: (input: JoinMatchInput) => joinMatch(deps, input),
    rollDice: (matchId: string, token: Token) => rollDice(deps, matchId, token),
    submitMove: (input: SubmitMoveInput) => submitMove(deps, input),
    claimTimeout: (matchId: string, token: Token) => claimTimeout(deps, matchId, token),
    resign: (matchId: string, token: Token, value?: string) => resign(deps, matchId, token, value),
    acceptResignation: (matchId: string, token: Token) => acceptResignation(deps, matchId, token),
    declineResignation: (matchId: string, token: Token) => declineResignation(deps, matchId, token),
    offerDraw: (matchId: string, token: Token) => offerDraw(deps, matchId, token),
    acceptDraw: (matchId: string, token: Token) => acceptDraw(deps, matchId, token),
    declineDraw: (matchId: string, token: Token) => declineDraw(deps, matchId, token),
    abort: (matchId: string, token: Token) => abort(deps, matchId, token),
    finishOverdue: (limit?: number) => finishOverdue(deps, limit),
    getMatch: (matchId: string, token: Token) => getMatch(deps, matchId, token),
    readMatch: (matchId: string, token: Token) => readMatch(deps, matchId, token),
    myMatches: (token: Token, query?: MyMatchesQuery) => myMatches(deps, token, query),
    listEvents: (matchId: string, token: Token, after?: number, limit?: number) => listEvents(deps, matchId, token, after, limit),
    updatesAfter: (matchId: string, token: Token, after: number) => updatesAfter(deps, matchId, token, after),
    openSubscription: (matchId: string, afterVersion: number, tokenHash: string | null) => openSubscription(deps, matchId, afterVersion, tokenHash),
  };
}
export type TabulaService = ReturnType<typeof createService>;
