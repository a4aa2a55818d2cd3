import { addResolversToSchema } from "@graphql-tools/schema";
import { buildSchema, type GraphQLSchema } from "graphql";
import { typeDefs } from "../schema.js";

type Resolvers = Parameters<typeof addResolversToSchema>[0]["resolvers"];

/**
 * The API's schema with `resolvers`, built the cheap way for a Lambda's cold start (this took
 * ~70 ms of the GraphQL function's first request): the SDL is this repository's own and fixed at
 * build time, so it is not validated again on every start (`test/api/schema-valid.test.ts`
 * validates it), and the resolvers are set on the freshly built types rather than copied into a
 * second schema; graphql-tools still refuses a resolver for a field the schema lacks.
 */
export const buildApiSchema = (resolvers: Resolvers): GraphQLSchema =>
  addResolversToSchema({ schema: buildSchema(typeDefs, { assumeValidSDL: true, assumeValid: true }), resolvers, updateResolversInPlace: true });
