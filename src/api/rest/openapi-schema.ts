import * as z from "../../zod.js";
import { answerIds } from "../view-schemas.js";

/**
 * A JSON Schema from zod as the OpenAPI document shows it: without what only the code needs (the
 * GraphQL type names of the metadata, a converted schema's own `$schema` and `$id`), the bounds of
 * a safe integer that zod states for every whole number, the pattern it writes out for an ISO date
 * (`format: date-time` says it), and `readOnly`, which only says the code never changes a list.
 */
export const documented = <T>(schema: T): T =>
  JSON.parse(JSON.stringify(schema), function (this: Record<string, unknown>, key, value) {
    if (key === "graphql" || key === "graphqlArguments" || key === "transport" || key === "$schema" || key === "$id" || key === "readOnly") return undefined;
    // A field only GraphQL resolves (an inbox entry's match) is no part of REST's answer.
    if (value !== null && typeof value === "object" && (value as { graphqlOnly?: boolean }).graphqlOnly) return undefined;
    if ((key === "minimum" || key === "maximum") && Math.abs(value) === Number.MAX_SAFE_INTEGER) return undefined;
    if (key === "pattern" && this.format === "date-time") return undefined;
    return value;
  });

/** The components of what REST answers (view-schemas.ts), each a `$ref` target by its id. */
export function viewComponents(): Record<string, object> {
  const ids = answerIds("rest");
  const { schemas } = z.toJSONSchema(z.globalRegistry, { io: "output", unrepresentable: "any", uri: (id) => `#/components/schemas/${id}` }) as { schemas: Record<string, object> };
  return documented(Object.fromEntries(Object.entries(schemas).filter(([id]) => ids.has(id))));
}
