import { createMatch as create } from "../../service/create-match.js";
import { readMatch } from "../../service/get-match.js";
import { joinMatch as join } from "../../service/join-match.js";
import { listEvents as list } from "../../service/list-events.js";
import { toMatchView } from "../../service/match-view.js";
import { updatesAfter } from "../../service/updates-after.js";
import * as z from "../../zod.js";
import { checkJsonSize } from "../inputs.js";
import { LIMITS } from "../limits.js";
import { defineOperation } from "../operation.js";
import { etag, ref } from "../rest/openapi-refs.js";
import { eventsPageTag, matchTag } from "../rest/entity-tags.js";
import { SSE_HEADERS, SSE_RETRY_MS, sseFrame, sseResumeVersion } from "../rest/sse.js";
import { ON_MATCH } from "./match-commands.js";
import { AtVersion, BotLevel, CreateMatchBody, MatchId, Version } from "./inputs.js";
import { addBot as seatBot } from "../../service/add-bot.js";

const READ = ["UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND"] as const;
/** How long a past position may be kept: it never changes. */
export const PAST_FOREVER = "public, max-age=31536000, immutable";
const matchPath = (id: string): string => `/api/matches/${encodeURIComponent(id)}`;

export const createMatch = defineOperation({
  summary: "Create a match",
  description:
    "Creates a match and returns one secret token per seat not left open and not a bot's, and an invitation per open seat. Tokens and codes are shown only here: the server keeps their hashes. Needs no authentication; with a player token its player takes a seat (`playerSeat`). `bots` seats bots (docs/bots.md): each plays its seat when it is due, through the same commands as a person.",
  restNote: `\`Location\` points at the match. \`options\` is the ruleset's (\`<Ruleset>Options\`, at most ${LIMITS.maxOptionsBytes} bytes as JSON).`,
  caller: "optionalToken",
  input: CreateMatchBody,
  // A player token is optional; one that is given must be valid (and `playerSeat` needs one).
  errors: ["UNAUTHENTICATED", "FORBIDDEN"],
  rateLimit: "createMatch",
  answers: "value",
  run: (deps, input, bearer) => {
    if (input.options !== undefined && input.options !== null) checkJsonSize(input.options, LIMITS.maxOptionsBytes, "options");
    // Nulls (GraphQL's absent) become undefined; the service checks the values themselves.
    return create(
      deps,
      {
        ruleset: input.ruleset,
        options: input.options ?? undefined,
        seats: input.seats ?? undefined,
        timeControl: input.timeControl ?? undefined,
        openSeats: input.openSeats ?? undefined,
        playerSeat: input.playerSeat ?? undefined,
        invitationMinutes: input.invitationMinutes ?? undefined,
        invitationLink: input.invitationLink ?? undefined,
        bots: input.bots ?? undefined,
      },
      bearer,
    );
  },
  present: (created) => ({ match: toMatchView(created.state, null), seats: created.seats, invitations: created.invitations }),
  rest: {
    method: "POST",
    path: "/api/matches",
    tag: "matches",
    body: "required",
    status: 201,
    headers: (payload: { match: { id: string; version: number; seat: null } }) => ({ location: matchPath(payload.match.id), etag: matchTag(payload.match) }),
    responds: { description: "Created. `Location` points at the match.", schema: ref("CreateMatchPayload"), headers: { Location: { schema: { type: "string" } }, ...etag } },
  },
  graphql: { field: "Mutation.createMatch", returns: "CreateMatchPayload", inputArgument: "CreateMatchInput!" },
});

const JoinMatchInput = z.strictObject({
  matchId: MatchId,
  invitation: z.nullish(z.string().check(z.minLength(1), z.maxLength(256), z.describe("The invitation code (`tbi_...`) from `createMatch`."))),
  seat: z.nullish(z.intBetween(0, 63).check(z.describe("The seat, when the caller wants to be sure which one it takes."))),
});

