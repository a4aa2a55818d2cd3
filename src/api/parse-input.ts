import { TabulaError } from "../errors.js";
import { describeIssues } from "../input-issues.js";
import type * as z from "../zod.js";

/** Checks a value against an operation's input schema, or refuses it (BAD_USER_INPUT) with the issues found. */
export function parseInput<I>(schema: z.ZodMiniType<I>, value: unknown, what: string): I {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const { message, issues } = describeIssues(parsed.error, what);
  throw new TabulaError("BAD_USER_INPUT", message, { issues });
}
