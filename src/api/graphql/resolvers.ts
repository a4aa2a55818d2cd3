import type { GraphQLResolveInfo } from "graphql";
import { RULESETS } from "../../engine/registry.js";
import type { Json } from "../../engine/ruleset.js";
import type { InboxRow } from "../../match/inbox-rows.js";
import type { MatchStatus } from "../../match/state.js";
import { TabulaError } from "../../errors.js";
import type { MatchUpdate } from "../../service/match-update.js";
import { type MatchView, matchViewFields, toMatchView, type ViewedMatch } from "../../service/match-view.js";
import type { Bearer } from "../../service/credential.js";
import { tokenOf } from "../auth.js";
import { checkCreateMatchExtras, checkExpectedVersion, checkIdempotencyKey, checkJsonSize, checkSeats, type CreateMatchExtras } from "../inputs.js";
import { LIMITS } from "../limits.js";
import type { GraphqlContext } from "./context.js";
import { JsonScalar } from "./json-scalar.js";
import { selectedViewFields } from "./selected-view-fields.js";
import { rulesetInfo, type RulesetInfo } from "../ruleset-catalog.js";

interface CreateMatchArgs {
  input: { ruleset: string; options?: Json | null; seats?: number | null } & CreateMatchExtras;
}
interface SubmitMoveArgs {
  matchId: string;
  move: Json;
  expectedVersion?: number | null;
  idempotencyKey?: string | null;
}
interface MatchArgs {
  matchId: string;
}

/** The fields of the match the field's selection reads (graphql-js reads no others). */
const view = ({ state, seat }: ViewedMatch, info: GraphQLResolveInfo): Partial<MatchView> => matchViewFields(state, seat, selectedViewFields(info));

/** A command on a match by the bearer token's seat, answered with the match as that seat sees it. */
const seatCommand =
  (run: (ctx: GraphqlContext, matchId: string, token: Bearer) => Promise<ViewedMatch>) =>
  async (_: unknown, args: MatchArgs, ctx: GraphqlContext, info: GraphQLResolveInfo): Promise<Partial<MatchView>> =>
    view(await run(ctx, args.matchId, tokenOf(ctx.auth)), info);

export const resolvers = {
  JSON: JsonScalar,
  Query: {
    async match(_: unknown, args: { id: string }, ctx: GraphqlContext, info: GraphQLResolveInfo): Promise<Partial<MatchView> | null> {
      try {
        return view(await ctx.service.readMatch(args.id, tokenOf(ctx.auth)), info);
      } catch (error) {
        // The field is nullable: an unknown id is "no such match", not an error.
        if (error instanceof TabulaError && error.code === "NOT_FOUND") return null;
        throw error;
      }
    },
    async myMatches(_: unknown, args: { status?: MatchStatus | null; toMove?: boolean | null; after?: string | null; limit?: number | null }, ctx: GraphqlContext) {
      const page = await ctx.service.myMatches(tokenOf(ctx.auth), {
        status: args.status ?? undefined,
        toMove: args.toMove ?? undefined,
        after: args.after ?? undefined,
        limit: args.limit ?? undefined,
      });
      return { entries: page.rows, next: page.next };
    },
    rulesets: (): readonly string[] => RULESETS,
    ruleset: (_: unknown, args: { id: string }): RulesetInfo | null => rulesetInfo(args.id),
  },
  Mutation: {
    async createPlayer(_: unknown, args: { name: string }, ctx: GraphqlContext) {
      const { player, token } = await ctx.service.createPlayer(args.name);
      return { player: { id: player.id, name: player.name }, createdAt: player.createdAt, token };
    },
    async createMatch(_: unknown, { input }: CreateMatchArgs, ctx: GraphqlContext) {
      if (input.options !== undefined && input.options !== null) checkJsonSize(input.options, LIMITS.maxOptionsBytes, "options");
      const created = await ctx.service.createMatch(
        { ruleset: input.ruleset, options: input.options ?? undefined, seats: checkSeats(input.seats), ...checkCreateMatchExtras(input) },
        tokenOf(ctx.auth),
      );
      return { match: toMatchView(created.state, null), seats: created.seats, invitations: created.invitations };
    },
    async joinMatch(_: unknown, args: { matchId: string; invitation?: string | null; seat?: number | null }, ctx: GraphqlContext) {
      const joined = await ctx.service.joinMatch({ matchId: args.matchId, invitation: args.invitation ?? undefined, seat: args.seat ?? undefined, token: tokenOf(ctx.auth) });
      return { match: toMatchView(joined.state, joined.seat), seat: joined.seat, token: joined.seatToken };
    },
    async rollDice(_: unknown, args: MatchArgs, ctx: GraphqlContext, info: GraphQLResolveInfo): Promise<Partial<MatchView>> {
      return view(await ctx.service.rollDice(args.matchId, tokenOf(ctx.auth)), info);
    },
    async submitMove(_: unknown, args: SubmitMoveArgs, ctx: GraphqlContext, info: GraphQLResolveInfo): Promise<Partial<MatchView>> {
      checkJsonSize(args.move, LIMITS.maxMoveBytes, "the move");
      const result = await ctx.service.submitMove({
        matchId: args.matchId,
        token: tokenOf(ctx.auth),
        move: args.move,
        expectedVersion: checkExpectedVersion(args.expectedVersion),
        idempotencyKey: checkIdempotencyKey(args.idempotencyKey),
      });
      return view(result, info);
    },
    async resign(_: unknown, args: MatchArgs & { value?: string | null }, ctx: GraphqlContext, info: GraphQLResolveInfo): Promise<Partial<MatchView>> {
      return view(await ctx.service.resign(args.matchId, tokenOf(ctx.auth), args.value ?? undefined), info);
    },
    claimTimeout: seatCommand((ctx, id, token) => ctx.service.claimTimeout(id, token)),
    acceptResignation: seatCommand((ctx, id, token) => ctx.service.acceptResignation(id, token)),
    declineResignation: seatCommand((ctx, id, token) => ctx.service.declineResignation(id, token)),
    offerDraw: seatCommand((ctx, id, token) => ctx.service.offerDraw(id, token)),
    acceptDraw: seatCommand((ctx, id, token) => ctx.service.acceptDraw(id, token)),
    declineDraw: seatCommand((ctx, id, token) => ctx.service.declineDraw(id, token)),
    abort: seatCommand((ctx, id, token) => ctx.service.abort(id, token)),
  },
  Match: {
    events: async (match: Pick<MatchView, "id">, args: { after?: number | null; limit?: number | null }, ctx: GraphqlContext) =>
      // The match was read with the request's token, which is checked there. More events follow
      // while the last one's version is below the match's `version`.
      (await ctx.service.listEvents(match.id, undefined, args.after ?? 0, args.limit ?? LIMITS.maxEventsPage)).events,
  },
  MatchUpdate: {
    match: ({ viewed }: MatchUpdate, _: unknown, __: unknown, info: GraphQLResolveInfo): Partial<MatchView> => view(viewed, info),
  },
  InboxEntry: {
    // The inbox was read with the player's token, which acts for this seat.
    match: async (entry: InboxRow, _: unknown, ctx: GraphqlContext, info: GraphQLResolveInfo): Promise<Partial<MatchView>> => view(await ctx.service.readMatch(entry.matchId, tokenOf(ctx.auth)), info),
  },
};
