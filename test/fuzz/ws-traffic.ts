import fc from "fast-check";
import WebSocket from "ws";
import { PROTOCOL_ERROR_ID } from "../../src/realtime/aws/gateway-routes.js";
import { allowedGraphqlCodes } from "./expected-codes.js";
import { codeFindings, createdIn, graphqlCodes, matchViewsIn, parseJson } from "./answer-checks.js";
import type { CommandClaim, Exchange, Finding } from "./exchange.js";
import { buildDocument, type BuiltDocument, type DocumentIntent, documentIntent } from "./graphql-documents.js";
import { claimsOf, operationsOf } from "./graphql-traffic.js";
import type { Target } from "./http-exchange.js";
import { hostileJsonText } from "./hostile-values.js";
import { abbreviate } from "./repro.js";
import { pushFindings, tooLargeVersion } from "./push-checks.js";
import { type AuthRef, authRef, resolveAuth, resolveMatch } from "./world-refs.js";
import type { FuzzMatch } from "./world.js";

/** One WebSocket session of graphql-transport-ws, and everything a client can send wrong in it. */
type IdChoice = "fresh" | "previous" | "empty" | "long" | "number" | "nasty";

type InitPayload =
  | { readonly kind: "auth"; readonly auth: AuthRef; readonly field: "authorization" | "Authorization" | "token" | "headers" }
  | { readonly kind: "none" }
  | { readonly kind: "raw"; readonly text: string };

type Step =
  | { readonly kind: "subscribe"; readonly id: IdChoice; readonly document: DocumentIntent; readonly shape: "normal" | "no-query" | "query-number" | "variables-string" | "extra" }
  | { readonly kind: "complete"; readonly id: IdChoice }
  | { readonly kind: "ping" }
  | { readonly kind: "pong" }
  | { readonly kind: "init-again" }
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "binary"; readonly text: string }
  | { readonly kind: "bad-utf8" }
  | { readonly kind: "huge"; readonly size: number };

export interface WsIntent {
  readonly kind: "ws";
  readonly path: string;
  readonly protocols: readonly string[];
  readonly init: InitPayload | null;
  readonly awaitAck: boolean;
  readonly steps: readonly Step[];
}

// Queries and mutations run over the socket as over HTTP, so they get a good share too.
const mostlySubscriptions = fc.oneof(
  { weight: 8, arbitrary: fc.constant("matchUpdated" as const) },
  { weight: 3, arbitrary: fc.constantFrom("match" as const, "rollDice" as const, "submitMove" as const, "submitMove" as const, "createMatch" as const, "myMatches" as const) },
  { weight: 1, arbitrary: fc.constantFrom("__typename" as const, "rulesets" as const, "resign" as const, "joinMatch" as const) },
);

const idChoice: fc.Arbitrary<IdChoice> = fc.oneof({ weight: 10, arbitrary: fc.constant("fresh" as const) }, { weight: 1, arbitrary: fc.constantFrom("previous" as const, "empty" as const, "long" as const, "number" as const, "nasty" as const) });

const WRONG_MESSAGES = ["not json", "{}", "[]", "null", '{"type":123}', '{"type":"subscribe"}', '{"type":"subscribe","id":"x"}', '{"type":"subscribe","id":"x","payload":{"query":12}}', '{"type":"next","id":"x","payload":{}}', '{"type":"connection_ack"}', '{"type":"error","id":"x","payload":[]}', '{"type":"complete"}', '{"type":"unknown"}', '{"type":"ping","payload":"x"}', '{"type":"connection_init","payload":[1]}'];

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant("subscribe" as const), id: idChoice, document: documentIntent(mostlySubscriptions), shape: fc.oneof({ weight: 12, arbitrary: fc.constant("normal" as const) }, { weight: 1, arbitrary: fc.constantFrom("no-query" as const, "query-number" as const, "variables-string" as const, "extra" as const) }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("complete" as const), id: idChoice }) },
  { weight: 1, arbitrary: fc.constantFrom({ kind: "ping" as const }, { kind: "pong" as const }, { kind: "init-again" as const }, { kind: "bad-utf8" as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("text" as const), text: fc.oneof(fc.constantFrom(...WRONG_MESSAGES), hostileJsonText) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("binary" as const), text: fc.constantFrom('{"type":"ping"}', '{"type":"connection_init"}') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("huge" as const), size: fc.constantFrom(20_000, 40_000, 140_000) }) },
);

