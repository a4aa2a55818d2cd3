import { RULESETS } from "../../engine/registry.js";
import { TabulaError } from "../../errors.js";
import * as z from "../../zod.js";
import { defineOperation } from "../operation.js";
import { ref } from "../rest/openapi-refs.js";
import { rulesetCatalog, rulesetInfo } from "../ruleset-catalog.js";

/** What every client may cache for a while: it changes only with the server's code. */
const CACHED = () => ({ "cache-control": "public, max-age=300" });
const RULESET = ref("Ruleset");

export const listRulesets = defineOperation({
  summary: "The rulesets this server plays",
  description: "The ids of the rulesets this server plays, for `CreateMatchInput.ruleset`.",
  restNote: "With what each awaits, notes and refuses, and the JSON Schemas of its options and moves.",
  caller: "anyone",
  input: z.strictObject({}),
  errors: [],
  answers: "value",
  run: async () => rulesetCatalog(),
  present: (rulesets) => ({ rulesets }),
  rest: {
    method: "GET",
    path: "/api/rulesets",
    tag: "rulesets",
    body: "none",
    headers: CACHED,
    responds: { description: "Every ruleset.", schema: { type: "object", required: ["rulesets"], properties: { rulesets: { type: "array", items: RULESET } } } },
  },
  graphql: { field: "Query.rulesets", returns: "[String!]!", answer: () => RULESETS },
});

export const getRuleset = defineOperation({
  summary: "One ruleset",
  description: "What a ruleset awaits, notes and refuses, and the JSON Schemas of its options and moves; null if unknown.",
  caller: "anyone",
  input: z.strictObject({ id: z.string().check(z.meta({ description: "A ruleset id from `rulesets`.", enum: [...RULESETS] })) }),
  errors: ["NOT_FOUND"],
  restOnly: ["NOT_FOUND"],
  answers: "value",
  run: async (_, { id }) => {
    const info = rulesetInfo(id);
    if (!info) throw new TabulaError("NOT_FOUND", `no ruleset "${id}"; known: ${RULESETS.join(", ")}`);
    return info;
  },
  rest: { method: "GET", path: "/api/rulesets/{id}", tag: "rulesets", params: { id: "id" }, body: "none", headers: CACHED, responds: { description: "The ruleset.", schema: RULESET } },
  graphql: { field: "Query.ruleset", returns: "Ruleset", orNull: "NOT_FOUND" },
});

export const getOpenApi = defineOperation({
  summary: "This document",
  description: "The OpenAPI 3.1 description of the REST API.",
  caller: "anyone",
  input: z.strictObject({}),
  errors: [],
  answers: "transport",
  rest: { method: "GET", path: "/api/openapi.json", tag: "meta", body: "none", responds: { description: "The OpenAPI 3.1 description of the REST API.", schema: { type: "object" } } },
});
