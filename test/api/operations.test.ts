import { readFileSync } from "node:fs";
import { buildSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { ANY_REQUEST, graphqlFieldOf, OPERATIONS, operationErrors, type OperationName, ownErrors, restRouteOf } from "../../src/api/operations.js";
import { openApiDocument } from "../../src/api/rest/openapi.js";
import { REST_ROUTES } from "../../src/api/rest/routes.js";
import { typeDefs } from "../../src/api/schema.js";
import { ERROR_CODES, HTTP_STATUS } from "../../src/errors.js";
import { DOCS_WITH_TABLES, DOC_TABLES, syncSdl, syncTables } from "../../schema/sync.js";
const names = Object.keys(OPERATIONS) as OperationName[];

/** One table of operations and their errors: the routes, the schema, OpenAPI and the README all say the same. */
describe("the operations table", () => {
  it("names every REST route, and only those", () => {
    const routed = REST_ROUTES.map((r) => `${r.method} ${r.path}`).sort();
    const listed = names.flatMap((n) => restRouteOf(n) ?? []).sort();
    expect(listed).toEqual(routed);
  });

  it("names every root field of the GraphQL schema, and only fields that exist", () => {
    const schema = buildSchema(typeDefs);
    const fieldsOf = (type: string): string[] => Object.keys((schema.getType(type) as { getFields(): object }).getFields());
    const roots = ["Query", "Mutation", "Subscription"].flatMap((type) => fieldsOf(type).map((f) => `${type}.${f}`));
    const listed = names.flatMap((n) => graphqlFieldOf(n) ?? []);
    for (const root of roots) expect(listed, root).toContain(root);
    for (const field of listed) {
      const [type, name] = field.split(".") as [string, string];
      expect(fieldsOf(type), field).toContain(name);
    }
  });

  it("lists codes from the closed set, without the ones any request may get", () => {
    for (const name of names) {
      for (const code of ownErrors(name)) {
        expect(ERROR_CODES).toContain(code);
        expect(ANY_REQUEST, `${name} lists ${code}`).not.toContain(code);
      }
    }
  });

  it("is what the SDL's generated paragraphs say (run `npx tsx schema/sync.ts` after changing it)", () => {
    expect(syncSdl(typeDefs)).toBe(typeDefs);
    expect(typeDefs).toContain(`Errors: ${operationErrors("submitMove", "graphql", ERROR_CODES).join(", ").slice(0, 40)}`);
  });

  it("is what the README's and the API reference's tables say (and so are the rulesets' closed sets)", () => {
    const docs = DOCS_WITH_TABLES.map((path) => readFileSync(path, "utf8"));
    for (const doc of docs) expect(syncTables(doc)).toBe(doc);
    for (const [name, table] of Object.entries(DOC_TABLES)) expect(docs.join("\n")).toContain(`<!-- generated: ${name} -->\n${table()}\n<!-- end -->`);
  });

  it("gives each REST operation in OpenAPI exactly the error statuses of its codes", () => {
    const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>> };
    for (const name of names) {
      const rest = restRouteOf(name);
      if (!rest) continue;
      const [method, path] = rest.split(" ") as [string, string];
      const op = doc.paths[path]?.[method.toLowerCase()];
      expect(op?.operationId, rest).toBe(name);
      const errorStatuses = Object.keys(op!.responses).filter((s) => Number(s) >= 400 && s !== "415").sort();
      const expected = [...new Set(operationErrors(name, "rest", ERROR_CODES).map((c) => String(HTTP_STATUS[c])))].sort();
      expect(errorStatuses, name).toEqual(expected);
    }
  });
});