export const wsIntent: fc.Arbitrary<WsIntent> = fc.record({
  kind: fc.constant("ws" as const),
  path: fc.oneof({ weight: 20, arbitrary: fc.constant("/graphql") }, { weight: 1, arbitrary: fc.constantFrom("/graphql/", "/graphql?x=1", "/api/matches/x/stream", "/") }),
  protocols: fc.oneof({ weight: 20, arbitrary: fc.constant(["graphql-transport-ws"]) }, { weight: 1, arbitrary: fc.constantFrom([], ["graphql-ws"], ["x", "graphql-transport-ws"], ["GRAPHQL-TRANSPORT-WS"]) }),
  init: fc.oneof(
    { weight: 12, arbitrary: fc.record({ kind: fc.constant("auth" as const), auth: authRef, field: fc.constantFrom("authorization" as const, "authorization" as const, "Authorization" as const, "token" as const, "headers" as const) }) },
    { weight: 2, arbitrary: fc.constant({ kind: "none" as const }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("raw" as const), text: hostileJsonText }) },
    { weight: 1, arbitrary: fc.constant(null) },
  ),
  awaitAck: fc.oneof({ weight: 10, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  steps: fc.array(step, { minLength: 1, maxLength: 4 }),
});

/** The connection_init payload: the token where a client may put it (docs/api.md), or a header that is not one; and the token it carries. */
function initPayload(init: Extract<InitPayload, { kind: "auth" }>, world: Target["world"], aimed: FuzzMatch | null): { payload: Record<string, unknown>; token: string | null } {
  const auth = resolveAuth(init.auth, world, aimed);
  if (auth.header === null) return { payload: {}, token: null };
  const header = typeof auth.header === "string" ? auth.header : auth.header.toString("latin1");
  switch (init.field) {
    case "token":
      return { payload: { token: auth.token ?? header }, token: auth.token ?? header };
    case "headers":
      return { payload: { headers: { authorization: header } }, token: auth.token };
    default:
      return { payload: { [init.field]: header }, token: auth.token };
  }
}

/**
 * The ids of sent commands a server frame answers: a `next`, `error` or `complete` answers its
 * own id; an `error` under PROTOCOL_ERROR_ID (how the API Gateway path, which cannot close with a
 * code, refuses a frame without a usable id) answers every pending id the server cannot name
 * (empty, or over 128 characters): waiting for an answer under that id would only run the
 * session to its deadline (graphql-ws, on the direct path, closes with 4400 instead).
 */
export function answeredIds(message: { type?: unknown; id?: unknown } | undefined, pending: Iterable<string>): string[] {
  if (typeof message?.id !== "string" || !["next", "error", "complete"].includes(message.type as string)) return [];
  if (message.type === "error" && message.id === PROTOCOL_ERROR_ID) return [message.id, ...[...pending].filter((id) => id.length === 0 || id.length > 128)];
  return [message.id];
}

/** A document that carries a command: its answer says whether the command was carried out. */
const commands = (doc: BuiltDocument) => doc.roots.some((r) => r.claim !== null);

/** After a session that ended with a command unanswered, how long the server may still take to carry it out. */
const SETTLE_MS = 300;

/** How long a session listens after its last frame (catch-ups arrive within it), and at most. */
const QUIET_MS = 25;
const MAX_SESSION_MS = 1_500;

export async function runWs(intent: WsIntent, target: Target): Promise<Exchange> {
  const { world } = target;
  const sent: (string | { binary: string } | { badUtf8: true } | { huge: number })[] = [];
  let lastId = "s0";
  let counter = 0;
  const idOf = (choice: IdChoice): unknown => {
    const id = { fresh: `s${++counter}`, previous: lastId, empty: "", long: "x".repeat(129), number: 7, nasty: "\u0000🏁" }[choice];
    if (typeof id === "string") lastId = id;
    return id;
  };
  // The token is for the match the first subscription aims at (its actor, another seat, another match...).
  const firstSubscribe = intent.steps.find((s) => s.kind === "subscribe") as Extract<Step, { kind: "subscribe" }> | undefined;
  const aimed = firstSubscribe ? resolveMatch(firstSubscribe.document.fields[0]!.match, world).match : null;
  let initText: string | null = null;
  // The token the connection acts with, for the commands it carries (null: none the model knows).
  let token: string | null = null;
  if (intent.init) {
    if (intent.init.kind === "none") initText = '{"type":"connection_init"}';
    else if (intent.init.kind === "raw") initText = `{"type":"connection_init","payload":${intent.init.text}}`;
    else {
      const init = initPayload(intent.init, world, aimed);
      token = init.token;
      initText = JSON.stringify({ type: "connection_init", payload: init.payload });
    }
  }
  // Ids of commands sent and not yet answered (`next`, `error` or `complete`), and ids sent more than once.
  const unanswered = new Set<string>();
  const sentDocs: { readonly id: string; readonly doc: BuiltDocument }[] = [];
  const frames: string[] = [];
  const outcomes: string[] = [];
  const findings: Finding[] = [];
  const url = `ws://127.0.0.1:${target.port}${intent.path}`;

  /** Set when the session terminates a socket still open: the close that follows (1006) is of the client's making. */
  let terminated = false;
  const socket = new WebSocket(url, [...intent.protocols], { perMessageDeflate: false, handshakeTimeout: 3_000, maxPayload: 64 * 1024 * 1024 });
  const sendText = (text: string) => {
    sent.push(text);
    if (socket.readyState === WebSocket.OPEN) socket.send(text);
  };
  await new Promise<void>((resolve) => {
    let quiet: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(quiet);
      clearTimeout(deadline);
      resolve();
    };
    const deadline = setTimeout(done, MAX_SESSION_MS + 2_000);
    // Quiet is the end only once every command has its answer: until then the server may still write.
    const listen = () => {
      clearTimeout(quiet);
      quiet = setTimeout(() => (unanswered.size === 0 ? done() : listen()), QUIET_MS);
    };
    socket.on("unexpected-response", (_req, res) => {
      outcomes.push(`upgrade ${res.statusCode}`);
      if ((res.statusCode ?? 0) >= 500) findings.push({ kind: "5xx", detail: `the WebSocket upgrade to ${intent.path} answered ${res.statusCode}` });
      res.resume();
      done();
    });
    socket.on("error", (error) => {
      if (outcomes.length === 0) outcomes.push(`socket error`);
      findings.push(...(/Unexpected server response: 5\d\d/.test(error.message) ? [{ kind: "5xx", detail: error.message }] : []));
      done();
    });
    socket.on("close", (code, reason) => {
      // The session's own end (it terminates a socket still open) is not the server's close.
      if (terminated) return;
      outcomes.push(`close ${code}`);
      if (code === 1011 || code === 4500) findings.push({ kind: "INTERNAL_SERVER_ERROR", detail: `the server closed the WebSocket with ${code} ${reason.toString()}` });
      done();
    });
    let acked: (() => void) | null = null;
    socket.on("message", (data, isBinary) => {
      const text = isBinary ? Buffer.from(data as Buffer).toString("latin1") : String(data);
      frames.push(text);
      const message = parseJson(text) as { type?: unknown; id?: unknown } | undefined;
      if (message?.type === "connection_ack") acked?.();
      for (const id of answeredIds(message, unanswered)) unanswered.delete(id);
      listen();
    });
    socket.on("open", async () => {
      if (initText !== null) sendText(initText);
      if (initText !== null && intent.awaitAck) {
        await new Promise<void>((ack) => {
          acked = ack;
          setTimeout(ack, 500);
        });
      }
      for (const s of intent.steps) {
        if (socket.readyState !== WebSocket.OPEN) break;
        switch (s.kind) {
          case "subscribe": {
            const id = idOf(s.id);
            const doc = buildDocument(s.document, target);
            if (typeof id === "string") {
              sentDocs.push({ id, doc });
              if (commands(doc) && s.shape !== "no-query" && s.shape !== "query-number") unanswered.add(id);
            }
            const vars = doc.variables ?? "null";
            const name = doc.operationName === null ? "" : `,"operationName":${JSON.stringify(doc.operationName)}`;
            const payload = { normal: `{"query":${JSON.stringify(doc.query)},"variables":${vars}${name}}`, "no-query": `{"variables":${vars}}`, "query-number": `{"query":1,"variables":${vars}}`, "variables-string": `{"query":${JSON.stringify(doc.query)},"variables":${JSON.stringify(vars)}}`, extra: `{"query":${JSON.stringify(doc.query)},"variables":${vars},"extensions":{"x":1},"unknown":true}` }[s.shape];
            sendText(`{"type":"subscribe","id":${JSON.stringify(id)},"payload":${payload}}`);
            break;
          }
          case "complete":
            sendText(JSON.stringify({ type: "complete", id: idOf(s.id) }));
            break;
          case "ping":
          case "pong":
            sendText(JSON.stringify({ type: s.kind }));
            break;
          case "init-again":
            sendText(initText ?? '{"type":"connection_init"}');
            break;
          case "text":
            sendText(s.text);
            break;
          case "binary":
            sent.push({ binary: s.text });
            socket.send(Buffer.from(s.text), { binary: true });
            break;
          case "bad-utf8":
            sent.push({ badUtf8: true });
            socket.send(Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d]), { binary: false });
            break;
          case "huge":
            sent.push({ huge: s.size });
            socket.send(`{"type":"subscribe","id":"huge","payload":{"query":"subscription { __typename }","variables":{"x":"${"x".repeat(s.size)}"}}}`);
            break;
        }
      }
      listen();
    });
  });
  if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) {
    terminated = true;
    socket.terminate();
  }
  // A command the session ended on may still be running in the server: its write belongs to this session.
  if (unanswered.size > 0) await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const answered = sessionAnswers(frames, sentDocs, token);

  const sentText = sent.map((s) => (typeof s === "string" ? s : JSON.stringify(s))).join("\n");
  findings.push(...frameFindings(frames, sentDocs, target));
  for (const frame of frames) {
    const message = parseJson(frame) as { type?: string; payload?: unknown } | undefined;
    if (message?.type === "error") outcomes.push(...graphqlCodes({ errors: message.payload }).map((c) => `error ${c}`));
    else if (message?.type === "next") {
      const codes = graphqlCodes(message.payload);
      outcomes.push(...(codes.length > 0 ? codes.map((c) => `next ${c}`) : ["next"]));
    }
  }
  const operation = [...new Set(sentDocs.map(({ doc }) => doc).flatMap((d) => (d.garbage ? ["garbage"] : operationsOf(d))))].join("+") || "protocol";
  const repro = { url, protocols: intent.protocols, sent: sent.map((s) => (typeof s === "string" ? abbreviate(s, 2_000) : s)) };
  return {
    transport: "ws",
    operation,
    purpose: "hostile",
    outcomes: [...new Set(outcomes)],
    findings,
    claims: answered.claims,
    repro: { text: JSON.stringify(repro), json: { ...repro, sent } },
    created: answered.created,
    disclosed: frames.map((text) => ({ where: "a WebSocket frame", text, sent: sentText })),
    views: answered.views,
  };
}

