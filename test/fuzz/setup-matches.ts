import type { Json } from "../../src/engine/ruleset.js";
import { createdIn } from "./answer-checks.js";
import { allowedRestCodes } from "./expected-codes.js";
import type { Exchange } from "./exchange.js";
import { exchangeHttp, type Target } from "./http-exchange.js";
import { playTurn } from "./legal-traffic.js";
import type { FuzzMatch } from "./world.js";
import { WEBHOOK_EVENT_TYPES } from "../../src/webhooks/event-types.js";

/**
 * The live matches the fuzzing starts from: every ruleset and seat layout, small options so
 * legal play reaches the end now and then, each some turns in, one already finished (the
 * commands after the end, its revealed seed) and one held at a double nobody answers (a roll
 * there is DICE_NOT_DUE; legal play leaves it alone).
 */
export const SETUP_MATCHES: readonly { readonly body: Record<string, unknown>; readonly turns: number; readonly finish?: boolean; readonly hold?: boolean }[] = [
  { body: { ruleset: "backgammon" }, turns: 6 },
  { body: { ruleset: "backgammon", options: { cube: true } }, turns: 3 },
  { body: { ruleset: "backgammon", options: { matchLength: 3, cube: true } }, turns: 0 },
  { body: { ruleset: "backgammon", options: { cube: true } }, turns: 0, finish: true },
  { body: { ruleset: "backgammon", options: { cube: true } }, turns: 0, hold: true },
  { body: { ruleset: "golnard-estafeta", options: { variant: "sprint", teams: 3 } }, turns: 5 },
  { body: { ruleset: "golnard-estafeta", options: { teams: 2, lanes: [1, 2] } }, turns: 2 },
  { body: { ruleset: "golnard-football", seats: 2, options: { halfTurns: 2 } }, turns: 5 },
  { body: { ruleset: "golnard-football", seats: 4, options: { halfTurns: 2 } }, turns: 2 },
  { body: { ruleset: "golnard-football", seats: 10 }, turns: 0 },
  { body: { ruleset: "gol", options: { minutesPerHalf: 2, minSecondary: 2 } }, turns: 4 },
  { body: { ruleset: "gol" }, turns: 0 },
];

/** Creates one match through the API (checked like any request); its tokens come with the answer. */
export async function createSetupMatch(target: Target, body: Record<string, unknown>): Promise<Exchange> {
  const request = { method: "POST", target: "/api/matches", headers: [["content-type", "application/json"]] as [string, string][], body: Buffer.from(JSON.stringify(body)) };
  const { answer, repro } = await exchangeHttp(target, request, { shape: "rest", allowed: allowedRestCodes({ kind: "operation", name: "createMatch" }), where: "setup createMatch" });
  if (answer.response?.status !== 201) throw new Error(`setup: creating ${JSON.stringify(body)} failed: ${answer.outcomes.join(", ")}`);
  return { transport: "rest", operation: "createMatch", purpose: "legal", outcomes: answer.outcomes, findings: answer.findings, claims: [{ kind: "create", token: null, accepted: true, purpose: "legal" }], repro, created: createdIn(answer.json), disclosed: answer.disclosed, views: [] };
}

/**
 * Registers a webhook of every event for seat 0 of the match (with its token), so the webhook
 * routes meet real webhooks and every delivery can be searched for secrets.
 */
async function registerSetupWebhook(target: Target, match: FuzzMatch, url: string): Promise<Exchange> {
  const body = { url, matchId: match.id, events: [...WEBHOOK_EVENT_TYPES] };
  const request = { method: "POST", target: "/api/webhooks", headers: [["content-type", "application/json"], ["authorization", `Bearer ${match.tokens![0]}`]] as [string, string][], body: Buffer.from(JSON.stringify(body)) };
  const { answer, repro } = await exchangeHttp(target, request, { shape: "rest", allowed: allowedRestCodes({ kind: "operation", name: "createWebhook" }), where: "setup createWebhook" });
  const id = (answer.json as { webhook?: { id?: unknown } } | undefined)?.webhook?.id;
  if (answer.response?.status !== 201 || typeof id !== "string") throw new Error(`setup: registering a webhook of ${match.id} failed: ${answer.outcomes.join(", ")}`);
  match.webhookId = id;
  return { transport: "rest", operation: "createWebhook", purpose: "legal", outcomes: answer.outcomes, findings: answer.findings, claims: [], repro, created: new Map(), disclosed: answer.disclosed, views: [] };
}

/** Plays a cube match to its end: roll and move until a double can be offered, then drop it (or, held, leave it unanswered). */
export const finishingChoice = (phase: string, moves: readonly Json[]): Json | "roll" => {
  if (moves.includes("drop")) return "drop";
  if (moves.includes("double")) return "double";
  return phase === "roll" ? "roll" : moves[0]!;
};

/** Creates every setup match and plays its turns, handing each exchange to `emit` as it is answered. */
export async function setUpMatches(target: Target, emit: (exchange: Exchange) => void): Promise<void> {
  const { world } = target;
  for (const spec of SETUP_MATCHES) {
    emit(await createSetupMatch(target, spec.body));
    const match = world.matches.at(-1)!;
    if (target.webhookUrl) emit(await registerSetupWebhook(target, match, target.webhookUrl));
    const doubled = () => match.log.at(-1)?.type === "MovePlayed" && (match.log.at(-1)!.data as { move?: unknown }).move === "double";
    const toTheCube = spec.finish || spec.hold;
    for (let turn = 0; turn < (toTheCube ? 60 : spec.turns) && !world.finished(match) && !(spec.hold && doubled()); turn++) {
      const choose = toTheCube ? finishingChoice : (phase: string, moves: readonly Json[]) => (phase === "roll" ? "roll" : moves[turn % moves.length]!);
      await playTurn(target, match, emit, { via: turn % 2 === 0 ? "rest" : "graphql", seatPick: turn, withVersion: true, withKey: turn % 3 === 0, retry: false, choose });
    }
    if (spec.finish && !world.finished(match)) throw new Error("setup: the cube match did not finish");
    if (spec.hold && !doubled()) throw new Error("setup: the cube match was not doubled");
    match.held = spec.hold;
  }
}
