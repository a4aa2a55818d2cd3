import fc from "fast-check";
import type { Exchange } from "./exchange.js";
import { type GraphqlIntent, graphqlIntent, runGraphql } from "./graphql-traffic.js";
import type { Target } from "./http-exchange.js";
import { type LegalIntent, legalIntent, runLegal } from "./legal-traffic.js";
import { type NearMissIntent, nearMissIntent, runNearMiss } from "./near-miss-traffic.js";
import { type RestIntent, restIntent, runRest } from "./rest-traffic.js";
import { runSse, type SseIntent, sseIntent } from "./sse-traffic.js";
import { runWs, type WsIntent, wsIntent } from "./ws-traffic.js";

/** One step of the run: a hostile request on some transport, or a legal turn. */
export type Intent = RestIntent | GraphqlIntent | WsIntent | SseIntent | LegalIntent | NearMissIntent;

/**
 * The mix: mostly hostile HTTP, a good share of WebSocket sessions and streams, commands with
 * one flaw (which reach the rules), and legal play.
 */
export const intent: fc.Arbitrary<Intent> = fc.oneof(
  { weight: 26, arbitrary: restIntent },
  { weight: 24, arbitrary: graphqlIntent },
  { weight: 12, arbitrary: wsIntent },
  { weight: 8, arbitrary: sseIntent },
  { weight: 10, arbitrary: nearMissIntent },
  { weight: 10, arbitrary: legalIntent },
);

/** Runs one step; each exchange goes to `emit` as soon as it is answered, before the next is sent. */
export async function run(step: Intent, target: Target, emit: (exchange: Exchange) => void): Promise<void> {
  switch (step.kind) {
    case "rest":
      return emit(await runRest(step, target));
    case "graphql":
      return emit(await runGraphql(step, target));
    case "ws":
      return emit(await runWs(step, target));
    case "sse":
      return emit(await runSse(step, target));
    case "legal":
      return runLegal(step, target, emit);
    case "near-miss":
      return runNearMiss(step, target, emit);
  }
}

/**
 * The intents of a run, generated lazily in chunks from the seed: the same seed gives the same
 * sequence, and values range from small to large within each chunk as fast-check's bias does.
 */
export function* intents(seed: number, chunk = 100): Generator<Intent> {
  for (let n = 0; ; n++) yield* fc.sample(intent, { seed: (seed * 1_000_003 + n) | 0, numRuns: chunk });
}