/**
 * What the queries and mutations of a session came to, judged as over HTTP: each command's
 * answer (`next` with its data, or an `error`) claims it carried out or refused, with the
 * connection's token. A command without an answer of its own (the session ended first, or its id
 * was sent twice) may or may not have been carried out: it explains a write, but need not.
 */
function sessionAnswers(frames: readonly string[], sentDocs: readonly { readonly id: string; readonly doc: BuiltDocument }[], token: string | null) {
  const claims: CommandClaim[] = [];
  const created = new Map<string, string[]>();
  const views: Record<string, unknown>[] = [];
  const judged = new Set<string>();
  const once = new Map<string, BuiltDocument>();
  for (const { id, doc } of sentDocs) if (!sentDocs.some((other) => other.id === id && other.doc !== doc)) once.set(id, doc);
  for (const frame of frames) {
    const message = parseJson(frame) as { type?: unknown; id?: unknown; payload?: unknown } | undefined;
    const id = typeof message?.id === "string" ? message.id : undefined;
    const doc = id === undefined ? undefined : once.get(id);
    if (!id || !doc || doc.subscriptions.length > 0 || judged.has(id)) continue;
    if (message!.type !== "next" && message!.type !== "error") continue;
    judged.add(id);
    const result = message!.type === "next" ? message!.payload : { errors: message!.payload };
    // An answer too large for API Gateway's post comes back PAYLOAD_TOO_LARGE after the operation ran.
    claims.push(...claimsOf(doc, result, token).map((c) => (c.code === "PAYLOAD_TOO_LARGE" ? { ...c, unanswered: true } : c)));
    const data = (result as { data?: unknown } | undefined)?.data;
    for (const [matchId, tokens] of createdIn(data)) created.set(matchId, tokens);
    views.push(...matchViewsIn(data));
  }
  for (const { id, doc } of sentDocs) {
    if ((judged.has(id) && once.get(id) === doc) || doc.subscriptions.length > 0) continue;
    for (const root of doc.roots) if (root.claim) claims.push({ ...root.claim, token, accepted: false, unanswered: true });
  }
  return { claims, created, views };
}

