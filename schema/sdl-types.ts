import type { OperationSpec } from "../src/api/operation.js";
import { OPERATION_NAMES, OPERATIONS, operationErrors } from "../src/api/operations.js";
import { jsonSchemaOf } from "../src/api/ruleset-catalog.js";
import { ERROR_CODES } from "../src/errors.js";
import { ANSWER_SCHEMAS, answerIds } from "../src/api/view-schemas.js";
import * as z from "../src/zod.js";

/**
 * The SDL's types that the code states, written from it: the fields of Query, Mutation and
 * Subscription from the operations' declarations (src/api/operations/: description, "Errors:",
 * arguments from the input's zod schema, type), and the object types of the answers from their
 * zod schemas (src/api/view-schemas.ts), with the fields operations add to them (`Match.events`). A field's GraphQL type comes from its JSON type, a `$ref` to another named
 * schema, or the `graphql` name of its metadata (ID, JSON, an enum). The rest of the SDL (input
 * types, enums with their values' descriptions, the roots' own descriptions) is written by hand.
 */
const WIDTH = 96;

/** `text` as lines of at most WIDTH, each starting with `indent`; paragraphs stay apart. */
export function wrap(indent: string, text: string): string[] {
  return text.split("\n\n").flatMap((paragraph, i) => {
    const lines: string[] = i > 0 ? [""] : [];
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && indent.length + line.length + 1 + word.length > WIDTH) {
        lines.push(indent + line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) lines.push(indent + line);
    return lines;
  });
}

/** Arguments a view's field takes over GraphQL (`legalMoves(piece:)`), from its metadata. */
type Argument = { name: string; type: string; description: string };
type Schema = { type?: string | string[]; graphql?: string; graphqlArguments?: Argument[]; description?: string; $ref?: string; anyOf?: Schema[]; items?: Schema; properties?: Record<string, Schema>; required?: string[] };

const isNull = (s: Schema): boolean => s.type === "null";

/** A JSON Schema's GraphQL type, `!` where it is required and not null. */
function typeOf(schema: Schema, required: boolean): string {
  const inner = schema.anyOf?.find((s) => !isNull(s)) ?? schema;
  const nullable = (schema.anyOf?.some(isNull) ?? false) || (Array.isArray(schema.type) && schema.type.includes("null"));
  const type = Array.isArray(inner.type) ? inner.type.find((t) => t !== "null") : inner.type;
  const name =
    schema.graphql ??
    inner.graphql ??
    (inner.$ref
      ? inner.$ref
      : type === "array"
        ? `[${typeOf(inner.items ?? {}, true)}]`
        : ({ integer: "Int", number: "Float", string: "String", boolean: "Boolean" } as Record<string, string>)[type ?? ""] ?? "JSON");
  return required && !nullable ? `${name}!` : name;
}

const descriptionOf = (schema: Schema): string | undefined => schema.description ?? schema.anyOf?.find((s) => s.description)?.description;

/** A description: one quoted line where it fits, a block otherwise. */
function describe(indent: string, text: string): string[] {
  const quoted = JSON.stringify(text);
  if (!text.includes("\n") && indent.length + quoted.length <= WIDTH) return [`${indent}${quoted}`];
  return [`${indent}"""`, ...wrap(indent, text.replace(/"""/g, '\\"""')), `${indent}"""`];
}

/** `name: Type` lines of an object's properties, each after its description. */
const fieldLines = (indent: string, schema: Schema, skip: readonly string[] = []): string[] =>
  Object.entries(schema.properties ?? {})
    .filter(([name]) => !skip.includes(name))
    .flatMap(([name, property]) => {
      const description = descriptionOf(property);
      const type = typeOf(property, schema.required?.includes(name) ?? false);
      const args = property.graphqlArguments ?? [];
      const field =
        args.length === 0
          ? [`${indent}${name}: ${type}`]
          : [`${indent}${name}(`, ...args.flatMap((a) => [...describe(`${indent}  `, a.description), `${indent}  ${a.name}: ${a.type}`]), `${indent}): ${type}`];
      return [...(description ? describe(indent, description) : []), ...field];
    });

function argumentsOf(operation: OperationSpec): string[] {
  const schema = jsonSchemaOf(operation.input) as Schema;
  const spec = operation.graphql!;
  if (spec.inputArgument) return [...(schema.description ? describe("    ", schema.description) : []), `    input: ${spec.inputArgument}`];
  return fieldLines("    ", schema, Object.keys(spec.fromParent ?? {}));
}

/** The fields operations give a type, each with its description and "Errors:" line. */
function operationFields(type: string): string[][] {
  return OPERATION_NAMES.flatMap((name) => {
    const operation: OperationSpec = OPERATIONS[name];
    const [owner, field] = operation.graphql?.field.split(".") ?? [];
    if (owner !== type) return [];
    const args = argumentsOf(operation);
    const returns = operation.graphql!.returns;
    return [
      [
        '  """',
        ...wrap("  ", operation.description),
        `  Errors: ${operationErrors(name, "graphql", ERROR_CODES).join(", ")}.`,
        '  """',
        ...(args.length > 0 ? [`  ${field}(`, ...args, `  ): ${returns}`] : [`  ${field}: ${returns}`]),
      ],
    ];
  });
}

/** The object types of the views, by name: their description and fields, then the operations' fields. */
function viewTypes(): Map<string, string[]> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, { io: "output", unrepresentable: "any", uri: (id) => id }) as { schemas: Record<string, Schema> };
  const types = new Map<string, string[]>();
  const shown = answerIds("graphql");
  for (const view of ANSWER_SCHEMAS) {
    const id = z.globalRegistry.get(view)!.id!;
    const schema = schemas[id]!;
    if (schema.type !== "object" || !shown.has(id)) continue;
    const fields = [...fieldLines("  ", schema), ...operationFields(id).flat()];
    types.set(id, [...describe("", schema.description ?? id), `type ${id} {`, ...fields, "}"]);
  }
  return types;
}

/** Where `type name {` starts, its description included, and the line of its closing brace. */
function blockOf(lines: readonly string[], name: string): { start: number; end: number } | null {
  const at = lines.findIndex((line) => line === `type ${name} {`);
  if (at < 0) return null;
  let start = at;
  if (/^".*"$/.test(lines[at - 1] ?? "") && lines[at - 1] !== '"""') start = at - 1;
  else if (lines[at - 1] === '"""') {
    start = at - 2;
    while (start > 0 && lines[start] !== '"""') start--;
  }
  let end = at;
  while (lines[end] !== "}") end++;
  return { start, end };
}

/** Rewrites the root types' fields and the view types, whole, from the code. */
export function generatedTypes(sdl: string): string {
  const lines = sdl.split("\n");
  for (const [name, block] of viewTypes()) {
    const found = blockOf(lines, name);
    if (!found) throw new Error(`the SDL has no type ${name}; add an empty \`type ${name} {\\n}\` where it belongs`);
    lines.splice(found.start, found.end - found.start + 1, ...block);
  }
  for (const root of ["Query", "Mutation", "Subscription"]) {
    const found = blockOf(lines, root);
    if (!found) continue;
    const at = lines.indexOf(`type ${root} {`, found.start);
    const fields = operationFields(root).flatMap((field, i) => (i > 0 ? ["", ...field] : field));
    lines.splice(at, found.end - at + 1, `type ${root} {`, ...fields, "}");
  }
  return lines.join("\n");
}
