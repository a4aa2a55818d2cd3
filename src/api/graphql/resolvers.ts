import { RULESETS } from "../../engine/registry.js";
import type { Json } from "../../engine/ruleset.js";
import { TabulaError } from "../../errors.js";
import type { MatchView } from "../../service/match-view.js";
import { toMatchView } from "../../service/match-view.js";
import { tokenOf } from "../auth.js";
import { checkExpectedVersion, checkIdempotencyKey, checkJsonSize, checkSeats } from "../inputs.js";
import { LIMITS } from "../limits.js";
import type { GraphqlContext } from "./context.js";
import { JsonScalar } from "./json-scalar.js";
import { rulesetInfo, type RulesetInfo } from "../ruleset-catalog.js";

interface CreateMatchArgs {
  input: { ruleset: string; options?: Json | null; seats?: number | null };
}
interface SubmitMoveArgs {
  matchId: string;
  move: Json;
  expectedVersion?: number | null;
  idempotencyKey?: string | null;
}

export const resolvers = {
  JSON: JsonScalar,
  Query: {
    async match(_: unknown, args: { id: string }, ctx: GraphqlContext): Promise<MatchView | null> {
      try {
        return await ctx.service.getMatch(args.id, tokenOf(ctx.auth));
      } catch (error) {
        // The field is nullable: an unknown id is "no such match", not an error.
        if (error instanceof TabulaError && error.code === "NOT_FOUND") return null;
        throw error;
      }
    },
    rulesets: (): readonly string[] => RULESETS,
    ruleset: (_: unknown, args: { id: string }): RulesetInfo | null => rulesetInfo(args.id),
  },
  Mutation: {
    async createMatch(_: unknown, { input }: CreateMatchArgs, ctx: GraphqlContext) {
      if (input.options !== undefined && input.options !== null) checkJsonSize(input.options, LIMITS.maxOptionsBytes, "options");
      const created = await ctx.service.createMatch({
        ruleset: input.ruleset,
        options: input.options ?? undefined,
        seats: checkSeats(input.seats),
      });
      return { match: toMatchView(created.state, null), seats: created.seats };
    },
    async rollDice(_: unknown, args: { matchId: string }, ctx: GraphqlContext): Promise<MatchView> {
      const result = await ctx.service.rollDice(args.matchId, tokenOf(ctx.auth));
      return toMatchView(result.state, result.seat);
    },
    async submitMove(_: unknown, args: SubmitMoveArgs, ctx: GraphqlContext): Promise<MatchView> {
      checkJsonSize(args.move, LIMITS.maxMoveBytes, "the move");
      const result = await ctx.service.submitMove({
        matchId: args.matchId,
        token: tokenOf(ctx.auth),
        move: args.move,
        expectedVersion: checkExpectedVersion(args.expectedVersion),
        idempotencyKey: checkIdempotencyKey(args.idempotencyKey),
      });
      return toMatchView(result.state, result.seat);
    },
  },
  Match: {
    events: async (match: MatchView, args: { after?: number | null; limit?: number | null }, ctx: GraphqlContext) =>
      // The match was read with the request's token, which is checked there. More events follow
      // while the last one's version is below the match's `version`.
      (await ctx.service.listEvents(match.id, undefined, args.after ?? 0, args.limit ?? LIMITS.maxEventsPage)).events,
  },
};
