import { MATCH_STATUSES } from "../../match/state.js";
import { createPlayer as create } from "../../service/create-player.js";
import { INBOX_PAGE_DEFAULT, INBOX_PAGE_MAX, myMatches as inbox } from "../../service/my-matches.js";
import * as z from "../../zod.js";
import { defineOperation } from "../operation.js";
import { ref } from "../rest/openapi-refs.js";

export const MatchStatusInput = z.enum(MATCH_STATUSES).check(z.meta({ graphql: "MatchStatus" }));

export const createPlayer = defineOperation({
  summary: "Create a player",
  description: "Creates a player: an identity across matches, and its token (`tbp_...`), shown only here. The token acts for every seat the player holds and reads its inbox. Needs no authentication.",
  caller: "anyone",
  input: z.strictObject({ name: z.string().check(z.maxLength(200), z.describe("1 to 40 characters, shown to opponents; no control or bidirectional-control characters.")) }),
  errors: [],
  // A player is kept for good as a match is: creating either draws on the same budget.
  rateLimit: "createMatch",
  answers: "value",
  run: (deps, { name }) => create(deps, name),
  rest: { method: "POST", path: "/api/players", tag: "players", body: "required", status: 201, responds: { description: "Created.", schema: ref("CreatePlayerResponse") } },
  graphql: { field: "Mutation.createPlayer", returns: "CreatePlayerPayload", answer: (created: { player: { createdAt: string } }) => ({ ...created, createdAt: created.player.createdAt }) },
});

const InboxQuery = z.strictObject({
  status: z.nullish(MatchStatusInput.check(z.describe("Only matches of this status."))),
  toMove: z.nullish(z.boolean().check(z.describe("true: only where the player is to act; false: only where it is not."))),
  after: z.nullish(z.string().check(z.describe("The `next` cursor of the previous page."))),
  limit: z.nullish(z.intBetween(1, INBOX_PAGE_MAX).check(z.meta({ description: `At most this many (1 to ${INBOX_PAGE_MAX}, default ${INBOX_PAGE_DEFAULT}).`, default: INBOX_PAGE_DEFAULT }))),
});

export const myMatches = defineOperation({
  summary: "The player's inbox",
  description:
    "The correspondence inbox of the player of the bearer token (and of no one else): the matches where it is to act first, soonest deadline first, then the others still going or waiting for players (the same order), then the finished ones, latest first. Paged: pass `next` as `after`.",
  caller: "player",
  input: InboxQuery,
  errors: ["UNAUTHENTICATED", "FORBIDDEN"],
  answers: "value",
  run: (deps, { status, toMove, after, limit }, bearer) => inbox(deps, bearer, { status: status ?? undefined, toMove: toMove ?? undefined, after: after || undefined, limit: limit ?? undefined }),
  present: (page) => ({ entries: page.rows, next: page.next }),
  rest: {
    method: "GET",
    path: "/api/players/me/matches",
    tag: "players",
    query: { status: "string", toMove: "boolean", after: "string", limit: "int" },
    body: "none",
    responds: { description: "A page of the inbox.", schema: ref("InboxPage") },
  },
  graphql: { field: "Query.myMatches", returns: "InboxPage!" },
});
