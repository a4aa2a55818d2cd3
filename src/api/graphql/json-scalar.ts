import { GraphQLError, GraphQLScalarType, Kind, type ObjectValueNode, type ValueNode } from "graphql";

/** Nesting deeper than this is refused while reading a literal (moves and options are shallow). */
const MAX_LITERAL_DEPTH = 32;

function literalToJson(node: ValueNode, variables: Record<string, unknown> | null | undefined, depth: number): unknown {
  if (depth > MAX_LITERAL_DEPTH) throw new GraphQLError(`JSON nested deeper than ${MAX_LITERAL_DEPTH}`);
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map((value) => literalToJson(value, variables, depth + 1));
    case Kind.OBJECT:
      return objectToJson(node, variables, depth);
    case Kind.VARIABLE:
      return variables?.[node.name.value] ?? null;
    case Kind.ENUM:
      throw new GraphQLError(`JSON cannot hold the enum value ${node.value}; quote it as a string`);
  }
}

function objectToJson(node: ObjectValueNode, variables: Record<string, unknown> | null | undefined, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const field of node.fields) out[field.name.value] = literalToJson(field.value, variables, depth + 1);
  return { ...out };
}

/** Variables arrive already parsed from the request's JSON; only non-JSON numbers are refused. */
function checkJsonValue(value: unknown): unknown {
  if (typeof value === "number" && !Number.isFinite(value)) throw new GraphQLError("JSON numbers must be finite");
  return value;
}

export const JsonScalar = new GraphQLScalarType({
  name: "JSON",
  description: "Any JSON value.",
  serialize: (value) => value,
  parseValue: checkJsonValue,
  parseLiteral: (node, variables) => literalToJson(node, variables, 0),
});
