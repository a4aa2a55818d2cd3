import fc from "fast-check";
import type { Json } from "../../src/engine/ruleset.js";
import { matchViewsIn } from "./answer-checks.js";
import type { OperationName } from "../../src/api/operations.js";
import { allowedGraphqlCodes, allowedRestCodes, restTargetOf } from "./expected-codes.js";
import type { CommandClaim, Exchange, Transport } from "./exchange.js";
import { exchangeHttp, type Target } from "./http-exchange.js";
import { exchangeWs } from "./ws-exchange.js";
import type { RawHttpRequest } from "./raw-http.js";
import { playableMatch } from "./world-refs.js";
import type { FuzzMatch } from "./world.js";

/**
 * The commands the model expects to succeed: read the match, read it as a seat that may act,
 * then roll or play one of its legal moves with the right token and version (sometimes keyed,
 * sometimes retried with the same key). These move every match along, so the hostile traffic
 * meets every phase, and they are what the final logs must consist of.
 */
export interface LegalIntent {
  readonly kind: "legal";
  readonly pick: number;
  readonly seatPick: number;
  readonly movePick: number;
  readonly via: Via;
  readonly preferMove: boolean;
  readonly withVersion: boolean;
  readonly withKey: boolean;
  readonly retry: boolean;
}

/** REST, GraphQL over HTTP, or the same GraphQL on a graphql-ws connection that acts with the seat's token. */
export type Via = "rest" | "graphql" | "ws";

export const legalIntent: fc.Arbitrary<LegalIntent> = fc.record({
  kind: fc.constant("legal" as const),
  pick: fc.nat(),
  seatPick: fc.nat(),
  movePick: fc.nat(),
  via: fc.constantFrom("rest" as const, "graphql" as const, "ws" as const),
  preferMove: fc.boolean(),
  withVersion: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  withKey: fc.boolean(),
  retry: fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});

const VIEW_FIELDS = "id version status seat toAct phase awaiting dice legalMoves";

