import { jsonSchemaOf } from "../src/api/ruleset-catalog.js";
import type { OperationSpec } from "../src/api/operation.js";
import { OPERATION_NAMES, OPERATIONS, operationErrors } from "../src/api/operations.js";
import { ERROR_CODES } from "../src/errors.js";

/**
 * The fields of Query, Mutation and Subscription, written from the operations' declarations
 * (src/api/operations/): each field's description with its "Errors:" line, its arguments from
 * the input's zod schema (a field's type from its JSON type, or the `graphql` name of its
 * metadata: ID, JSON, an enum or input type), and its type. The SDL keeps each root type's own
 * description; the fields between its braces are rewritten.
 */
const WIDTH = 96;

/** `text` as lines of at most WIDTH, each starting with `indent`. */
export function wrap(indent: string, text: string): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && indent.length + line.length + 1 + word.length > WIDTH) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(indent + line);
  return lines;
}

type Schema = { type?: string; graphql?: string; description?: string; anyOf?: Schema[]; properties?: Record<string, Schema>; required?: string[] };

/** A property's GraphQL type, `!` where it is required and not null. */
function typeOf(schema: Schema, required: boolean): string {
  const nonNull = schema.anyOf?.find((s) => s.type !== "null");
  const nullable = schema.anyOf !== undefined && schema.anyOf.some((s) => s.type === "null");
  const inner = nonNull ?? schema;
  const graphql = schema.graphql ?? inner.graphql;
  const name = graphql ?? (inner.type === "integer" ? "Int" : inner.type === "string" ? "String" : inner.type === "boolean" ? "Boolean" : "JSON");
  return required && !nullable ? `${name}!` : name;
}

const describe = (indent: string, text: string): string[] => {
  const lines = wrap(indent, text);
  if (lines.length === 1 && lines[0]!.length + 2 <= WIDTH && !text.includes('"')) return [`${indent}"${text}"`];
  return [`${indent}"""`, ...wrap(indent, text.replace(/"""/g, '\\"""')), `${indent}"""`];
};

function argumentsOf(operation: OperationSpec): string[] {
  const schema = jsonSchemaOf(operation.input) as Schema;
  if (operation.graphql!.inputArgument) return [...(schema.description ? describe("    ", schema.description) : []), `    input: ${operation.graphql!.inputArgument}`];
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const description = property.description ?? property.anyOf?.find((s) => s.description)?.description;
    return [...(description ? describe("    ", description) : []), `    ${name}: ${typeOf(property, schema.required?.includes(name) ?? false)}`];
  });
}

/** The SDL of one root type's fields. */
function fieldsOf(type: string): string[] {
  return OPERATION_NAMES.flatMap((name, i) => {
    const operation: OperationSpec = OPERATIONS[name];
    const [owner, field] = operation.graphql?.field.split(".") ?? [];
    if (owner !== type) return [];
    const args = argumentsOf(operation);
    const errors = operationErrors(name, "graphql", ERROR_CODES);
    return [
      ...(i > 0 ? [""] : []),
      '  """',
      ...wrap("  ", operation.description),
      `  Errors: ${errors.join(", ")}.`,
      '  """',
      ...(args.length > 0 ? [`  ${field}(`, ...args, `  ): ${operation.graphql!.returns}`] : [`  ${field}: ${operation.graphql!.returns}`]),
    ];
  });
}

/** Rewrites the fields of `type Query|Mutation|Subscription { ... }` from the declarations. */
export function rootFields(sdl: string): string {
  return sdl.replace(/^type (Query|Mutation|Subscription) \{\n[\s\S]*?\n\}$/gm, (_whole, type: string) => {
    const fields = fieldsOf(type);
    while (fields[0] === "") fields.shift();
    return [`type ${type} {`, ...fields, "}"].join("\n");
  });
}
