import type { ErrorCode } from "../errors.js";
import type { Bearer } from "../service/credential.js";
import type { ServiceDeps } from "../service/deps.js";
import type * as z from "../zod.js";
import type { HttpRequest, HttpResponse } from "./http.js";
import type { RateLimitKind } from "./rate-limit.js";

/**
 * Who may call an operation: `anyone`, whose token is not read; `optionalToken`, anyone, and a
 * token changes what is answered (a seat's view of a match, a player's seat); `seat`, a seat's
 * token or its player's; `player`, a player's token.
 */
export const CALLERS = ["anyone", "optionalToken", "seat", "player"] as const;
export type Caller = (typeof CALLERS)[number];

/** A REST query parameter's type: the URL's text is converted, then the input is checked. */
export type QueryKind = "int" | "boolean" | "string";

/** The REST side of an operation: its input fields come from the path, the query and the JSON body. */
export interface RestSpec<I> {
  readonly method: "GET" | "POST";
  /** An OpenAPI path template, e.g. `/api/matches/{id}/dice`. */
  readonly path: string;
  readonly tag: "matches" | "players" | "webhooks" | "rulesets" | "meta";
  /** Path parameters and the input field each fills: `{ id: "matchId" }`. */
  readonly params?: Readonly<Record<string, keyof I & string>>;
  /** Query parameters, each the input field of its name. */
  readonly query?: Readonly<Partial<Record<keyof I & string, QueryKind>>>;
  /** The JSON body holds the other fields: `required`, `optional` (empty means `{}`), or `none` (no body is read). */
  readonly body: "required" | "optional" | "none";
  /** Fills input fields from headers (`Idempotency-Key`, `If-Match`), once the body's are read. */
  readonly fromHeaders?: (request: HttpRequest, input: I) => I;
  /** The 2xx status when it is not 200. */
  readonly status?: number;
  /** Headers of the answer beyond the defaults (a match's answer gets its ETag anyway). */
  readonly headers?: (payload: any, input: I) => Record<string, string>;
  /**
   * The 2xx answer, for OpenAPI: its schema as JSON (or its whole `content`), headers, other
   * answers. `conditional`: it has an ETag and answers `If-None-Match` with 304.
   */
  readonly responds: {
    readonly description: string;
    readonly schema?: object;
    readonly content?: object;
    readonly headers?: Record<string, object>;
    readonly others?: Record<string, object>;
    readonly conditional?: boolean;
  };
  /** Header parameters OpenAPI lists, by component name. */
  readonly headerParams?: readonly string[];
  /** A route that answers the request itself (Server-Sent Events) instead of a JSON payload. */
  readonly handler?: (request: HttpRequest, input: I, deps: ServiceDeps, bearer: Bearer) => Promise<HttpResponse>;
}

/** The GraphQL side: a field of `Query`, `Mutation` or `Subscription` (its SDL is generated from this), or of another type. */
export interface GraphqlSpec {
  /** `Type.field`, e.g. `Mutation.rollDice`. */
  readonly field: string;
  /** The field's type in the SDL, e.g. `Match`, `InboxPage!`. */
  readonly returns: string;
  /** The input is one argument `input` of this input type, instead of one argument per field. */
  readonly inputArgument?: string;
  /** A field of another type reads input fields from its parent: `{ matchId: "id" }` for `Match.events`. */
  readonly fromParent?: Readonly<Record<string, string>>;
  /** What the field answers instead of an error (`Query.match` is null for an unknown id). */
  readonly orNull?: ErrorCode;
  /** The field's answer where it is not the REST answer (`Query.rulesets`: the ids only). */
  readonly answer?: (result: any) => unknown;
}

interface OperationBase<I> {
  readonly summary: string;
  /** For the SDL, OpenAPI and the README; REST-only details go in `restNote`. */
  readonly description: string;
  readonly restNote?: string;
  readonly caller: Caller;
  /** The input of both transports, checked before the service runs. */
  readonly input: z.ZodMiniType<I>;
  /** Codes it can answer beyond any request's; RATE_LIMITED is added for a `rateLimit`. */
  readonly errors: readonly ErrorCode[];
  /** Codes of `errors` that only REST answers. */
  readonly restOnly?: readonly ErrorCode[];
  /** The caller's budget it draws on where the transport limits rates. */
  readonly rateLimit?: RateLimitKind;
  readonly rest?: RestSpec<I>;
  readonly graphql?: GraphqlSpec;
}

/**
 * An operation the service runs. `answers: "match"`: `run` gives the match as the caller sees it
 * (a ViewedMatch), which REST answers with its ETag and `?fields=` and GraphQL with the fields
 * selected. `value`: `present(result)` (or the result itself) is the JSON answer.
 */
export interface ServedOperation<I, R> extends OperationBase<I> {
  readonly answers: "match" | "value";
  readonly run: (deps: ServiceDeps, input: I, bearer: Bearer) => Promise<R>;
  readonly present?: (result: R) => unknown;
}

/** An operation the transport serves itself: a subscription, a stream, the OpenAPI document. */
export interface TransportOperation<I> extends OperationBase<I> {
  readonly answers: "transport";
}

/**
 * One operation of the API, declared once: the service facade, the REST routes, the GraphQL
 * resolvers, the OpenAPI paths, the SDL's root fields and the README's tables are made from it.
 */
export type OperationSpec<I = any, R = any> = ServedOperation<I, R> | TransportOperation<I>;

/** Declares an operation, keeping its input and result types for the service facade. */
export function defineOperation<I, R>(spec: ServedOperation<I, R>): ServedOperation<I, R>;
export function defineOperation<I>(spec: TransportOperation<I>): TransportOperation<I>;
export function defineOperation(spec: OperationSpec): OperationSpec {
  return spec;
}
