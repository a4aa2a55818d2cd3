import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { codeFindings, graphqlCodes, type InspectedAnswer } from "./answer-checks.js";
import type { Repro } from "./exchange.js";
import type { Target } from "./http-exchange.js";
import type { RawHttpRequest } from "./raw-http.js";

/**
 * A well-formed GraphQL request (as legal play builds it for HTTP) sent instead on a graphql-ws
 * connection of its own, with the request's bearer token in `connection_init`: the answer is
 * judged as the HTTP one would be, a `next` with data standing for 200 and an `error` message
 * (refused before running) for 400.
 */
export async function exchangeWs(target: Target, request: RawHttpRequest, options: { readonly allowed: ReadonlySet<string>; readonly where: string }): Promise<{ answer: InspectedAnswer; repro: Repro }> {
  const body = JSON.parse(String(request.body)) as { query: string; variables?: Record<string, unknown> };
  const header = request.headers.find(([name]) => name === "authorization")?.[1];
  const token = typeof header === "string" ? header.replace(/^Bearer /, "") : undefined;
  const frames: string[] = [];
  class RecordingWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols);
      this.on("message", (data) => frames.push(String(data)));
    }
  }
  const client = createClient({ url: `ws://127.0.0.1:${target.port}/graphql`, webSocketImpl: RecordingWebSocket, retryAttempts: 0, connectionParams: token ? { token } : {} });
  let json: unknown;
  let status = 0;
  let failure: string | null = null;
  try {
    await new Promise<void>((resolve) =>
      client.subscribe(body, {
        next: (result) => void ((json = result), (status = result.data ? 200 : 400)),
        error: (error) => {
          if (Array.isArray(error)) [json, status] = [{ errors: error }, 400];
          else failure = error instanceof Error ? error.message : `closed (${(error as { code?: number }).code ?? "?"})`;
          resolve();
        },
        complete: resolve,
      }),
    );
  } finally {
    await client.dispose();
  }
  const codes = graphqlCodes(json);
  const findings = failure ? [{ kind: "WebSocket", detail: `${options.where} over graphql-ws failed: ${failure}` }] : codeFindings(codes, options.allowed, options.where);
  const response = status === 0 ? null : { status, headers: {}, head: "", body: Buffer.from(JSON.stringify(json)), cut: false };
  const repro = { url: `ws://127.0.0.1:${target.port}/graphql`, connectionParams: token ? { token } : {}, subscribe: body };
  return {
    answer: { outcomes: codes.length > 0 ? codes.map((c) => `next ${c}`) : [status === 200 ? "next" : "no answer"], findings, json, response, codes, disclosed: frames.map((text) => ({ where: "a WebSocket frame", text, sent: JSON.stringify({ token, body }) })) },
    repro: { text: JSON.stringify(repro), json: repro },
  };
}
