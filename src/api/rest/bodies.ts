import * as z from "../../zod.js";
import { LIMITS } from "../limits.js";

/** Request bodies of the REST routes. Unknown keys are refused so that typos do not pass silently. */
export const TimeControlBody = z.strictObject({
  daysPerMove: z.nullish(z.number().check(z.int())),
  minutesPerMove: z.nullish(z.number().check(z.int())),
  bankMinutes: z.nullish(z.number().check(z.int())),
});

export const CreateMatchBody = z.strictObject({
  ruleset: z.string().check(z.minLength(1), z.maxLength(64)),
  options: z.optional(z.unknown()),
  seats: z.nullish(z.intBetween(1, 64)),
  /** A deadline per move (exactly one of daysPerMove, minutesPerMove) and a bank. */
  timeControl: z.nullish(TimeControlBody),
  /** Seats left open, each with an invitation; `player` reserves one for that player. */
  openSeats: z.nullish(
    z.array(z.strictObject({ seat: z.intBetween(0, 63), player: z.nullish(z.string().check(z.minLength(1), z.maxLength(64))) })).check(z.maxLength(64)),
  ),
  /** With a player token: the seat its player takes. */
  playerSeat: z.nullish(z.intBetween(0, 63)),
  invitationMinutes: z.nullish(z.number().check(z.int())),
  invitationLink: z.nullish(z.string().check(z.maxLength(512))),
});
export type CreateMatchBody = z.infer<typeof CreateMatchBody>;

export const SubmitMoveBody = z.strictObject({
  move: z.unknown().check(z.refine((value) => value !== undefined, { message: "move is required" })),
  expectedVersion: z.nullish(z.number().check(z.int(), z.nonnegative())),
  idempotencyKey: z.nullish(z.string().check(z.minLength(1), z.maxLength(LIMITS.maxIdempotencyKeyLength))),
});
export type SubmitMoveBody = z.infer<typeof SubmitMoveBody>;

/** `POST /dice` takes no parameters; an empty body or `{}` is accepted. */
export const RollDiceBody = z.strictObject({});

export const CreatePlayerBody = z.strictObject({ name: z.string().check(z.maxLength(200)) });

export const JoinMatchBody = z.strictObject({
  invitation: z.nullish(z.string().check(z.minLength(1), z.maxLength(256))),
  seat: z.nullish(z.intBetween(0, 63)),
});

export const ResignBody = z.strictObject({ value: z.nullish(z.string().check(z.minLength(1), z.maxLength(32))) });

/** The answers and claims take no parameters; an empty body or `{}` is accepted. */
export const EmptyBody = RollDiceBody;
