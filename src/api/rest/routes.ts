import type * as z from "../../zod.js";
import type { Json } from "../../engine/ruleset.js";
import { TabulaError } from "../../errors.js";
import { matchViewFields, toMatchView, type ViewedMatch } from "../../service/match-view.js";
import type { TabulaService } from "../../service/service.js";
import { parseAuthorization, tokenOf } from "../auth.js";
import { header, type HttpRequest, type HttpResponse, isJsonMediaType, jsonResponse } from "../http.js";
import { checkIdempotencyKey, checkJsonSize } from "../inputs.js";
import { LIMITS } from "../limits.js";
import { describeIssues } from "../../input-issues.js";
import { CreateMatchBody, CreatePlayerBody, EmptyBody, JoinMatchBody, ResignBody, RollDiceBody, SubmitMoveBody } from "./bodies.js";
import { MATCH_STATUSES, type MatchStatus } from "../../match/state.js";
import type { CommandResult } from "../../service/handle-command.js";
import type { Bearer } from "../../service/credential.js";
import { checkCreateMatchExtras } from "../inputs.js";
import { openApiDocument } from "./openapi.js";
import { RULESETS } from "../../engine/registry.js";
import { rulesetCatalog, rulesetInfo } from "../ruleset-catalog.js";
import { SSE_HEADERS, SSE_RETRY_MS, sseFrame, sseResumeVersion } from "./sse.js";
import { eventsPageTag, ifMatchVersion, matchTag } from "./entity-tags.js";
import { viewFields } from "./view-fields.js";
import type { RouteSpec } from "./router.js";

export interface RouteContext {
  readonly request: HttpRequest;
  readonly params: Record<string, string>;
  readonly service: TabulaService;
}
export type RouteHandler = (ctx: RouteContext) => Promise<HttpResponse>;

/** A body-level failure that is not one of the closed codes' usual statuses (415). */
export class HttpStatusError extends TabulaError {
  constructor(readonly status: number, message: string) {
    super("BAD_USER_INPUT", message);
  }
}

const token = (request: HttpRequest) => tokenOf(parseAuthorization(header(request, "authorization")));

/** Parses a JSON body against a schema. `optional` bodies may be empty (and then need no content type). */
function readBody<S extends z.ZodMiniType>(request: HttpRequest, schema: S, optional = false): z.infer<S> {
  if (optional && request.body.trim() === "") return schema.parse({});
  if (!isJsonMediaType(header(request, "content-type"))) {
    throw new HttpStatusError(415, "the request body must be JSON: send `content-type: application/json`");
  }
  let json: unknown;
  try {
    json = JSON.parse(request.body);
  } catch {
    throw new TabulaError("BAD_USER_INPUT", "the request body is not valid JSON");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const { message, issues } = describeIssues(parsed.error, "invalid request body");
    throw new TabulaError("BAD_USER_INPUT", message, { issues });
  }
  return parsed.data;
}

function agree<T>(fromBody: T | null | undefined, fromHeader: T | undefined, what: string): T | undefined {
  const body = fromBody ?? undefined;
  if (body !== undefined && fromHeader !== undefined && body !== fromHeader) {
    throw new TabulaError("BAD_USER_INPUT", `${what} differs between the body and the header`);
  }
  return body ?? fromHeader;
}

/**
 * A route that answers one match: with its ETag (for `If-None-Match` on the next read and
 * `If-Match` on a move), and only the fields `?fields=` names (view-fields.ts), read first.
 */
const matchRoute =
  (answer: (ctx: RouteContext) => Promise<ViewedMatch>): RouteHandler =>
  async (ctx) => {
    const fields = viewFields(ctx.request);
    const { state, seat } = await answer(ctx);
    return jsonResponse(200, fields ? matchViewFields(state, seat, fields) : toMatchView(state, seat), { etag: matchTag({ version: state.version, seat }) });
  };

const matchPath = (id: string): string => `/api/matches/${encodeURIComponent(id)}`;

function nonNegativeInteger(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === "") return undefined;
  if (!/^\d{1,15}$/.test(value)) throw new TabulaError("BAD_USER_INPUT", `\`${name}\` must be a non-negative integer`);
  return Number(value);
}

