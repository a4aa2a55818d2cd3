import { unwrapResolverError } from "@apollo/server/errors";
import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { TabulaError } from "../../errors.js";
import { INTERNAL_MESSAGE, isErrorCode } from "../errors.js";
import type { LogFields, Logger } from "../../logger.js";

/**
 * Apollo's own codes for a request it could not run, mapped onto the closed set of
 * src/errors.ts. The original stays in `extensions.graphqlCode` for debugging.
 */
const APOLLO_REQUEST_CODES = new Set([
  "GRAPHQL_PARSE_FAILED",
  "GRAPHQL_VALIDATION_FAILED",
  "BAD_REQUEST",
  "BAD_USER_INPUT",
  "OPERATION_RESOLUTION_FAILURE",
  "PERSISTED_QUERY_NOT_FOUND",
  "PERSISTED_QUERY_NOT_SUPPORTED",
]);

/**
 * graphql-js stops coercing variables after 50 errors and adds this one, which has no code and
 * no node (Apollo recognises only the 50 before it as BAD_USER_INPUT): the client's mistake too.
 */
const VARIABLE_ERROR_LIMIT = "Too many errors processing variables, error limit reached. Execution aborted.";

/** The first error in the `originalError` chain that carries a code of our own. */
function ownCode(error: unknown): { code: string; extensions: Record<string, unknown> } | null {
  let current: unknown = error;
  for (let i = 0; i < 5 && current; i++) {
    if (current instanceof TabulaError) return { code: current.code, extensions: current.details };
    // `?.`: the errors of a compiled operation (graphql-jit's) may carry no extensions at all.
    if (current instanceof GraphQLError && current.extensions?.code === "QUERY_TOO_COMPLEX") {
      const { code: _code, ...rest } = current.extensions;
      return { code: "QUERY_TOO_COMPLEX", extensions: rest };
    }
    current = (current as { originalError?: unknown }).originalError;
  }
  return null;
}

/** Where an error happened in the document, as graphql-js formatted it. */
const whereOf = (formatted: GraphQLFormattedError) => ({ ...(formatted.locations ? { locations: formatted.locations } : {}), ...(formatted.path ? { path: formatted.path } : {}) });

/**
 * What a client sees of an error: `extensions.code` from ERROR_CODES, TabulaErrors with their
 * details, Apollo's request errors as BAD_USER_INPUT; null for anything else, an internal error.
 */
export function publicError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError | null {
  const where = whereOf(formatted);
  const own = ownCode(unwrapResolverError(error)) ?? ownCode(error);
  if (own) return { message: formatted.message, ...where, extensions: { ...own.extensions, code: own.code } };
  if (formatted.message === VARIABLE_ERROR_LIMIT && !formatted.path) return { message: formatted.message, ...where, extensions: { code: "BAD_USER_INPUT" } };
  const apolloCode = formatted.extensions?.code;
  if (typeof apolloCode === "string" && APOLLO_REQUEST_CODES.has(apolloCode)) {
    return { message: formatted.message, ...where, extensions: { code: "BAD_USER_INPUT", ...(apolloCode === "BAD_USER_INPUT" ? {} : { graphqlCode: apolloCode }) } };
  }
  if (isErrorCode(apolloCode) && apolloCode !== "INTERNAL_SERVER_ERROR") return { message: formatted.message, ...where, extensions: { code: apolloCode } };
  return null;
}

/** An internal error as a client sees it: a generic message, no detail. */
const internal = (formatted: GraphQLFormattedError): GraphQLFormattedError => ({ message: INTERNAL_MESSAGE, ...whereOf(formatted), extensions: { code: "INTERNAL_SERVER_ERROR" } });

/** The line an internal error is logged with: where it happened, and the real error. */
export const logInternal = (logger: Logger, formatted: GraphQLFormattedError, error: unknown, fields?: LogFields): void =>
  logger.error(`unexpected GraphQL error at ${formatted.path?.join(".") ?? "request"}`, unwrapResolverError(error), fields);

/**
 * Every error leaves as `publicError` has it, and anything else as INTERNAL_SERVER_ERROR with a
 * generic message; the real one is logged (with `logger`; Apollo's requests log theirs in
 * server.ts, where the request's id is known), never sent.
 */
export function createFormatError(logger: Logger | null) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const known = publicError(formatted, error);
    if (known) return known;
    if (logger) logInternal(logger, formatted, error);
    return internal(formatted);
  };
}
