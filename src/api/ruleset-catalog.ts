import * as z from "../zod.js";
import { getRuleset, RULESETS, type RulesetId, rulesVersions } from "../engine/registry.js";
import { BOT_LEVELS } from "../engine/bots.js";
import { DICE_KINDS, type Json } from "../engine/ruleset.js";
import { json, meta, named } from "../service/schema-meta.js";

/** What a client can learn of a ruleset before playing it: everything comes from the code's own sets and schemas. */
export const RulesetSchema = named(
  z.object({
    id: meta(z.enum(RULESETS), 'The id, e.g. "backgammon".', "String"),
    dice: meta(z.enum(DICE_KINDS), '"d6" when the server rolls six-sided dice for it, "none" when it is played without dice.', "String"),
    rulesVersion: meta(z.number().check(z.int(), z.positive()), "The version of its rules new matches are created under (each match keeps the one it was created under: docs/records.md)."),
    rulesVersions: meta(z.readonly(z.array(z.number().check(z.int(), z.positive()))), "Every version of its rules this server can replay and verify, oldest first."),
    awaiting: meta(z.readonly(z.array(z.string())), 'Every value `Match.awaiting` takes in this ruleset ("over" included).'),
    notes: meta(z.readonly(z.array(z.string())), "Every note type its `MovePlayed` events may carry in `data.notes`."),
    reasons: meta(z.readonly(z.array(z.string())), "Every `reason` its refusals (ILLEGAL_MOVE and others) may carry."),
    optionsSchema: json("JSON Schema (2020-12) of `CreateMatchInput.options`."),
    moveSchema: json("JSON Schema (2020-12) of one move for `submitMove`."),
    resignationValues: meta(
      z.readonly(z.array(z.string())),
      "What a resignation may offer for the game in progress (backgammon: single, gammon, backgammon); empty: a resignation concedes the match.",
    ),
    botLevels: meta(z.readonly(z.array(z.string())), "The bot levels a seat may be given (`createMatch` `bots`, `addBot`), weakest first (docs/bots.md)."),
  }),
  "Ruleset",
  "A ruleset as clients may learn it before playing: every list is the code's own closed set.",
);
export type RulesetInfo = z.infer<typeof RulesetSchema>;

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
      rulesVersion: ruleset.rulesVersion,
      rulesVersions: rulesVersions(id),
      awaiting: ruleset.awaiting,
      notes: ruleset.notes,
      reasons: ruleset.reasons,
      optionsSchema: jsonSchemaOf(ruleset.optionsSchema),
      moveSchema: jsonSchemaOf(ruleset.moveSchema),
      resignationValues: ruleset.resignationValues ?? [],
      botLevels: BOT_LEVELS[id],
    };
  });
  return catalog;
}

export const rulesetInfo = (id: string): RulesetInfo | null => rulesetCatalog().find((r) => r.id === id) ?? null;