const createPlayer: RouteHandler = async ({ request, service }) => {
  const body = readBody(request, CreatePlayerBody);
  const created = await service.createPlayer(body.name);
  return jsonResponse(201, created, { "cache-control": "no-store" });
};

const createMatch: RouteHandler = async ({ request, service }) => {
  const body = readBody(request, CreateMatchBody);
  if (body.options !== undefined) checkJsonSize(body.options, LIMITS.maxOptionsBytes, "options");
  const created = await service.createMatch({ ruleset: body.ruleset, options: body.options, seats: body.seats ?? undefined, ...checkCreateMatchExtras(body) }, token(request));
  const match = toMatchView(created.state, null);
  return jsonResponse(201, { match, seats: created.seats, invitations: created.invitations }, { location: matchPath(match.id), etag: matchTag(match) });
};

const joinMatch: RouteHandler = async ({ request, params, service }) => {
  const body = readBody(request, JoinMatchBody, true);
  const joined = await service.joinMatch({ matchId: params.id as string, invitation: body.invitation ?? undefined, seat: body.seat ?? undefined, token: token(request) });
  const match = toMatchView(joined.state, joined.seat);
  return jsonResponse(200, { match, seat: joined.seat, token: joined.seatToken }, { etag: matchTag(match), "cache-control": "no-store" });
};

/** A command on a match that takes no parameters: an empty body or `{}`, the seat from the token. */
const seatCommand = (run: (service: RouteContext["service"], matchId: string, token: Bearer) => Promise<CommandResult>): RouteHandler =>
  matchRoute(({ request, params, service }) => {
    readBody(request, EmptyBody, true);
    return run(service, params.id as string, token(request));
  });

const resign = matchRoute(({ request, params, service }) => {
  const body = readBody(request, ResignBody, true);
  return service.resign(params.id as string, token(request), body.value ?? undefined);
});

function inboxQuery(request: HttpRequest) {
  const { status, toMove, after } = request.query;
  if (status !== undefined && !(MATCH_STATUSES as readonly string[]).includes(status)) throw new TabulaError("BAD_USER_INPUT", `\`status\` is one of ${MATCH_STATUSES.join(", ")}`);
  if (toMove !== undefined && toMove !== "true" && toMove !== "false") throw new TabulaError("BAD_USER_INPUT", "`toMove` is true or false");
  return {
    status: status as MatchStatus | undefined,
    toMove: toMove === undefined ? undefined : toMove === "true",
    after: after === "" ? undefined : after,
    limit: nonNegativeInteger(request.query.limit, "limit"),
  };
}

const myMatches: RouteHandler = async ({ request, service }) => {
  const page = await service.myMatches(token(request), inboxQuery(request));
  return jsonResponse(200, { entries: page.rows, next: page.next }, { "cache-control": "no-store" });
};

const rollDice = matchRoute(({ request, params, service }) => {
  readBody(request, RollDiceBody, true);
  return service.rollDice(params.id as string, token(request));
});

const submitMove = matchRoute(({ request, params, service }) => {
  const body = readBody(request, SubmitMoveBody);
  checkJsonSize(body.move, LIMITS.maxMoveBytes, "the move");
  const idempotencyKey = agree(body.idempotencyKey, checkIdempotencyKey(header(request, "idempotency-key")), "the idempotency key");
  const expectedVersion = agree(body.expectedVersion, ifMatchVersion(request), "the expected version");
  return service.submitMove({
    matchId: params.id as string,
    token: token(request),
    move: body.move as Json,
    expectedVersion,
    idempotencyKey,
  });
});

const getMatch = matchRoute(({ request, params, service }) => service.readMatch(params.id as string, token(request)));

/**
 * A page of the log. `hasMore` and `next` (the `after` of the next page) say whether the log
 * goes on, and so does a `Link: <...>; rel="next"` header, as paged HTTP APIs commonly do.
 */
