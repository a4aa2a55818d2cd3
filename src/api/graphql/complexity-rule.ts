import {
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from "graphql";
import { LIMITS } from "../limits.js";

/** Depth and field count of a selection set, split into the data graph and introspection. */
interface Measure {
  depth: number;
  fields: number;
  introspectionDepth: number;
  introspectionFields: number;
}

const ZERO: Measure = { depth: 0, fields: 0, introspectionDepth: 0, introspectionFields: 0 };
const INTROSPECTION_ROOTS = new Set(["__schema", "__type"]);

export interface ComplexityLimits {
  readonly maxDepth: number;
  readonly maxFields: number;
  readonly maxIntrospectionDepth: number;
  readonly maxIntrospectionFields: number;
}

export const DEFAULT_COMPLEXITY_LIMITS: ComplexityLimits = {
  maxDepth: LIMITS.maxQueryDepth,
  maxFields: LIMITS.maxQueryFields,
  maxIntrospectionDepth: LIMITS.maxIntrospectionDepth,
  maxIntrospectionFields: LIMITS.maxIntrospectionFields,
};

/**
 * Refuses operations that are too deep or select too many fields, before anything runs.
 * Fragments are expanded wherever they are spread (so a fragment spread ten times costs ten
 * times) and every alias is a field of its own, which is what the resolvers would execute.
 * Each fragment is measured once, so a "fragment bomb" costs the validator linear time.
 * Errors carry `extensions.code = QUERY_TOO_COMPLEX`; the GraphQL error mapping keeps that code.
 */
export function complexityRule(limits: ComplexityLimits = DEFAULT_COMPLEXITY_LIMITS): ValidationRule {
  return (context: ValidationContext) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    const memo = new Map<string, Measure>();
    const visiting = new Set<string>();

    const measureSet = (set: SelectionSetNode, introspection: boolean): Measure => {
      let result = ZERO;
      for (const selection of set.selections) {
        let part: Measure;
        if (selection.kind === Kind.FIELD) {
          const inside = introspection || INTROSPECTION_ROOTS.has(selection.name.value);
          const child = selection.selectionSet ? measureSet(selection.selectionSet, inside) : ZERO;
          part = inside
            ? { ...child, introspectionDepth: child.introspectionDepth + 1, introspectionFields: child.introspectionFields + 1 }
            : { ...child, depth: child.depth + 1, fields: child.fields + 1 };
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          part = measureSet(selection.selectionSet, introspection);
        } else {
          part = measureFragment(selection.name.value, introspection);
        }
        result = {
          depth: Math.max(result.depth, part.depth),
          fields: result.fields + part.fields,
          introspectionDepth: Math.max(result.introspectionDepth, part.introspectionDepth),
          introspectionFields: result.introspectionFields + part.introspectionFields,
        };
      }
      return result;
    };

    const measureFragment = (name: string, introspection: boolean): Measure => {
      const key = `${introspection ? "i" : "d"}:${name}`;
      const known = memo.get(key);
      if (known) return known;
      const fragment = fragments.get(name);
      // Unknown fragments and cycles are reported by graphql-js's own rules.
      if (!fragment || visiting.has(key)) return ZERO;
      visiting.add(key);
      const measured = measureSet(fragment.selectionSet, introspection);
      visiting.delete(key);
      memo.set(key, measured);
      return measured;
    };

    return {
      Document(document) {
        for (const definition of document.definitions) {
          if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
        }
        for (const definition of document.definitions) {
          if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
          const m = measureSet(definition.selectionSet, false);
          const name = definition.name ? `operation "${definition.name.value}"` : "the operation";
          const report = (message: string, limit: number, actual: number) =>
            context.reportError(
              new GraphQLError(message, { nodes: [definition], extensions: { code: "QUERY_TOO_COMPLEX", limit, actual } }),
            );
          if (m.depth > limits.maxDepth) report(`${name} is ${m.depth} fields deep; the limit is ${limits.maxDepth}`, limits.maxDepth, m.depth);
          if (m.fields > limits.maxFields) report(`${name} selects ${m.fields} fields; the limit is ${limits.maxFields}`, limits.maxFields, m.fields);
          if (m.introspectionDepth > limits.maxIntrospectionDepth) {
            report(`${name} introspects ${m.introspectionDepth} fields deep; the limit is ${limits.maxIntrospectionDepth}`, limits.maxIntrospectionDepth, m.introspectionDepth);
          }
          if (m.introspectionFields > limits.maxIntrospectionFields) {
            report(`${name} selects ${m.introspectionFields} introspection fields; the limit is ${limits.maxIntrospectionFields}`, limits.maxIntrospectionFields, m.introspectionFields);
          }
        }
        return false;
      },
    };
  };
}
