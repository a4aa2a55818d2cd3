import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { documentIntent } from "./graphql-documents.js";
import { World } from "./world.js";
import { runWs, type WsIntent } from "./ws-traffic.js";

/**
 * The 1006 closes of `npm run fuzz -- --gateway lambda` were the harness's own: a command sent
 * with an id the server cannot name (empty, or over 128 characters) is refused on the API
 * Gateway path by an `error` under the id `protocol` (it cannot close with a code), the session
 * went on waiting for an answer under the id it sent, ran to its deadline and terminated the
 * socket itself, and then counted that terminate's 1006 as the server's close.
 */
describe("a fuzz session with a command under an id the server cannot name (lambda mode)", () => {
  let t: TestServer;
  beforeAll(async () => void (t = await startTestServer({ gateway: "lambda" })));
  afterAll(() => t?.close());

  const createMatch = (() => {
    const [sample] = fc.sample(documentIntent(fc.constant("createMatch" as const)), { numRuns: 1, seed: 1 });
    const field = { ...sample!.fields[0]!, unknownField: false, unknownArg: false, wrongTypes: false, create: { ruleset: '"backgammon"', options: null, seats: null, whole: null, extra: false } };
    return { ...sample!, opType: "natural" as const, fields: [field], repeat: 1, fragment: false, directive: false, name: null, garbage: null };
  })();

  for (const id of ["long", "empty"] as const) {
    it(`(${id}) ends as soon as the server refused it, without a close the server did not make`, async () => {
      const intent: WsIntent = { kind: "ws", path: "/graphql", protocols: ["graphql-transport-ws"], init: { kind: "none" }, awaitAck: true, steps: [{ kind: "subscribe", id, document: createMatch, shape: "normal" }] };
      const started = Date.now();
      const exchange = await runWs(intent, { port: Number(new URL(t.url).port), world: new World(), freshKey: () => randomUUID() });
      expect(exchange.outcomes).toContain("error BAD_USER_INPUT");
      expect(exchange.outcomes.filter((o) => o.startsWith("close"))).toEqual([]);
      // Well before the session's deadline (1.5 s, and 2 s more while a command is unanswered).
      expect(Date.now() - started).toBeLessThan(1_500);
    });
  }
});
