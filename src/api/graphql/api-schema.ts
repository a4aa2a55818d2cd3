import { buildSchema, type GraphQLFieldResolver, GraphQLScalarType, type GraphQLSchema, isObjectType, isScalarType } from "graphql";
import { typeDefs } from "../schema.js";

// Resolvers are typed against our own context and sources; graphql's types are generic in both.
type Resolver = GraphQLFieldResolver<any, any, any>;
type FieldResolvers = Record<string, Resolver | { readonly subscribe?: Resolver; readonly resolve?: Resolver }>;
type Resolvers = Record<string, GraphQLScalarType | FieldResolvers>;

/**
 * The API's schema with `resolvers`, built the cheap way for a Lambda's cold start: the SDL is
 * this repository's own and fixed at build time, so it is parsed without locations and not
 * validated again on every start (`test/api/schema-valid.test.ts` validates it), and the
 * resolvers are set on the freshly built types in place. A resolver for a type or field the
 * schema lacks is refused, so a renamed field cannot leave its resolver silently unused.
 */
export function buildApiSchema(resolvers: Resolvers): GraphQLSchema {
  const schema = buildSchema(typeDefs, { assumeValidSDL: true, assumeValid: true, noLocation: true });
  for (const [typeName, typeResolvers] of Object.entries(resolvers)) {
    const type = schema.getType(typeName);
    if (typeResolvers instanceof GraphQLScalarType) {
      if (!isScalarType(type)) throw new Error(`a resolver for scalar ${typeName}, which the schema lacks`);
      type.serialize = typeResolvers.serialize;
      type.parseValue = typeResolvers.parseValue;
      type.parseLiteral = typeResolvers.parseLiteral;
      continue;
    }
    if (!isObjectType(type)) throw new Error(`resolvers for type ${typeName}, which the schema lacks`);
    const fields = type.getFields();
    for (const [fieldName, resolver] of Object.entries(typeResolvers)) {
      const field = fields[fieldName];
      if (!field) throw new Error(`a resolver for ${typeName}.${fieldName}, which the schema lacks`);
      if (typeof resolver === "function") field.resolve = resolver;
      else {
        field.resolve = resolver.resolve;
        field.subscribe = resolver.subscribe;
      }
    }
  }
  return schema;
}
