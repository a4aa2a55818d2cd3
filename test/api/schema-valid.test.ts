import { buildSchema, type GraphQLScalarType, Kind, validateSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { buildApiSchema } from "../../src/api/graphql/api-schema.js";
import { resolvers } from "../../src/api/graphql/resolvers.js";
import { typeDefs } from "../../src/api/schema.js";

/** The schema is built without validation at run time (api-schema.ts): it is validated here, once. */
describe("the GraphQL schema", () => {
  it("is valid SDL and a valid schema", () => {
    const schema = buildSchema(typeDefs);
    expect(validateSchema(schema)).toEqual([]);
    expect(schema.getQueryType()?.getFields()).toHaveProperty("match");
    expect(schema.getMutationType()?.getFields()).toHaveProperty("submitMove");
    expect(schema.getSubscriptionType()?.getFields()).toHaveProperty("matchUpdated");
  });

  it("is refused when it is not (the check above can fail)", () => {
    expect(() => buildSchema(`${typeDefs}\ntype Query { again: Int }`)).toThrow();
  });

  it("gets the API's resolvers on its own fields and scalars, and refuses one the schema lacks", () => {
    const schema = buildApiSchema(resolvers);
    expect(schema.getQueryType()!.getFields().match!.resolve).toBeTypeOf("function");
    const json = schema.getType("JSON") as GraphQLScalarType;
    // The API's own JSON scalar, not the SDL's bare one (which would read an enum as its name).
    expect(() => json.parseLiteral({ kind: Kind.ENUM, value: "X" })).toThrow("enum");
    expect(() => buildApiSchema({ Query: { nothing: () => null } })).toThrow("Query.nothing");
    expect(() => buildApiSchema({ Nowhere: { x: () => null } })).toThrow("Nowhere");
  });
});
