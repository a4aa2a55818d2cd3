import { ARCHIVE_FORMAT } from "../match/archive.js";
import { CORRESPONDENCE_DAYS, MAX_BANK_MINUTES, MAX_MINUTES_PER_MOVE } from "../match/time-control.js";
import * as z from "../zod.js";
import { MatchEventSchema, OutcomeSchema } from "./match-view-schema.js";
import { dateTime, field, int, json, meta, named, seatNumber } from "./schema-meta.js";

const hex64 = z.string().check(z.regex(/^[0-9a-f]{64}$/));

/**
 * The archive of a finished match (src/match/archive.ts), as `GET /api/matches/{id}/archive` and
 * `Match.archive` answer it. Its JSON Schema (schema/match-archive.schema.json, docs/records.md)
 * is written from this one by schema/sync.ts, so the document and its schema cannot drift apart.
 */
export const MatchArchiveSchema = named(
  z.object({
    format: meta(z.literal(ARCHIVE_FORMAT), `Always "${ARCHIVE_FORMAT}": what this document is.`),
    formatVersion: meta(z.number().check(z.int(), z.positive()), "The version of this layout (1); a reader refuses one it does not know."),
    matchId: meta(z.string(), "The match's id: every roll is derived from it and the seed."),
    ruleset: meta(z.string(), 'The ruleset id, e.g. "backgammon".'),
    rulesVersion: meta(z.number().check(z.int(), z.positive()), "The version of the ruleset's rules the match was played under, and must be replayed under (MatchCreated's; 1 for logs older than versions)."),
    options: json("The ruleset's options, with their defaults, as MatchCreated recorded them."),
    seats: meta(seatNumber, "How many seats the match had."),
    timeControl: meta(
      z.nullable(
        z.object({
          daysPerMove: meta(z.nullable(int.check(z.meta({ enum: [...CORRESPONDENCE_DAYS] }))), "Days per move, or null."),
          minutesPerMove: meta(z.nullable(z.intBetween(1, MAX_MINUTES_PER_MOVE)), "Minutes per move, or null."),
          bankMinutes: meta(z.intBetween(0, MAX_BANK_MINUTES), "The bank each seat started with."),
        }),
      ),
      "The clock the match was played with; null for none.",
    ),
    diceCommitment: meta(hex64, "SHA-256 (hex) of the dice seed, published when the match was created."),
    diceSeed: meta(hex64, "The dice seed (32 bytes, hex), revealed by MatchFinished: it must hash to `diceCommitment`, and derives every roll."),
    outcome: field(OutcomeSchema, "How the match ended, as MatchFinished recorded it."),
    createdAt: dateTime("When the match was created (MatchCreated's time)."),
    finishedAt: dateTime("When it finished (MatchFinished's time)."),
    events: meta(z.array(MatchEventSchema), "The whole log, version 1 (MatchCreated) to the last (MatchFinished), without gaps: the record itself; the fields above restate it."),
    notation: meta(z.nullable(z.string()), "The whole match as text, in the ruleset's notation (docs/records.md): a .mat file for backgammon, its match record (one line a turn) for the others; null if the match cannot be written in it."),
  }),
  "MatchArchive",
  "A finished match as one self-contained document, to be checked offline (`tabula verify-match`).",
  "rest",
);

/** The metadata only this code's generators read (the SDL's types): not JSON Schema, so left out of the file. */
const OWN_KEYS = new Set(["graphql", "graphqlArguments", "graphqlOnly", "transport"]);

/** The archive's JSON Schema (draft 2020-12), as a file for readers that do not speak OpenAPI. */
export const matchArchiveJsonSchema = (): Record<string, unknown> =>
  JSON.parse(JSON.stringify(z.toJSONSchema(MatchArchiveSchema, { io: "output", unrepresentable: "any" })), (key, value) => (OWN_KEYS.has(key) ? undefined : value));
