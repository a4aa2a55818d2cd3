import { z } from "zod";
import { LIMITS } from "../limits.js";

/** Request bodies of the REST routes. Unknown keys are refused so that typos do not pass silently. */
export const CreateMatchBody = z.strictObject({
  ruleset: z.string().min(1).max(64),
  options: z.unknown().optional(),
  seats: z.number().int().min(1).max(64).nullish(),
});
export type CreateMatchBody = z.infer<typeof CreateMatchBody>;

export const SubmitMoveBody = z.strictObject({
  move: z.unknown().refine((value) => value !== undefined, { message: "move is required" }),
  expectedVersion: z.number().int().nonnegative().nullish(),
  idempotencyKey: z.string().min(1).max(LIMITS.maxIdempotencyKeyLength).nullish(),
});
export type SubmitMoveBody = z.infer<typeof SubmitMoveBody>;

/** `POST /dice` takes no parameters; an empty body or `{}` is accepted. */
export const RollDiceBody = z.strictObject({});
