import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  buildSchema,
  getNamedType,
  type GraphQLField,
  type GraphQLNamedType,
  isEnumType,
  isInputObjectType,
  isObjectType,
  isScalarType,
} from "graphql";
import { describe, expect, it } from "vitest";
import { typeDefs } from "../../src/api/schema.js";
import { renderSchemaModule } from "../../schema/sync.js";

const sdlFile = fileURLToPath(new URL("../../schema/schema.graphql", import.meta.url));
const moduleFile = fileURLToPath(new URL("../../src/api/schema.ts", import.meta.url));

describe("the GraphQL schema", () => {
  it("in src/api/schema.ts is schema/schema.graphql, verbatim (run `npx tsx schema/sync.ts` after editing)", () => {
    const sdl = readFileSync(sdlFile, "utf8");
    expect(typeDefs).toBe(sdl);
    expect(readFileSync(moduleFile, "utf8")).toBe(renderSchemaModule(sdl));
  });

  const schema = buildSchema(typeDefs);
  const own = Object.values(schema.getTypeMap()).filter((type) => !type.name.startsWith("__") && !["String", "Int", "Boolean", "ID", "Float"].includes(type.name));

  it("keeps the names clients depend on", () => {
    const fieldsOf = (name: string) => Object.keys((schema.getType(name) as { getFields(): object }).getFields());
    expect(fieldsOf("Mutation")).toEqual(expect.arrayContaining(["createMatch", "rollDice", "submitMove"]));
    expect(fieldsOf("Query")).toEqual(expect.arrayContaining(["match", "rulesets"]));
    expect(fieldsOf("CreateMatchInput")).toEqual(expect.arrayContaining(["ruleset", "options", "seats"]));
    expect(fieldsOf("CreateMatchPayload")).toEqual(expect.arrayContaining(["match", "seats"]));
    expect(fieldsOf("SeatCredential")).toEqual(expect.arrayContaining(["seat", "token"]));
    expect(fieldsOf("Match")).toEqual(
      expect.arrayContaining(["id", "ruleset", "status", "version", "toMove", "dice", "legalMoves", "state", "winner", "result", "events", "diceCommitment", "diceSeed", "seat", "seats", "createdAt", "updatedAt"]),
    );
    expect(fieldsOf("MatchEvent")).toEqual(expect.arrayContaining(["version", "type", "at", "data"]));
    const match = schema.getType("Match");
    expect(isObjectType(match) && String(match.getFields().version?.type)).toBe("Int!");
    expect(isObjectType(match) && String(match.getFields().legalMoves?.type)).toBe("[JSON!]!");
    expect(String(schema.getMutationType()?.getFields().submitMove?.type)).toBe("Match");
    // Nullable, every one: a refused mutation must not null its document's other answers.
    expect(Object.values(schema.getMutationType()!.getFields()).filter((field) => String(field.type).endsWith("!")).map((field) => field.name)).toEqual([]);
    expect(schema.getMutationType()?.getFields().submitMove?.args.map((arg) => `${arg.name}: ${arg.type}`)).toEqual([
      "matchId: ID!",
      "move: JSON!",
      "expectedVersion: Int",
      "idempotencyKey: String",
    ]);
    const status = schema.getType("MatchStatus");
    expect(isEnumType(status) && status.getValues().map((v) => v.name)).toEqual(["WAITING", "ACTIVE", "FINISHED"]);
  });

  it("documents every type, field, argument and enum value", () => {
    const missing: string[] = [];
    const need = (what: string, description: string | null | undefined) => {
      if (!description?.trim()) missing.push(what);
    };
    for (const type of own as GraphQLNamedType[]) {
      need(type.name, type.description);
      if (isObjectType(type) || isInputObjectType(type)) {
        for (const field of Object.values(type.getFields()) as GraphQLField<unknown, unknown>[]) {
          need(`${type.name}.${field.name}`, field.description);
          for (const arg of field.args ?? []) need(`${type.name}.${field.name}(${arg.name})`, arg.description);
        }
      }
      if (isEnumType(type)) for (const value of type.getValues()) need(`${type.name}.${value.name}`, value.description);
      if (isScalarType(type)) need(type.name, type.description);
    }
    expect(missing).toEqual([]);
    expect(getNamedType(schema.getQueryType()!)).toBeDefined();
  });
});
