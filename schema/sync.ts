/**
 * Keeps the SDL's generated paragraphs and src/api/schema.ts in step with the code:
 * `npx tsx schema/sync.ts`. schema/schema.graphql is the source of truth for the schema; the
 * paragraphs that restate a closed set of the code ("Errors:" of each operation, "Error codes:",
 * "Event types:", "Pass reasons:") are rewritten from that set, and the module that carries the
 * SDL into the Lambda bundle is rendered from the file. test/api/schema.test.ts fails when either
 * is stale. The tables of the README and docs/api.md that restate closed sets (error codes, codes
 * by operation, what each ruleset awaits and notes) are rewritten between their
 * `<!-- generated: ... -->` and `<!-- end -->` markers the same way.
 */
import { BOT_LEVELS } from "../src/engine/bots.js";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { EMBED_OPTION_DOCS } from "../src/api/embed/options.js";
import { PASS_REASONS } from "../src/engine/ruleset.js";
import { getRuleset, RULESETS } from "../src/engine/registry.js";
import { ERROR_CODES, ERROR_MEANINGS, HTTP_STATUS } from "../src/errors.js";
import { EVENT_TYPES } from "../src/match/events.js";
import { graphqlFieldOf, OPERATION_NAMES, OPERATIONS, operationErrors, operationOfField, ownErrors, restRouteOf } from "../src/api/operations.js";
import { generatedTypes, wrap } from "./sdl-types.js";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_PAYLOAD_SCHEMAS, webhookJsonSchemas } from "../src/webhooks/event-types.js";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from "../src/webhooks/retry-schedule.js";
import * as z from "../src/zod.js";
import { matchArchiveJsonSchema } from "../src/service/archive-schema.js";
import { CONTEXT_SETTINGS } from "../infra/config.js";

const sdlPath = fileURLToPath(new URL("./schema.graphql", import.meta.url));
const modulePath = fileURLToPath(new URL("../src/api/schema.ts", import.meta.url));
/** The archive's JSON Schema (docs/records.md), written from its zod schema. */
export const archiveSchemaPath = fileURLToPath(new URL("./match-archive.schema.json", import.meta.url));
export const renderArchiveSchema = (): string => `${JSON.stringify(matchArchiveJsonSchema(), null, 2)}\n`;
/** Documents with generated tables. */
export const DOCS_WITH_TABLES = ["../README.md", "../docs/api.md", "../docs/embed.md", "../docs/webhooks.md", "../docs/bots.md", "../docs/deploy.md"].map((path) => fileURLToPath(new URL(path, import.meta.url)));

/** A template literal keeps the SDL readable in review; only \\, ` and ${ need escaping. */
export const renderSchemaModule = (sdl: string): string =>
  `// Generated from schema/schema.graphql by \`npx tsx schema/sync.ts\`; edit the .graphql file, not this one.\n` +
  `export const typeDefs: string = \`${sdl.replace(/\\/g, "\\\\").replace(/`/g, "\\`").replace(/\$\{/g, "\\${")}\`;\n`;

/** `label` followed by the items, wrapped as the SDL's descriptions are, ending in a full stop. */
const wrapList = (indent: string, label: string, items: readonly string[]): string[] => wrap(indent, `${label}: ${items.join(", ")}.`);

const GLOBAL: Readonly<Record<string, readonly string[]>> = {
  "Error codes": ERROR_CODES,
  "Event types": EVENT_TYPES,
  "Pass reasons": PASS_REASONS,
};

/**
 * Rewrites what the SDL restates: the fields of Query, Mutation and Subscription and the view types (sdl-types.ts),
 * and every paragraph that starts with a known label and runs to a blank line or the end of its
 * description. "Errors:" lists the operation's codes for the field the description belongs to.
 */
export function syncSdl(sdl: string): string {
  const lines = generatedTypes(sdl).split("\n");
  const out: string[] = [];
  let type = "";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const typeMatch = /^(?:type|input|enum) (\w+)/.exec(line);
    if (typeMatch) type = typeMatch[1]!;
    const label = /^(\s*)(Errors|Error codes|Event types|Pass reasons): /.exec(line);
    if (!label) {
      out.push(line);
      continue;
    }
    const [, indent = "", name = ""] = label;
    let end = i;
    while (end + 1 < lines.length && lines[end + 1]!.trim() !== "" && !lines[end + 1]!.trim().startsWith('"""')) end++;
    let items = GLOBAL[name];
    if (name === "Errors") {
      // The field this description documents: the next line after the closing """.
      let j = end + 1;
      while (j < lines.length && (lines[j]!.trim() === "" || lines[j]!.trim() === '"""')) j++;
      const field = /^\s*(\w+)/.exec(lines[j] ?? "")?.[1];
      const operation = operationOfField(`${type}.${field}`);
      if (!operation) throw new Error(`"Errors:" before ${type}.${field}, which is no operation in src/api/operations.ts`);
      items = operationErrors(operation, "graphql", ERROR_CODES);
    }
    out.push(...wrapList(indent, name, items!));
    i = end;
  }
  return out.join("\n");
}

