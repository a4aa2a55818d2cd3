import { randomUUID } from "node:crypto";
import { type DocumentNode, type ExecutionResult, type FormattedExecutionResult, type GraphQLSchema, subscribe as graphqlSubscribe } from "graphql";
import { executeGraphqlOperation, type FormatError } from "../../api/graphql/execute-operation.js";
import type { LiveContext, LiveRequest } from "../../api/graphql/executable-schema.js";
import { parseLiveDocument } from "../../api/graphql/executable-schema.js";
import type { RateLimiter } from "../../api/rate-limit.js";
import type { TabulaService } from "../../api/service.js";
import { SUBSCRIPTION_CAPS, type SubscriptionCaps, tooManySubscriptions } from "../../api/subscription-caps.js";
import type { EventStore } from "../../store/event-store.js";
import { type ConnectionRecord, type ConnectionStore, type SubscribeOutcome, splitRef, type SubscriptionRecord } from "../../store/dynamo/connection-store.js";
import { credentialOfConnectionParams } from "../connection-token.js";
import type { ConnectionCache } from "./connection-cache.js";
import { deliver, leaseMsOf } from "./deliver.js";
import type { DeliveryDeps } from "./delivery-deps.js";
import { TimelineCache } from "../timeline-cache.js";
import { postableNext } from "./postable-next.js";
import { parseClientMessage, type ServerMessage } from "../protocol.js";
import type { WebSocketEvent, WebSocketResult } from "./connection-routes.js";

export interface GatewayDeps extends DeliveryDeps {
  readonly schema: GraphQLSchema;
  readonly service: TabulaService;
  readonly store: EventStore;
  readonly connections: ConnectionStore;
  readonly formatErrors: (result: ExecutionResult) => FormattedExecutionResult;
  /** One error as the API sends it (format-error.ts), for the queries and mutations sent over a connection. */
  readonly formatError: FormatError;
  /** The local server's limiter (on AWS, API Gateway throttles the routes instead). */
  readonly rateLimiter?: RateLimiter | undefined;
  /** Live subscriptions allowed per connection and per client address (default SUBSCRIPTION_CAPS). */
  readonly subscriptionCaps?: SubscriptionCaps | undefined;
  /** What this container knows of its connections, so that a message reads none (connection-cache.ts). */
  readonly connectionCache: ConnectionCache;
}

/** Id of `error` messages about a frame that had no usable id of its own. */
export const PROTOCOL_ERROR_ID = "protocol";

/**
 * `$default`: every protocol message. Answers go through the management API (`post`), since a
 * route's return value is not delivered to the client. A bad message is answered with an
 * `error` message and changes nothing: API Gateway cannot close a socket with a code.
 */
export async function onMessage(deps: GatewayDeps, event: WebSocketEvent): Promise<WebSocketResult> {
  const connectionId = event.requestContext.connectionId;
  const send = (message: ServerMessage) => deps.post(connectionId, message);
  const body = event.isBase64Encoded && event.body ? Buffer.from(event.body, "base64").toString("utf8") : event.body;
  const parsed = parseClientMessage(body);
  if (!parsed.ok) {
    await send(errorMessage(idOf(body), "BAD_USER_INPUT", parsed.problem));
    return { statusCode: 200 };
  }
  const message = parsed.message;
  switch (message.type) {
    case "ping":
      await send({ type: "pong" });
      break;
    case "pong":
      break;
    case "connection_init": {
      let credential: ReturnType<typeof credentialOfConnectionParams>;
      try {
        credential = credentialOfConnectionParams(message.payload);
      } catch (error) {
        await send(errorMessage(PROTOCOL_ERROR_ID, "UNAUTHENTICATED", (error as Error).message));
        break;
      }
      // Only the token's hash (and the public player id of a player token) is stored.
      const first = await deps.connections.initialize(connectionId, credential);
      if (first) deps.connectionCache.remember(first);
      await send(first ? { type: "connection_ack" } : errorMessage(PROTOCOL_ERROR_ID, "BAD_USER_INPUT", "connection_init was already received"));
      break;
    }
    case "subscribe":
      await subscribe(deps, connectionId, event.requestContext.identity?.sourceIp, message.id, message.payload);
      break;
    case "complete": {
      // The match is known when this container knows the subscription, which spares the store a read.
      const known = (await deps.connectionCache.get(connectionId)).record?.subscriptions.find((ref) => splitRef(ref).subscriptionId === message.id);
      await deps.connections.unsubscribe(connectionId, message.id, known ? splitRef(known).matchId : undefined);
      deps.connectionCache.unsubscribed(connectionId, message.id);
      break;
    }
    default: {
      const never: never = message;
      throw new Error(`unhandled message ${JSON.stringify(never)}`);
    }
  }
  return { statusCode: 200 };
}

