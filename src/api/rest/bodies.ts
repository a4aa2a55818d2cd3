import { z } from "zod";
import { LIMITS } from "../limits.js";

/** Request bodies of the REST routes. Unknown keys are refused so that typos do not pass silently. */
export const TimeControlBody = z.strictObject({
  daysPerMove: z.number().int().nullish(),
  minutesPerMove: z.number().int().nullish(),
  bankMinutes: z.number().int().nullish(),
});

export const CreateMatchBody = z.strictObject({
  ruleset: z.string().min(1).max(64),
  options: z.unknown().optional(),
  seats: z.number().int().min(1).max(64).nullish(),
  /** A deadline per move (exactly one of daysPerMove, minutesPerMove) and a bank. */
  timeControl: TimeControlBody.nullish(),
  /** Seats left open, each with an invitation; `player` reserves one for that player. */
  openSeats: z.array(z.strictObject({ seat: z.number().int().min(0).max(63), player: z.string().min(1).max(64).nullish() })).max(64).nullish(),
  /** With a player token: the seat its player takes. */
  playerSeat: z.number().int().min(0).max(63).nullish(),
  invitationMinutes: z.number().int().nullish(),
  invitationLink: z.string().max(512).nullish(),
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

export const CreatePlayerBody = z.strictObject({ name: z.string().max(200) });

export const JoinMatchBody = z.strictObject({
  invitation: z.string().min(1).max(256).nullish(),
  seat: z.number().int().min(0).max(63).nullish(),
});

export const ResignBody = z.strictObject({ value: z.string().min(1).max(32).nullish() });

/** The answers and claims take no parameters; an empty body or `{}` is accepted. */
export const EmptyBody = RollDiceBody;