const listEvents: RouteHandler = async ({ request, params, service }) => {
  const id = params.id as string;
  const after = nonNegativeInteger(request.query.after, "after") ?? 0;
  const limit = nonNegativeInteger(request.query.limit, "limit");
  const page = await service.listEvents(id, token(request), after, limit ?? LIMITS.maxEventsPage);
  const headers: Record<string, string> = { etag: eventsPageTag(page, after) };
  if (page.next !== null) headers.link = `<${matchPath(id)}/events?after=${page.next}${limit === undefined ? "" : `&limit=${limit}`}>; rel="next"`;
  return jsonResponse(200, { events: page.events, hasMore: page.hasMore, next: page.next }, headers);
};

/**
 * A transport that can hold a response open (the local server) streams updates live instead.
 * Elsewhere (API Gateway's HTTP API buffers responses) this answers with what is there and a
 * `retry:` hint, so an EventSource reconnects with Last-Event-ID: polling in SSE's own terms.
 * A finished match with nothing left to send answers 204, which stops an EventSource.
 */
const streamUpdates: RouteHandler = async ({ request, params, service }) => {
  const { updates, finished } = await service.updatesAfter(params.id as string, token(request), sseResumeVersion(request));
  if (finished && updates.length === 0) return { status: 204, headers: { "cache-control": "no-store" }, body: "" };
  return { status: 200, headers: { ...SSE_HEADERS }, body: `retry: ${SSE_RETRY_MS}\n\n${updates.map(sseFrame).join("")}` };
};

const openApi: RouteHandler = async () => jsonResponse(200, openApiDocument(), { "cache-control": "public, max-age=300" });

const listRulesets: RouteHandler = async () => jsonResponse(200, { rulesets: rulesetCatalog() }, { "cache-control": "public, max-age=300" });

const getRuleset: RouteHandler = async ({ params }) => {
  const info = rulesetInfo(params.id as string);
  if (!info) throw new TabulaError("NOT_FOUND", `no ruleset "${params.id}"; known: ${RULESETS.join(", ")}`);
  return jsonResponse(200, info, { "cache-control": "public, max-age=300" });
};

/** Every REST route; the OpenAPI document describes exactly these (checked by a test). Each GET answers HEAD too. */
export const REST_ROUTES: readonly RouteSpec<RouteHandler>[] = [
  { method: "POST", path: "/api/players", handler: createPlayer },
  { method: "GET", path: "/api/players/me/matches", handler: myMatches },
  { method: "POST", path: "/api/matches", handler: createMatch },
  { method: "POST", path: "/api/matches/{id}/join", handler: joinMatch },
  { method: "POST", path: "/api/matches/{id}/timeout", handler: seatCommand((service, id, t) => service.claimTimeout(id, t)) },
  { method: "POST", path: "/api/matches/{id}/resign", handler: resign },
  { method: "POST", path: "/api/matches/{id}/resignation/accept", handler: seatCommand((service, id, t) => service.acceptResignation(id, t)) },
  { method: "POST", path: "/api/matches/{id}/resignation/decline", handler: seatCommand((service, id, t) => service.declineResignation(id, t)) },
  { method: "POST", path: "/api/matches/{id}/draw/offer", handler: seatCommand((service, id, t) => service.offerDraw(id, t)) },
  { method: "POST", path: "/api/matches/{id}/draw/accept", handler: seatCommand((service, id, t) => service.acceptDraw(id, t)) },
  { method: "POST", path: "/api/matches/{id}/draw/decline", handler: seatCommand((service, id, t) => service.declineDraw(id, t)) },
  { method: "POST", path: "/api/matches/{id}/abort", handler: seatCommand((service, id, t) => service.abort(id, t)) },
  { method: "GET", path: "/api/matches/{id}", handler: getMatch },
  { method: "POST", path: "/api/matches/{id}/dice", handler: rollDice },
  { method: "POST", path: "/api/matches/{id}/moves", handler: submitMove },
  { method: "GET", path: "/api/matches/{id}/events", handler: listEvents },
  { method: "GET", path: "/api/matches/{id}/stream", handler: streamUpdates },
  { method: "GET", path: "/api/rulesets", handler: listRulesets },
  { method: "GET", path: "/api/rulesets/{id}", handler: getRuleset },
  { method: "GET", path: "/api/openapi.json", handler: openApi },
];
