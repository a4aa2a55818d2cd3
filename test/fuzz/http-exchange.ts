import { inspectHttp, type InspectedAnswer } from "./answer-checks.js";
import type { Repro } from "./exchange.js";
import { type RawHttpRequest, sendRaw } from "./raw-http.js";
import { bytesForReport, curlOf } from "./repro.js";
import type { World } from "./world.js";

/** Where the server under test listens, and the world the answers are judged against. */
export interface Target {
  readonly port: number;
  readonly world: World;
  /** A fresh idempotency key, unique over the run. */
  freshKey(): string;
  /** Where setup points the webhooks it registers (a receiver the run keeps); none: no webhooks. */
  readonly webhookUrl?: string;
}

/** Sends one raw request and runs the checks every answer gets. */
export async function exchangeHttp(
  target: Target,
  request: RawHttpRequest,
  options: { readonly shape: "rest" | "graphql"; readonly allowed: ReadonlySet<string>; readonly where: string },
): Promise<{ answer: InspectedAnswer; repro: Repro }> {
  const result = await sendRaw(target.port, request, { streamQuietMs: 25, maxStreamMs: 600 });
  const sent = Buffer.concat([Buffer.from(request.target, "utf8"), ...request.headers.map(([, v]) => Buffer.from(v)), request.body ?? Buffer.alloc(0)]).toString("latin1");
  const answer = inspectHttp(result, { world: target.world, sent, ...options, bodiless: request.method === "HEAD" });
  return { answer, repro: reproOf(target.port, request) };
}

export function reproOf(port: number, request: RawHttpRequest): Repro {
  return {
    text: curlOf(request, `http://127.0.0.1:${port}`),
    json: {
      method: request.method,
      target: request.target,
      headers: request.headers.map(([name, value]) => [name, typeof value === "string" ? value : bytesForReport(value)]),
      ...(request.body !== undefined ? { body: bytesForReport(request.body) } : {}),
    },
  };
}