/** Every server frame of a session, against the protocol, the codes and the model. */
function frameFindings(frames: readonly string[], sentDocs: readonly { readonly id: string; readonly doc: BuiltDocument }[], target: Target): Finding[] {
  const findings: Finding[] = [];
  const lastVersion = new Map<string, number>();
  // Which document an id names now: its first, until the server ends that one (`complete`, or an
  // `error` of its own), then the next sent under it. A document sent while the id still runs
  // is refused as "already running" (on the API Gateway path; direct mode closes with 4409), and
  // names nothing.
  const pending = new Map<string, BuiltDocument[]>();
  for (const { id, doc } of sentDocs) pending.set(id, [...(pending.get(id) ?? []), doc]);
  for (const frame of frames) {
    const message = parseJson(frame) as { type?: unknown; id?: unknown; payload?: unknown } | undefined;
    if (!message || typeof message.type !== "string") {
      findings.push({ kind: "protocol", detail: `a frame that is not a graphql-transport-ws message: ${abbreviate(frame, 200)}` });
      continue;
    }
    const queue = typeof message.id === "string" ? pending.get(message.id) : undefined;
    const doc = queue?.[0];
    if (queue && (message.type === "complete" || message.type === "error")) {
      const refusedAsRunning = message.type === "error" && JSON.stringify(message.payload).includes("is already running on this connection");
      queue.splice(refusedAsRunning ? 1 : 0, 1);
      if (!refusedAsRunning) lastVersion.delete(message.id as string);
    }
    // The WebSocket serves one operation: its connection's errors (a bad authorization, a
    // subscribe before connection_init: messages in the Lambda mode) are matchUpdated's.
    const allowed = allowedGraphqlCodes(["matchUpdated", ...(doc ? operationsOf(doc) : [])]);
    if (message.type === "error") {
      findings.push(...codeFindings(graphqlCodes({ errors: message.payload }), allowed, `WebSocket error for ${doc ? (operationsOf(doc).join("+") || "a document") : "an unknown id"}`));
    } else if (message.type === "next") {
      findings.push(...codeFindings(graphqlCodes(message.payload), allowed, `WebSocket next for ${doc ? operationsOf(doc).join("+") : "an unknown id"}`));
      const subscription = doc?.subscriptions[0];
      const tooLarge = tooLargeVersion(message.payload);
      // An update too large to post stands for its version, as the error in its place says.
      const update = tooLarge !== null ? { version: tooLarge } : (message.payload as { data?: Record<string, unknown> | null } | undefined)?.data?.[subscription?.key ?? "matchUpdated"];
      if (subscription && update && typeof update === "object") {
        const id = message.id as string;
        findings.push(...pushFindings(update as Record<string, unknown>, subscription.matchId, lastVersion.get(id) ?? subscription.after, target.world, "WebSocket"));
        const version = (update as { version?: unknown }).version;
        if (typeof version === "number") lastVersion.set(id, version);
      }
    } else if (!["connection_ack", "ping", "pong", "complete"].includes(message.type)) {
      findings.push({ kind: "protocol", detail: `a message of unknown type ${JSON.stringify(message.type)}` });
    }
  }
  return findings;
}
