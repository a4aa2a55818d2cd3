import type { GraphQLResolveInfo } from "graphql";
import { TabulaError } from "../../errors.js";
import type { InboxRow } from "../../match/inbox-rows.js";
import type { MatchUpdate } from "../../service/match-update.js";
import { type MatchView, matchViewFields, movesOfPiece, type ViewedMatch } from "../../service/match-view.js";
import { tokenOf } from "../auth.js";
import type { OperationSpec, ServedOperation } from "../operation.js";
import { OPERATION_NAMES, OPERATIONS } from "../operations.js";
import { parseInput } from "../parse-input.js";
import { call, type ServedName } from "../service.js";
import type { GraphqlContext } from "./context.js";
import { JsonScalar } from "./json-scalar.js";
import { selectedViewFields } from "./selected-view-fields.js";

/** The fields of the match the field's selection reads (graphql-js reads no others). */
const view = ({ state, seat }: ViewedMatch, info: GraphQLResolveInfo): Partial<MatchView> => matchViewFields(state, seat, selectedViewFields(info));

type Resolver = (parent: unknown, args: Record<string, unknown>, ctx: GraphqlContext, info: GraphQLResolveInfo) => Promise<unknown>;

/**
 * The resolver of a declared operation's field: its arguments (or its parent's part) checked
 * against the operation's input, the service run with the request's token, and the answer a
 * match's fields as selected, or the operation's payload. A field of another type than the roots
 * reads a parent that was read with the request's token, which was checked there.
 */
function resolverOf(name: ServedName, operation: ServedOperation<unknown, unknown>): Resolver {
  const spec = operation.graphql!;
  const root = /^(Query|Mutation)\./.test(spec.field);
  const parentFields = Object.entries(spec.fromParent ?? {});
  const fromParent = (parent: unknown) => Object.fromEntries(parentFields.map(([field, property]) => [field, (parent as Record<string, unknown>)[property]]));
  return async (parent, args, ctx, info) => {
    try {
      const raw = spec.inputArgument ? args.input : { ...args, ...fromParent(parent) };
      const input = parseInput(operation.input, raw, "invalid arguments");
      const result = await call(ctx.service, name, input, root && operation.caller !== "anyone" ? tokenOf(ctx.auth) : undefined);
      if (operation.answers === "match") return view(result as ViewedMatch, info);
      if (spec.answer) return spec.answer(result);
      return operation.present ? operation.present(result) : result;
    } catch (error) {
      // A nullable field answers null for what is "not there" rather than an error.
      if (spec.orNull && error instanceof TabulaError && error.code === spec.orNull) return null;
      throw error;
    }
  };
}

/** Resolvers by type and field: one per operation with a GraphQL field served by the service, and the fields that build views. */
function buildResolvers() {
  const byType: Record<string, Record<string, Resolver>> = { Query: {}, Mutation: {}, Match: {} };
  for (const name of OPERATION_NAMES) {
    const operation: OperationSpec = OPERATIONS[name];
    if (!operation.graphql || operation.answers === "transport") continue;
    const [type, field] = operation.graphql.field.split(".") as [string, string];
    (byType[type] ??= {})[field] = resolverOf(name as ServedName, operation);
  }
  return byType;
}

const { Query = {}, Mutation = {}, Match = {} } = buildResolvers();

export const resolvers = {
  JSON: JsonScalar,
  Query,
  Mutation,
  Match: {
    ...Match,
    // A view's legal moves are built whole; one piece's are picked from them (the view has the ruleset: selected-view-fields.ts).
    legalMoves: (match: Partial<MatchView>, args: { piece?: string | null }) =>
      args.piece == null ? match.legalMoves : movesOfPiece(match.ruleset!, match.legalMoves!, args.piece),
  },
  MatchUpdate: {
    match: ({ viewed }: MatchUpdate, _: unknown, __: unknown, info: GraphQLResolveInfo): Partial<MatchView> => view(viewed, info),
  },
  InboxEntry: {
    // The inbox was read with the player's token, which acts for this seat or is invited to it.
    match: async (entry: InboxRow, _: unknown, ctx: GraphqlContext, info: GraphQLResolveInfo): Promise<Partial<MatchView>> =>
      view(await ctx.service.readInboxMatch(entry, tokenOf(ctx.auth)), info),
  },
};