export interface View {
  readonly id: string;
  readonly version: number;
  readonly status: string;
  readonly toAct: number[];
  readonly phase: string;
  readonly dice: number[] | null;
  readonly legalMoves: Json[];
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const bearer = (token: string | undefined): [string, string][] => (token ? [["authorization", `Bearer ${token}`]] : []);

export function readRequest(via: Via, id: string, token?: string): RawHttpRequest {
  if (via === "rest") return { method: "GET", target: `/api/matches/${id}`, headers: bearer(token) };
  return { method: "POST", target: "/graphql", headers: [["content-type", "application/json"], ...bearer(token)], body: json({ query: `query($id: ID!) { match(id: $id) { ${VIEW_FIELDS} } }`, variables: { id } }) };
}

export function commandRequest(via: Via, id: string, token: string | undefined, command: { move?: Json; expectedVersion?: number; key?: string }): RawHttpRequest {
  const headers: [string, string][] = [["content-type", "application/json"], ...bearer(token)];
  if (via === "rest") {
    if (command.move === undefined) return { method: "POST", target: `/api/matches/${id}/dice`, headers: bearer(token) };
    return { method: "POST", target: `/api/matches/${id}/moves`, headers, body: json({ move: command.move, ...(command.expectedVersion !== undefined ? { expectedVersion: command.expectedVersion } : {}), ...(command.key !== undefined ? { idempotencyKey: command.key } : {}) }) };
  }
  if (command.move === undefined) return { method: "POST", target: "/graphql", headers, body: json({ query: `mutation($id: ID!) { rollDice(matchId: $id) { ${VIEW_FIELDS} } }`, variables: { id } }) };
  return {
    method: "POST",
    target: "/graphql",
    headers,
    body: json({ query: `mutation($id: ID!, $move: JSON!, $v: Int, $key: String) { submitMove(matchId: $id, move: $move, expectedVersion: $v, idempotencyKey: $key) { ${VIEW_FIELDS} } }`, variables: { id, move: command.move, v: command.expectedVersion ?? null, key: command.key ?? null } }),
  };
}

/** Sends a well-formed read or command; `operation` names it for the GraphQL codes and the summary. */
export async function send(target: Target, via: Via, request: RawHttpRequest, operation: OperationName, purpose = "legal") {
  const routed = restTargetOf(request.method, request.target);
  const allowed = via === "rest" ? allowedRestCodes(routed) : allowedGraphqlCodes([operation]);
  const where = `${purpose} ${via} ${operation}`;
  const { answer, repro } = via === "ws" ? await exchangeWs(target, request, { allowed, where }) : await exchangeHttp(target, request, { shape: via, allowed, where });
  const data = via === "rest" ? answer.json : Object.values(((answer.json as { data?: Record<string, unknown> } | undefined)?.data ?? {}) as Record<string, unknown>)[0];
  const view = data && typeof data === "object" && typeof (data as View).version === "number" ? (data as View) : null;
  return { answer, repro, view, operation, views: [...matchViewsIn(data)] };
}

export const transportOf = (via: Via): Transport => ({ rest: "rest", graphql: "graphql-post", ws: "ws" })[via] as Transport;

/** How a turn is played: which transport, which of the seats that may act, which legal action. */
export interface TurnPlan {
  readonly via: Via;
  readonly seatPick: number;
  /** The legal move to play, or "roll"; only called with what the view offers. */
  choose(phase: string, moves: readonly Json[]): Json | "roll";
  readonly withVersion: boolean;
  readonly withKey: boolean;
  readonly retry: boolean;
}

/**
 * Runs one legal turn, handing each exchange to `emit` as soon as it is answered (the runner must
 * see what the store wrote before the next request is sent). Nothing when no match can be played.
 */
export async function runLegal(intent: LegalIntent, target: Target, emit: (exchange: Exchange) => void): Promise<void> {
  const match = playableMatch(target.world, intent.pick);
  if (!match?.tokens) return;
  await playTurn(target, match, emit, {
    ...intent,
    choose: (phase, moves) => (phase === "roll" && (moves.length === 0 || !intent.preferMove) ? "roll" : moves[intent.movePick % moves.length]!),
  });
}

export async function playTurn(target: Target, match: FuzzMatch, emit: (exchange: Exchange) => void, plan: TurnPlan): Promise<void> {
  if (!match.tokens) return;
  const record = (sent: Awaited<ReturnType<typeof send>>, claims: CommandClaim[] = [], findings = sent.answer.findings) =>
    emit({ transport: transportOf(plan.via), operation: sent.operation, purpose: "legal", outcomes: sent.answer.outcomes, findings, claims, repro: sent.repro, created: new Map(), disclosed: sent.answer.disclosed, views: sent.views });

  const spectator = await send(target, plan.via, readRequest(plan.via, match.id), "getMatch");
  record(spectator);
  if (!spectator.view || spectator.view.status === "FINISHED" || spectator.view.toAct.length === 0) return;
  const seat = spectator.view.toAct[plan.seatPick % spectator.view.toAct.length]!;
  const token = match.tokens[seat]!;
  const seen = await send(target, plan.via, readRequest(plan.via, match.id, token), "getMatch");
  const view = seen.view;
  const moves = view?.legalMoves ?? [];
  if (view && view.phase !== "roll" && moves.length === 0) {
    record(seen, [], [...seen.answer.findings, { kind: "no legal move offered", detail: `match ${match.id} (${match.ruleset}) awaits ${view.phase} of seat ${seat} at version ${view.version} but lists no legal move` }]);
    return;
  }
  record(seen);
  if (!view) return;
  const choice = plan.choose(view.phase, moves);
  const roll = choice === "roll";
  const move = roll ? undefined : choice;
  const command = { move, ...(plan.withVersion ? { expectedVersion: view.version } : {}), ...(plan.withKey && !roll ? { key: target.freshKey() } : {}) };
  if (command.key !== undefined) target.world.noteKeyedMove(match.id, command.key, JSON.stringify(move));
  const request = commandRequest(plan.via, match.id, token, command);
  for (let attempt = 0; attempt < (plan.retry && command.key !== undefined ? 2 : 1); attempt++) {
    const sent = await send(target, plan.via, request, roll ? "rollDice" : "submitMove");
    const accepted = sent.answer.response?.status === 200 && sent.view !== null;
    // RATE_LIMITED refuses a legal command without judging it; over API Gateway a WebSocket answer
    // past 128 KB is PAYLOAD_TOO_LARGE although the command ran.
    const tooLarge = plan.via === "ws" && sent.answer.codes[0] === "PAYLOAD_TOO_LARGE";
    const claim: CommandClaim = {
      kind: roll ? "roll" : "move",
      matchId: match.id,
      token,
      accepted,
      code: sent.answer.codes[0],
      expectedVersion: command.expectedVersion,
      key: command.key,
      moveJson: move === undefined ? undefined : JSON.stringify(move),
      responseVersion: sent.view?.version,
      purpose: "legal",
      ...(tooLarge ? { unanswered: true } : {}),
    };
    const refused = accepted || tooLarge || sent.answer.codes[0] === "RATE_LIMITED" ? [] : [{ kind: "legal command refused", detail: `${roll ? "a roll" : `the legal move ${JSON.stringify(move).slice(0, 120)}`} of seat ${seat} in ${match.ruleset} match ${match.id} at version ${view.version} was refused: ${sent.answer.outcomes.join(", ")}` }];
    record(sent, [claim], [...sent.answer.findings, ...refused]);
  }
}