const code = (items: readonly string[]): string => items.map((item) => `\`${item}\``).join(", ");

/** The generated tables, as markdown, by marker name. */
export const DOC_TABLES: Readonly<Record<string, () => string>> = {
  "webhook-events": () =>
    [
      "| type | what it says | its body's schema |",
      "|---|---|---|",
      ...WEBHOOK_EVENT_TYPES.map((type) => {
        const data = (WEBHOOK_PAYLOAD_SCHEMAS[type] as z.ZodMiniObject).def.shape.data!;
        const described = (schema: z.core.$ZodType): string | undefined => (z.globalRegistry.get(schema) as { description?: string } | undefined)?.description;
        const inner = (data as unknown as { def: { innerType?: z.ZodMiniType } }).def.innerType ?? data;
        const id = (z.globalRegistry.get(WEBHOOK_PAYLOAD_SCHEMAS[type]) as { id: string }).id;
        return `| \`${type}\` | ${described(inner) ?? ""} | [\`${id}\`](#the-json-schemas) |`;
      }),
    ].join("\n"),
  "webhook-retries": () => {
    const human = (ms: number): string => (ms < 60_000 ? `${ms / 1000} s` : ms < 3_600_000 ? `${ms / 60_000} min` : `${ms / 3_600_000} h`);
    return [
      `| attempt | ${Array.from({ length: MAX_ATTEMPTS }, (_, i) => i + 1).join(" | ")} |`,
      `|---|${"---|".repeat(MAX_ATTEMPTS)}`,
      `| after the previous | at once | ${RETRY_DELAYS_MS.map(human).join(" | ")} |`,
    ].join("\n");
  },
  "bot-levels": () =>
    ["| ruleset | levels, weakest first | how each plays |", "|---|---|---|", ...RULESETS.map((id) => `| \`${id}\` | ${code(BOT_LEVELS[id])} | [docs/rules/${id}.md](rules/${id}.md#bots) |`)].join("\n"),
  "webhook-schemas": () => ["```json", JSON.stringify(webhookJsonSchemas(), null, 2), "```"].join("\n"),
  "deploy-context": () =>
    [
      "| setting | default | what it does |",
      "|---|---|---|",
      ...Object.entries(CONTEXT_SETTINGS).map(([name, setting]) => `| \`${name}\` | \`${setting.default}\` | ${setting.doc} |`),
    ].join("\n"),
  "embed-options": () =>
    [
      "| option | values | default | what it does |",
      "|---|---|---|---|",
      ...Object.entries(EMBED_OPTION_DOCS).map(([name, o]) => `| \`${name}\` | ${o.values} | ${o.fallback} | ${o.text} |`),
    ].join("\n"),
  rulesets: () =>
    [
      "| ruleset | dice | `awaiting` | notes on `MovePlayed` |",
      "|---|---|---|---|",
      ...RULESETS.map((id) => {
        const r = getRuleset(id);
        return `| \`${id}\` | ${r.dice} | ${code(r.awaiting)} | ${code(r.notes)} |`;
      }),
    ].join("\n"),
  "error-codes": () =>
    ["| code | HTTP | when |", "|---|---|---|", ...ERROR_CODES.map((code) => `| \`${code}\` | ${HTTP_STATUS[code]} | ${ERROR_MEANINGS[code]} |`)].join("\n"),
  "operation-errors": () =>
    [
      "| operation | GraphQL | REST | codes besides any request's |",
      "|---|---|---|---|",
      ...OPERATION_NAMES.map((name) => {
        const own = ERROR_CODES.filter((code) => ownErrors(name).includes(code));
        const restOnly: readonly string[] | undefined = OPERATIONS[name].restOnly;
        const rest = restOnly ? ` (REST only: ${restOnly.join(", ")})` : "";
        const [field, route] = [graphqlFieldOf(name), restRouteOf(name)];
        return `| ${name} | ${field ? `\`${field}\`` : ""} | ${route ? `\`${route}\`` : ""} | ${own.join(", ") || "none"}${rest} |`;
      }),
    ].join("\n"),
};

/** Rewrites each `<!-- generated: name -->` ... `<!-- end -->` block of a document. */
export function syncTables(doc: string): string {
  return doc.replace(/<!-- generated: ([\w-]+) -->\n(?:[\s\S]*?\n)??<!-- end -->/g, (_whole, name: string) => {
    const table = DOC_TABLES[name];
    if (!table) throw new Error(`a document names an unknown generated table "${name}"`);
    return `<!-- generated: ${name} -->\n${table()}\n<!-- end -->`;
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const sdl = syncSdl(readFileSync(sdlPath, "utf8"));
  writeFileSync(sdlPath, sdl);
  writeFileSync(modulePath, renderSchemaModule(sdl));
  writeFileSync(archiveSchemaPath, renderArchiveSchema());
  for (const doc of DOCS_WITH_TABLES) writeFileSync(doc, syncTables(readFileSync(doc, "utf8")));
  process.stdout.write(`wrote ${[sdlPath, modulePath, archiveSchemaPath, ...DOCS_WITH_TABLES].join(", ")}\n`);
}
