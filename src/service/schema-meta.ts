import type { Json } from "../engine/ruleset.js";
import * as z from "../zod.js";

/**
 * How the schemas of what the API answers are written: a field's description (and its GraphQL
 * type where the JSON type does not say it: ID, JSON, an enum), and a named schema's id, its
 * component and GraphQL type name. `transport` keeps a schema to one of the two: a shape only
 * REST answers (an outcome is JSON over GraphQL) or only GraphQL does.
 */
export const meta = <T extends z.ZodMiniType>(schema: T, description: string, graphql?: string): T =>
  schema.check(z.meta({ description, ...(graphql ? { graphql } : {}) })) as T;

export const TRANSPORTS = ["rest", "graphql"] as const;
export type Transport = (typeof TRANSPORTS)[number];

export const named = <T extends z.ZodMiniType>(schema: T, id: string, description: string, transport?: Transport): T =>
  schema.check(z.meta({ id, description, ...(transport ? { transport } : {}) })) as T;

/** A field of a shape that only GraphQL answers, resolved there (an inbox entry's match). */
export const graphqlOnly = <T extends z.ZodMiniType>(schema: T, description: string, graphql?: string): T =>
  schema.check(z.meta({ description, graphqlOnly: true, ...(graphql ? { graphql } : {}) })) as T;

/**
 * A field that is a named schema, with a description of its own: `meta` on the named schema
 * itself would copy it, id and all (zod runs a schema's checks again on a copy), so the field
 * wraps it in `readonly`, which the JSON Schema and the SDL see through.
 */
export const field = <T extends z.ZodMiniType>(schema: T, description: string) => meta(z.readonly(schema), description);

/** Any JSON value, ruleset-specific. */
export const json = (description: string) => meta(z.custom<Json>(), description, "JSON");
export const int = z.number().check(z.int());
export const seatNumber = z.number().check(z.int(), z.nonnegative());
export const dateTime = (description: string) => meta(z.iso.datetime(), description);
