import type * as z from "./zod.js";

export interface InputIssue {
  readonly path: string;
  readonly message: string;
}

/** A zod failure as one readable line plus the structured issues, the same for every input. */
export function describeIssues(error: z.core.$ZodError, what: string): { message: string; issues: InputIssue[] } {
  const issues = error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message.replace(/\s+/g, " ") }));
  const summary = issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join("; ");
  return { message: `${what}: ${summary}`, issues };
}
