import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";

/** A conditional write that lost: a typed outcome for callers, never an error to report. */
export const isConditionFailure = (error: unknown): boolean =>
  error instanceof ConditionalCheckFailedException || (error as Error | null)?.name === "ConditionalCheckFailedException";
