import { BOT_LEVELS } from "../../engine/bots.js";
import * as z from "../../zod.js";
import { LIMITS } from "../limits.js";

/**
 * Pieces of the operations' inputs. `graphql` in a field's metadata names its GraphQL type where
 * the JSON type does not say it (an ID, an enum, JSON); descriptions reach the SDL and OpenAPI.
 */
export const MatchId = z.string().check(z.meta({ description: "The match id.", graphql: "ID" }));

/** Any JSON value: moves and options are the ruleset's to check. */
export const AnyJson = (description: string) => z.unknown().check(z.meta({ description, graphql: "JSON" }));

/** A match and nothing else: the commands that take no parameters (an empty body or `{}` over REST). */
export const OnMatch = z.strictObject({ matchId: MatchId });
export type OnMatch = z.infer<typeof OnMatch>;

export const TimeControlBody = z.strictObject({
  daysPerMove: z.nullish(z.number().check(z.int())),
  minutesPerMove: z.nullish(z.number().check(z.int())),
  bankMinutes: z.nullish(z.number().check(z.int())),
});

/** A bot level, by name; which ones a ruleset has is checked against it (src/engine/bots.ts). */
export const BotLevel = z
  .string()
  .check(z.minLength(1), z.maxLength(32), z.describe(`A bot level of the match's ruleset: ${Object.entries(BOT_LEVELS).map(([ruleset, levels]) => `${ruleset}: ${levels.join(", ")}`).join("; ")} (weakest first).`));

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
  /** Seats a bot plays, each at a level of the ruleset's. */
  bots: z.nullish(z.array(z.strictObject({ seat: z.intBetween(0, 63), level: BotLevel })).check(z.maxLength(64))),
}).check(z.describe("The ruleset and its options."));
export type CreateMatchBody = z.infer<typeof CreateMatchBody>;

export const IdempotencyKey = z.string().check(z.minLength(1), z.maxLength(LIMITS.maxIdempotencyKeyLength));
/** A version of a match's log: 0 before the first event. */
export const Version = z.number().check(z.int(), z.nonnegative());
/** A past position of a match, by the version it stood at. */
export const AtVersion = z
  .number()
  .check(
    z.int(),
    z.positive(),
    z.describe("The match as it stood at this version (a replay, a past position), as a spectator sees it; absent: as it is now. A version the match has not reached is NOT_FOUND."),
  );