export const joinMatch = defineOperation({
  summary: "Take an open seat",
  description:
    "Takes an open seat with its invitation code (or, with the token of the player a seat is reserved for, without one) and returns the seat's token. With a player token the seat is bound to the player. The match starts, and its clock runs, once every seat is taken.",
  caller: "optionalToken",
  input: JoinMatchInput,
  errors: [...ON_MATCH, "INVITATION_INVALID", "INVITATION_EXPIRED", "MATCH_FULL", "ALREADY_JOINED"],
  rateLimit: "command",
  answers: "value",
  run: (deps, { matchId, invitation, seat }, bearer) => join(deps, { matchId, invitation: invitation ?? undefined, seat: seat ?? undefined, token: bearer }),
  present: (joined) => ({ match: toMatchView(joined.state, joined.seat), seat: joined.seat, token: joined.seatToken }),
  rest: {
    method: "POST",
    path: "/api/matches/{id}/join",
    tag: "matches",
    params: { id: "matchId" },
    body: "optional",
    headers: (payload: { match: { version: number; seat: number } }) => ({ etag: matchTag(payload.match) }),
    responds: { description: "The seat taken.", schema: ref("JoinMatchPayload"), headers: etag },
  },
  graphql: { field: "Mutation.joinMatch", returns: "JoinMatchPayload" },
});

export const addBot = defineOperation({
  summary: "Seat a bot in an open seat",
  description:
    "Seats a bot of `level` in an open seat, asked by a seat of the match (its token or its player's): an opponent for a correspondence player nobody has joined. The seat is taken as by `joinMatch` (the match starts once every seat is taken), and the bot plays it whenever it is due (docs/bots.md). A seat reserved for a player is FORBIDDEN.",
  caller: "seat",
  input: z.strictObject({ matchId: MatchId, seat: z.intBetween(0, 63).check(z.describe("The open seat the bot takes.")), level: BotLevel }),
  errors: [...ON_MATCH, "INVITATION_EXPIRED", "MATCH_FULL"],
  rateLimit: "command",
  answers: "match",
  run: (deps, input, bearer) => seatBot(deps, input, bearer),
  rest: { method: "POST", path: "/api/matches/{id}/bots", tag: "matches", params: { id: "matchId" }, body: "required", responds: { description: "The match after the bot took its seat.", schema: ref("Match") } },
  graphql: { field: "Mutation.addBot", returns: "Match" },
});

export const getMatch = defineOperation({
  summary: "Read a match",
  description: "A match, or null if there is no match with this id. A token that belongs to no seat of the match is FORBIDDEN.",
  restNote: "Open to spectators. With a seat token the view is that seat's (including its `legalMoves`); an unknown id is NOT_FOUND.",
  caller: "optionalToken",
  input: z.strictObject({ id: MatchId, version: z.nullish(AtVersion) }),
  errors: READ,
  restOnly: ["NOT_FOUND"],
  answers: "match",
  run: (deps, { id, version }, bearer) => readMatch(deps, id, bearer, version ?? undefined),
  rest: {
    method: "GET",
    path: "/api/matches/{id}",
    tag: "matches",
    params: { id: "id" },
    query: { version: "int" },
    body: "none",
    // A past position never changes: a replay viewer's steps are cached by the browser for good.
    headers: (_view, { version }): Record<string, string> => (version ? { "cache-control": PAST_FOREVER } : {}),
    responds: { description: "The match.", schema: ref("Match"), conditional: true },
  },
  graphql: { field: "Query.match", returns: "Match", orNull: "NOT_FOUND" },
});

const EventsInput = z.strictObject({
  matchId: MatchId,
  after: z.nullish(Version.check(z.meta({ description: "Return only events with a version greater than this (a version the client already has).", default: 0 }))),
  limit: z.nullish(z.intBetween(1, LIMITS.maxEventsPage).check(z.meta({ description: `At most this many events (1 to ${LIMITS.maxEventsPage}, default ${LIMITS.maxEventsPage}).`, default: LIMITS.maxEventsPage }))),
});

