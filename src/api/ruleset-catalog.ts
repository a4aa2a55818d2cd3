import * as z from "../zod.js";
import { getRuleset, RULESETS, type RulesetId } from "../engine/registry.js";
import type { Json } from "../engine/ruleset.js";

/** What a client can learn of a ruleset before playing it: everything comes from the code's own sets and schemas. */
export interface RulesetInfo {
  readonly id: RulesetId;
  /** `none` or `d6`: whether `rollDice` is ever due. */
  readonly dice: string;
  /** The values `awaiting` takes in this ruleset. */
  readonly awaiting: readonly string[];
  /** The note types `MovePlayed` events of this ruleset carry. */
  readonly notes: readonly string[];
  /** The `reason` codes of its refusals. */
  readonly reasons: readonly string[];
  /** JSON Schema of `createMatch` options and of one `submitMove` move. */
  readonly optionsSchema: Json;
  readonly moveSchema: Json;
  /** What a resignation may offer for the game in progress; empty: it concedes the match. */
  readonly resignationValues: readonly string[];
}

/** A zod schema as JSON Schema (2020-12) of what a client may send. */
export const jsonSchemaOf = (schema: z.ZodMiniType): Json => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, Json>;
  return rest;
};

let catalog: readonly RulesetInfo[] | undefined;

/** Built on first use: converting the schemas is not free and most requests never ask. */
export function rulesetCatalog(): readonly RulesetInfo[] {
  catalog ??= RULESETS.map((id) => {
    const ruleset = getRuleset(id);
    return {
      id,
      dice: ruleset.dice,
      awaiting: ruleset.awaiting,
      notes: ruleset.notes,
      reasons: ruleset.reasons,
      optionsSchema: jsonSchemaOf(ruleset.optionsSchema),
      moveSchema: jsonSchemaOf(ruleset.moveSchema),
      resignationValues: ruleset.resignationValues ?? [],
    };
  });
  return catalog;
}

export const rulesetInfo = (id: string): RulesetInfo | null => rulesetCatalog().find((r) => r.id === id) ?? null;
