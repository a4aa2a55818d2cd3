import {
  type DocumentNode,
  execute,
  type FormattedExecutionResult,
  getOperationAST,
  GraphQLError,
  type GraphQLErrorOptions,
  type GraphQLFormattedError,
  type GraphQLSchema,
  Kind,
  specifiedRules,
} from "graphql";
import { TabulaError } from "../../errors.js";
import type { Credential } from "../../service/credential.js";
import type { TabulaService } from "../service.js";
import { admitCaller, type RateLimiter } from "../rate-limit.js";
import type { GraphqlContext } from "./context.js";
import type { LiveRequest } from "./executable-schema.js";
import { compiledOperationCache } from "./compiled-operation.js";
import { mutationCosts } from "./mutation-costs.js";
import { cachedValidator, validationRules } from "./validation-rules.js";

/** Who sends an operation over a WebSocket: the connection's address and its credential (null: a spectator). */
export interface SocketCaller {
  readonly ip: string | undefined;
  readonly credential: Credential | null;
}

/** Refused before it ran (the cases HTTP answers with a 4xx and no `data`), or executed. */
export type OperationAnswer = { readonly refused: readonly GraphQLFormattedError[] } | { readonly result: FormattedExecutionResult };

/** Formats one error as the API sends it (format-error.ts), given graphql-js's form of it and the error itself. */
export type FormatError = (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;

export interface OperationDeps {
  readonly schema: GraphQLSchema;
  readonly service: TabulaService;
  readonly formatError: FormatError;
  readonly rateLimiter?: RateLimiter | undefined;
}

const validated = cachedValidator([...specifiedRules, ...validationRules()]);
const compiledOperation = compiledOperationCache();

/**
 * A query or mutation that came over a WebSocket, parsed already (`parseLiveDocument`), run with
 * graphql-js as Apollo runs one over HTTP (a document run often, as graphql-jit compiled it:
 * compiled-operation.ts): the same validation rules and complexity limits, the
 * mutation's commands counted against the connection's address and token hash before anything
 * runs (as HTTP's rate-limit plugin counts them), the same resolvers and context, and every error
 * formatted by the same function under the code Apollo would have given it, so every answer
 * carries the code HTTP gives (test/realtime/operations-over-socket.test.ts compares them).
 * Apollo's own request pipeline (its hooks, its hashing of every document) is no use to a socket,
 * and the API Gateway function that answers messages does not load it. The caller acts with its
 * credential, the hash of its token: a connection never holds the token itself.
 */
export async function executeGraphqlOperation(deps: OperationDeps, caller: SocketCaller, document: DocumentNode, request: LiveRequest): Promise<OperationAnswer> {
  // An error without a code is an internal one to formatError, as to Apollo.
  const format = (error: GraphQLError): GraphQLFormattedError => deps.formatError(error.toJSON(), error);
  const refused = (errors: readonly GraphQLError[]): OperationAnswer => ({ refused: errors.map(format) });

  const invalid = validated(deps.schema, document);
  if (invalid.length > 0) return refused(invalid.map((error) => withCode(error, "GRAPHQL_VALIDATION_FAILED", { nodes: error.nodes, originalError: error.originalError ?? error })));

  const operationName = request.operationName ?? undefined;
  const operation = getOperationAST(document, operationName);
  const { rateLimiter } = deps;
  const admit: GraphqlContext["admit"] = rateLimiter && ((kind, cost) => admitCaller(rateLimiter, kind, { ip: caller.ip, tokenHash: caller.credential?.hash }, cost));
  if (admit && operation?.operation === "mutation") {
    try {
      for (const [kind, cost] of mutationCosts(operation, document)) admit(kind, cost);
    } catch (error) {
      if (!(error instanceof TabulaError)) throw error;
      // formatError finds the code (and retryAfter) on the TabulaError itself.
      return refused([new GraphQLError(error.message, { originalError: error })]);
    }
  }

  const contextValue: GraphqlContext = { service: deps.service, auth: { token: caller.credential ?? undefined }, ...(admit ? { admit } : {}) };
  const variableValues = request.variables ?? undefined;
  const compiled = compiledOperation(deps.schema, document, operationName);
  let result = compiled && (await compiled.query(undefined, contextValue, variableValues));
  // graphql-jit refuses variables in words of its own, without the variable's node that marks
  // them as the client's mistake: graphql-js refuses them again as over HTTP (nothing has run).
  if (!result || !("data" in result)) result = await execute({ schema: deps.schema, document, variableValues, operationName, contextValue });
  // Variables that do not fit their types: the client's mistake, refused before anything ran.
  const errors = result.errors?.map((error) => (isVariableError(error) ? withCode(error, "BAD_USER_INPUT", { nodes: error.nodes, originalError: error.originalError ?? error, extensions: error.extensions }) : error));
  if (!("data" in result)) return refused(errors ?? []);
  return { result: { ...result, errors: errors?.map(format) } };
}

/** A copy of `error` under one of Apollo's request codes (which format-error.ts maps onto ours). */
const withCode = (error: GraphQLError, code: string, options: GraphQLErrorOptions): GraphQLError =>
  new GraphQLError(error.message, { ...options, extensions: { ...options.extensions, code } });

/** graphql-js's words for a variable it could not coerce, which Apollo answers as BAD_USER_INPUT. */
function isVariableError(error: GraphQLError): boolean {
  const node = error.nodes?.length === 1 ? error.nodes[0] : undefined;
  if (node?.kind !== Kind.VARIABLE_DEFINITION || error.extensions.code != null) return false;
  const variable = `Variable "$${node.variable.name.value}"`;
  return [" has invalid value", " got invalid value ", " of required type ", " of non-null type "].some((words) => error.message.startsWith(variable + words));
}
