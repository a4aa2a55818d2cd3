import { buildSchema, validateSchema } from "graphql";
import { describe, expect, it } from "vitest";
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
});