export const listEvents = defineOperation({
  summary: "Read the match log",
  description: `The match log, oldest first: events with a version greater than \`after\` (default 0), at most \`limit\` (1 to ${LIMITS.maxEventsPage}, default ${LIMITS.maxEventsPage}). Versions run 1, 2, 3, ... without gaps and the match's \`version\` is the last one, so more events follow while a page's last version is below it. Public: events hold nothing secret.`,
  restNote:
    'While more events follow, `hasMore` is true, `next` is the `after` of the next page and a `Link: <...>; rel="next"` header points at it; on the last page `hasMore` is false, `next` null and there is no `Link`.',
  caller: "optionalToken",
  input: EventsInput,
  errors: READ,
  // Over GraphQL the log is a field of a match already read (and its token already checked).
  restOnly: READ,
  answers: "value",
  run: (deps, { matchId, after, limit }, bearer) => list(deps, matchId, bearer, after ?? 0, limit ?? LIMITS.maxEventsPage),
  present: (page) => ({ events: page.events, hasMore: page.hasMore, next: page.next }),
  rest: {
    method: "GET",
    path: "/api/matches/{id}/events",
    tag: "matches",
    params: { id: "matchId" },
    query: { after: "int", limit: "int" },
    body: "none",
    headers: (page: { events: { version: number }[]; hasMore: boolean; next: number | null }, { matchId, after, limit }) => ({
      etag: eventsPageTag(page as never, after ?? 0),
      ...(page.next !== null ? { link: `<${matchPath(matchId)}/events?after=${page.next}${limit == null ? "" : `&limit=${limit}`}>; rel="next"` } : {}),
    }),
    responds: {
      description: "A page of events.",
      schema: ref("EventsPage"),
      conditional: true,
      headers: {
        ETag: { description: 'The page\'s tag: the version it ends at, `+` while more follow, e.g. `"e42+"`.', schema: { type: "string" } },
        Link: { description: 'While more follow: `</api/matches/{id}/events?after=<next>[&limit=<limit>]>; rel="next"`.', schema: { type: "string" } },
      },
    },
  },
  // The match was read with the request's token, which is checked there. More events follow
  // while the last one's version is below the match's `version`.
  graphql: { field: "Match.events", returns: "[MatchEvent!]!", fromParent: { matchId: "id" }, answer: (page) => page.events },
});

export const streamUpdates = defineOperation({
  summary: "Watch the match live (Server-Sent Events)",
  description:
    "Every committed event after `after` (or after `Last-Event-ID`, which a reconnecting EventSource sends), then each new one as it is committed, as `event: update` with `id:` = version and `data:` = `{version, event, match}` (the match as the token's seat or a spectator sees it). Strictly in version order, each once. The local server keeps the response open and ends it after MatchFinished; behind a gateway that buffers responses it answers with what there is and a `retry:` hint, and the EventSource reconnects. 204 once the match is finished and nothing is left to send.",
  caller: "optionalToken",
  input: z.strictObject({ matchId: MatchId, after: z.nullish(Version.check(z.describe("Only events after this version (default 0)."))) }),
  errors: READ,
  answers: "transport",
  rest: {
    method: "GET",
    path: "/api/matches/{id}/stream",
    tag: "matches",
    params: { id: "matchId" },
    body: "none",
    query: { after: "int" },
    headerParams: ["LastEventId"],
    responds: {
      description: "An event stream.",
      content: { "text/event-stream": { schema: { type: "string" } } },
      others: { "204": { description: "The match is finished and the client has every event." } },
    },
    /**
     * A transport that can hold a response open (the local server) streams updates live instead.
     * Elsewhere (API Gateway's HTTP API buffers responses) this answers with what is there and a
     * `retry:` hint, so an EventSource reconnects with Last-Event-ID: polling in SSE's own terms.
     * A finished match with nothing left to send answers 204, which stops an EventSource.
     */
    handler: async (request, { matchId }, deps, bearer) => {
      const { updates, finished } = await updatesAfter(deps, matchId, bearer, sseResumeVersion(request));
      if (finished && updates.length === 0) return { status: 204, headers: { "cache-control": "no-store" }, body: "" };
      return { status: 200, headers: { ...SSE_HEADERS }, body: `retry: ${SSE_RETRY_MS}\n\n${updates.map(sseFrame).join("")}` };
    },
  },
});

export const matchUpdated = defineOperation({
  summary: "Watch the match live",
  description:
    "Every committed event of the match, strictly in version order, each exactly once: first all events after `afterVersion` (the whole log when it is absent), then each new one as it is committed. A client that reconnects with the last version it saw neither misses nor repeats an event. The subscription completes after MatchFinished.",
  caller: "optionalToken",
  input: z.strictObject({
    matchId: MatchId.check(z.describe("The match to watch.")),
    afterVersion: z.nullish(Version.check(z.describe("The last version the client already has; 0 or absent = from the start of the log."))),
  }),
  errors: [...READ, "TOO_MANY_SUBSCRIPTIONS"],
  answers: "transport",
  graphql: { field: "Subscription.matchUpdated", returns: "MatchUpdate!" },
});

