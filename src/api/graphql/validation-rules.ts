import { type DocumentNode, type GraphQLError, type GraphQLSchema, validate, type ValidationRule } from "graphql";
import { complexityRule, type ComplexityLimits, DEFAULT_COMPLEXITY_LIMITS } from "./complexity-rule.js";
import { noSubscriptionRule } from "./no-subscription-rule.js";
import { perDocument } from "./per-document.js";

/**
 * What a query or mutation is validated with beyond graphql-js's own rules, over HTTP (Apollo,
 * server.ts) and over a WebSocket (execute-operation.ts) alike.
 */
export const validationRules = (limits: ComplexityLimits = DEFAULT_COMPLEXITY_LIMITS): ValidationRule[] => [noSubscriptionRule, complexityRule(limits)];

/** `validate` with `rules`, once per schema and document: validation depends on nothing else. */
export const cachedValidator = (rules: readonly ValidationRule[]): ((schema: GraphQLSchema, document: DocumentNode) => readonly GraphQLError[]) =>
  perDocument((schema, document) => validate(schema, document, rules));