async function subscribe(deps: GatewayDeps, connectionId: string, ip: string | undefined, id: string, payload: LiveRequest): Promise<void> {
  const send = (message: ServerMessage) => deps.post(connectionId, message);
  const cache = deps.connectionCache;
  // Parsed once, and only for a connection that may subscribe.
  let document: ReturnType<typeof parseLiveDocument> | undefined;
  const parse = () => (document ??= parseLiveDocument(deps.schema, payload));
  const caps = deps.subscriptionCaps ?? SUBSCRIPTION_CAPS;
  // Whatever the new document is (a subscription, a query, one that fails to parse or whose
  // variables do not fit), an id already running is refused first: an answer under that id
  // (its errors, a `complete`) would end the running subscription for the client, not here.
  // Then the connection's own cap, as the direct path judges (the store checks both again,
  // atomically). A refusal is made only on a fresh read, never on what the container kept.
  const refusal = (c: ConnectionRecord | null): ServerMessage | null => {
    if (!c?.initialized) return errorMessage(id, "UNAUTHENTICATED", "send connection_init and wait for connection_ack before subscribing");
    if (c.subscriptions.some((ref) => splitRef(ref).subscriptionId === id)) return alreadyRunning(id);
    const parsed = parse();
    if (!parsed.errors && parsed.operation === "subscription" && c.subscriptions.length >= caps.connection) return { type: "error", id, payload: [tooManySubscriptions("connection", caps.connection)] };
    return null;
  };
  let { record: connection, kept } = await cache.get(connectionId);
  let refused = refusal(connection);
  if (refused && kept) refused = refusal((connection = (await cache.get(connectionId, true)).record));
  if (refused || !connection) {
    await send(refused!);
    return;
  }
  const parsed = parse();
  if (parsed.errors) {
    await send({ type: "error", id, payload: deps.formatErrors({ errors: parsed.errors }).errors ?? [] });
    return;
  }
  if (parsed.operation !== "subscription") return answerOperation(deps, connection, ip, id, parsed.document, payload);
  const subscriber = connection;

  // graphql-js runs the field's `subscribe`, which coerces the arguments and, here, stores the
  // subscription instead of opening an in-process stream.
  let record: SubscriptionRecord | null = null;
  let outcome = "stored" as SubscribeOutcome;
  const leaseId = randomUUID();
  const contextValue: LiveContext = {
    service: deps.service,
    auth: { token: undefined },
    openUpdates: async (matchId, afterVersion) => {
      const { seat } = await deps.service.openSubscription(matchId, afterVersion, subscriber.credential?.hash ?? null);
      record = {
        connectionId,
        subscriptionId: id,
        matchId,
        query: payload.query,
        variables: payload.variables ?? null,
        operationName: payload.operationName ?? null,
        seat,
        lastSent: afterVersion,
      };
      outcome = await deps.connections.subscribe(record, { id: leaseId, ms: leaseMsOf(deps) }, caps, subscriber.address);
      return emptyStream();
    },
  };
  const result = await graphqlSubscribe({
    schema: deps.schema,
    document: parsed.document,
    contextValue,
    variableValues: payload.variables ?? undefined,
    operationName: payload.operationName ?? undefined,
  });
  if (outcome !== "stored") cache.forget(connectionId);
  else if (record) cache.subscribed(connectionId, `${(record as SubscriptionRecord).matchId}#${id}`);
  if (outcome === "duplicate") {
    await send(alreadyRunning(id));
    return;
  }
  if (outcome !== "stored") {
    // Over a cap: this subscription alone is refused, as on the direct path.
    await send({ type: "error", id, payload: [tooManySubscriptions(outcome, caps[outcome])] });
    return;
  }
  if (!record || !(Symbol.asyncIterator in result)) {
    // As graphql-ws does for a subscription that could not start: its errors, then complete.
    await send({ type: "next", id, payload: deps.formatErrors(result as ExecutionResult) });
    await send({ type: "complete", id });
    return;
  }
  // Catch up now, under the lease the subscription was stored with; then the stream fan-out
  // follows it. A commit that lands meanwhile waits for the lease (see `deliver`).
  await deliver(deps, record, new TimelineCache(deps.store), { heldLease: leaseId });
}

/**
 * A query or mutation: run as over HTTP, acting with the connection's credential, and answered
 * as graphql-ws answers one: `next` with the result, then `complete`; refused before it ran
 * (invalid, too complex, rate limited), an `error` message. (`subscribe` has refused an id of
 * the connection's running subscriptions, whose client would take the `complete` as their end.)
 */
async function answerOperation(deps: GatewayDeps, connection: ConnectionRecord, ip: string | undefined, id: string, document: DocumentNode, payload: LiveRequest): Promise<void> {
  const send = (message: ServerMessage) => deps.post(connection.connectionId, message);
  const answer = await executeGraphqlOperation(deps, { ip, credential: connection.credential }, document, payload);
  if ("refused" in answer) {
    await send({ type: "error", id, payload: answer.refused });
    return;
  }
  // The operation ran: when its answer cannot be posted, the client is told so.
  await send(postableNext(id, answer.result, "the answer (the operation ran)"));
  await send({ type: "complete", id });
}

const emptyStream = (): AsyncIterableIterator<never> => ({
  [Symbol.asyncIterator]() {
    return this;
  },
  next: async () => ({ done: true, value: undefined }),
});

const alreadyRunning = (id: string): ServerMessage => errorMessage(id, "BAD_USER_INPUT", `a subscription with id "${id}" is already running on this connection`);

const errorMessage = (id: string, code: string, message: string): ServerMessage => ({
  type: "error",
  id,
  payload: [{ message, extensions: { code } }],
});

/** The id of a frame that failed validation, if it has a usable one. */
function idOf(body: string | null | undefined): string {
  try {
    const id = (JSON.parse(body ?? "") as { id?: unknown }).id;
    return typeof id === "string" && id.length > 0 && id.length <= 128 ? id : PROTOCOL_ERROR_ID;
  } catch {
    return PROTOCOL_ERROR_ID;
  }
}
