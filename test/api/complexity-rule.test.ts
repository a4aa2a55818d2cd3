import { buildSchema, getIntrospectionQuery, parse, specifiedRules, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { complexityRule } from "../../src/api/graphql/complexity-rule.js";

/** A recursive schema, so that depth can be exceeded without introspection. */
const schema = buildSchema(`
  type Query { node: Node }
  type Node { id: ID  child: Node  children: [Node] }
`);
const limits = { maxDepth: 4, maxFields: 10, maxIntrospectionDepth: 20, maxIntrospectionFields: 1000 };
const check = (query: string) => validate(schema, parse(query), [...specifiedRules, complexityRule(limits)]).map((e) => e.message);

describe("complexityRule", () => {
  it("accepts queries within the limits", () => {
    expect(check("{ node { child { child { id } } } }")).toEqual([]);
    expect(check("{ a: node { id } b: node { id } c: node { id } }")).toEqual([]);
  });

  it("counts depth through fragments and inline fragments", () => {
    expect(check("{ node { child { child { child { id } } } } }")).toEqual([expect.stringMatching(/5 fields deep; the limit is 4/)]);
    expect(check("{ node { ...F } } fragment F on Node { child { ... on Node { child { child { id } } } } }")).toEqual([expect.stringMatching(/5 fields deep/)]);
  });

  it("counts every alias and every spread of a fragment", () => {
    expect(check("{ a: node { id } b: node { id } c: node { id } d: node { id } e: node { id } f: node { id } }")).toEqual([
      expect.stringMatching(/selects 12 fields; the limit is 10/),
    ]);
    expect(check("{ node { ...F ...F ...F } } fragment F on Node { a: id b: id c: id d: id }")).toEqual([expect.stringMatching(/selects 13 fields/)]);
  });

  it("measures an exponential fragment bomb in linear time", () => {
    // 2^59 selections: a rule that walked them one by one would never finish (CI's time limit for
    // the suite fails it); one that counts each fragment once answers at once, and says how many.
    const levels = 60;
    const fragments = Array.from({ length: levels }, (_, i) => `fragment F${i} on Node { ${i + 1 < levels ? `...F${i + 1} ...F${i + 1}` : "id"} }`).join("\n");
    const errors = check(`{ node { ...F0 } } ${fragments}`);
    expect(errors).toEqual([expect.stringMatching(/selects \d{18,} fields/)]);
  });

  it("survives fragment cycles (graphql-js reports them)", () => {
    expect(check("{ node { ...A } } fragment A on Node { child { ...B } } fragment B on Node { child { ...A } }")).toEqual([
      expect.stringMatching(/Cannot spread fragment "A" within itself via "B"/),
    ]);
  });

  it("gives introspection its own budget, which the standard introspection query fits", () => {
    expect(check(getIntrospectionQuery())).toEqual([]);
    const deep = `{ __type(name: "Node") { ${"ofType { ".repeat(21)} name ${"} ".repeat(21)} } }`;
    expect(check(deep)).toEqual([expect.stringMatching(/introspects 23 fields deep; the limit is 20/)]);
  });
});
