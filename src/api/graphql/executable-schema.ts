import { nestsDeeperThan, tooDeepError } from "./document-nesting.js";
import { LIMITS } from "../limits.js";
import { type DocumentNode, getVariableValues, GraphQLError, type GraphQLSchema, Kind, OperationTypeNode, parse, specifiedRules } from "graphql";
import type { MatchUpdate } from "../../service/match-update.js";
import { buildApiSchema } from "./api-schema.js";
import { complexityRule } from "./complexity-rule.js";
import { cachedValidator } from "./validation-rules.js";
import type { GraphqlContext } from "./context.js";
import { resolvers } from "./resolvers.js";

/** What a live transport adds to the request context: a way to open one subscriber's stream. */
export interface LiveContext extends GraphqlContext {
  openUpdates(matchId: string, afterVersion: number): Promise<AsyncIterableIterator<MatchUpdate>>;
}

let built: GraphQLSchema | undefined;

/**
 * The schema with resolvers, subscriptions included, built once per process: Apollo serves
 * queries and mutations from it (its validation refuses subscriptions over HTTP), the WebSocket
 * transports everything. Each source event of `matchUpdated` is already a MatchUpdate, so the
 * field resolves to its source: the same resolver serves graphql-ws locally and the Lambda
 * fan-out, which executes the subscriber's document with the update as root value.
 */
export function executableSchema(): GraphQLSchema {
  return (built ??= buildApiSchema({
    ...resolvers,
    Subscription: {
      matchUpdated: {
        subscribe: (_: unknown, args: { matchId: string; afterVersion?: number | null }, ctx: LiveContext) => ctx.openUpdates(args.matchId, args.afterVersion ?? 0),
        resolve: (update: MatchUpdate) => update,
      },
    },
  }));
}

/** What a `subscribe` message carries. */
export interface LiveRequest {
  readonly query: string;
  readonly operationName?: string | null | undefined;
  readonly variables?: Record<string, unknown> | null | undefined;
}

/**
 * Documents parsed from `subscribe` messages, the most recently used last: a bot or an embed
 * sends the same few documents again and again, and graphql-js treats a document as read-only,
 * so it is parsed once (and validated once: validation-rules.ts). Bounded in count and size.
 */
const parsed = new Map<string, DocumentNode>();
const CACHED_DOCUMENTS = 256;
const CACHED_QUERY_CHARS = 4096;
const validSubscription = cachedValidator([...specifiedRules, complexityRule()]);

/** A document read from a `subscribe` message, with the kind of the one operation it runs. */
export type LiveDocument =
  | { readonly operation: OperationTypeNode; readonly document: DocumentNode; readonly errors?: undefined }
  | { readonly errors: readonly GraphQLError[] };

/**
 * Reads a document sent over a WebSocket: within the nesting and token limits it must parse and
 * name one operation (`operationName` picks it; several without a name are refused). A query or
 * mutation is returned as soon as that is known: `executeGraphqlOperation` validates and runs
 * it with the same rules and limits as over HTTP. A subscription must also pass the standard
 * rules and our complexity limits here, and its variables must fit their types. Every problem
 * is a BAD_USER_INPUT (or QUERY_TOO_COMPLEX) error, as over HTTP: left to execution, a variable
 * of the wrong type would come back as an error without a code of ours, an INTERNAL_SERVER_ERROR.
 */
export function parseLiveDocument(schema: GraphQLSchema, { query, operationName, variables }: LiveRequest): LiveDocument {
  let document = parsed.get(query);
  if (!document) {
    if (nestsDeeperThan(query, LIMITS.maxDocumentNesting)) return { errors: [tooDeepError()] };
    try {
      document = parse(query, { maxTokens: LIMITS.maxQueryTokens });
    } catch (error) {
      return { errors: [userError(error as GraphQLError)] };
    }
  }
  remember(query, document);
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
  if (!operation) return { errors: [userError(new GraphQLError("name one operation of the document (operationName)"))] };
  if (operation.operation !== OperationTypeNode.SUBSCRIPTION) return { operation: operation.operation, document };
  const errors = validSubscription(schema, document);
  if (errors.length > 0) return { errors: errors.map(userError) };
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {}, { maxErrors: 10 });
  if (coerced.errors) return { errors: coerced.errors.map(userError) };
  return { operation: operation.operation, document };
}

function remember(query: string, document: DocumentNode): void {
  if (query.length > CACHED_QUERY_CHARS) return;
  parsed.delete(query);
  parsed.set(query, document);
  if (parsed.size > CACHED_DOCUMENTS) parsed.delete(parsed.keys().next().value!);
}

const userError = (error: GraphQLError): GraphQLError =>
  error.extensions?.code
    ? error
    : new GraphQLError(error.message, { nodes: error.nodes ?? null, source: error.source ?? null, positions: error.positions ?? null, extensions: { code: "BAD_USER_INPUT" } });
