import { type DocumentNode, type GraphQLError, type GraphQLSchema, validate, type ValidationRule } from "graphql";
import { complexityRule, type ComplexityLimits, DEFAULT_COMPLEXITY_LIMITS } from "./complexity-rule.js";
import { noSubscriptionRule } from "./no-subscription-rule.js";

/**
 * What a query or mutation is validated with beyond graphql-js's own rules, over HTTP (Apollo,
 * server.ts) and over a WebSocket (execute-operation.ts) alike.
 */
export const validationRules = (limits: ComplexityLimits = DEFAULT_COMPLEXITY_LIMITS): ValidationRule[] => [noSubscriptionRule, complexityRule(limits)];

/**
 * `validate` with `rules`, once per schema and document: validation depends on nothing else, and
 * a document parsed from a text seen before is the same object (executable-schema.ts).
 */
export function cachedValidator(rules: readonly ValidationRule[]): (schema: GraphQLSchema, document: DocumentNode) => readonly GraphQLError[] {
  const bySchema = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, readonly GraphQLError[]>>();
  return (schema, document) => {
    let byDocument = bySchema.get(schema);
    if (!byDocument) bySchema.set(schema, (byDocument = new WeakMap()));
    let errors = byDocument.get(document);
    if (!errors) byDocument.set(document, (errors = validate(schema, document, rules)));
    return errors;
  };
}
