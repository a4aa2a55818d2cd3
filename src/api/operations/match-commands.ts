import type { Command } from "../../match/commands.js";
import type { Bearer } from "../../service/credential.js";
import type { ServiceDeps } from "../../service/deps.js";
import { bySeat, type CommandResult, handleCommand } from "../../service/handle-command.js";
import * as z from "../../zod.js";
import { ifMatchVersion } from "../rest/entity-tags.js";
import { header } from "../http.js";
import { ref } from "../rest/openapi-refs.js";
import { checkIdempotencyKey, checkJsonSize } from "../inputs.js";
import { LIMITS } from "../limits.js";
import { defineOperation, type ServedOperation } from "../operation.js";
import { type ErrorCode, TabulaError } from "../../errors.js";
import { AnyJson, IdempotencyKey, MatchId, OnMatch, Version } from "./inputs.js";

/** Any command on a match, by a seat's token or its player's. */
export const ON_MATCH: readonly ErrorCode[] = ["UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND", "MATCH_FINISHED", "VERSION_CONFLICT"];
/** And it needs the match under way: every seat taken, nobody out of time. */
const IN_PLAY: readonly ErrorCode[] = [...ON_MATCH, "WAITING_FOR_PLAYERS", "DEADLINE_PASSED"];
const PLAY: readonly ErrorCode[] = [...IN_PLAY, "NOT_YOUR_TURN"];
const ANSWER: readonly ErrorCode[] = [...IN_PLAY, "NO_OFFER"];

const MATCH_AFTER = { description: "The match after the command.", schema: ref("Match") };

/** A command of the bearer token's seat, decided by the match layer (src/match/decide.ts). */
const bySeatOf = (deps: ServiceDeps, matchId: string, bearer: Bearer, command: (seat: number) => Command, extra: { expectedVersion?: number; idempotencyKey?: string } = {}) =>
  handleCommand(deps, { matchId, ...extra, resolve: bySeat(bearer, command) });

/** A seat's command that takes nothing but the match: one declaration each. */
const seatCommand = (field: string, path: string, spec: { summary: string; description: string; errors: readonly ErrorCode[]; command: (seat: number) => Command }): ServedOperation<OnMatch, CommandResult> =>
  defineOperation({
    summary: spec.summary,
    description: spec.description,
    caller: "seat",
    input: OnMatch,
    errors: spec.errors,
    rateLimit: "command",
    answers: "match",
    run: (deps, { matchId }, bearer) => bySeatOf(deps, matchId, bearer, spec.command),
    rest: { method: "POST", path: `/api/matches/{id}/${path}`, tag: "matches", params: { id: "matchId" }, body: "optional", responds: MATCH_AFTER },
    graphql: { field: `Mutation.${field}`, returns: "Match" },
  });

const SubmitMoveInput = z.strictObject({
  matchId: MatchId,
  move: AnyJson(`The move, in the ruleset's notation (JSON; at most ${LIMITS.maxMoveBytes / 1024} KiB serialized).`),
  expectedVersion: z.nullish(
    Version.check(
      z.describe(
        "Optimistic concurrency: the `version` the client based its move on. If the match has moved on, the move is rejected with VERSION_CONFLICT and `currentVersion`. Omit to skip the check.",
      ),
    ),
  ),
  idempotencyKey: z.nullish(
    IdempotencyKey.check(
      z.describe(
        `1 to ${LIMITS.maxIdempotencyKeyLength} characters. Retrying with the same key and the same move returns the current match without playing again; the same key with another move is IDEMPOTENCY_KEY_REUSED. Keys are per seat and remembered for the match's 64 most recent keyed moves.`,
      ),
    ),
  ),
});
type SubmitMoveInput = z.infer<typeof SubmitMoveInput>;

/** A value from the body and the same from a header must agree. */
function agree<T>(fromBody: T | null | undefined, fromHeader: T | undefined, what: string): T | undefined {
  const body = fromBody ?? undefined;
  if (body !== undefined && fromHeader !== undefined && body !== fromHeader) throw new TabulaError("BAD_USER_INPUT", `${what} differs between the body and the header`);
  return body ?? fromHeader;
}
export const rollDice = defineOperation({
  summary: "Roll the dice",
  description:
    'Rolls the dice for the seat of the bearer token, when the match waits for a roll by that seat (`phase` is "roll"). The roll is derived from the match\'s secret seed (see `diceCommitment`).',
  restNote: "No body is needed (an empty body or `{}`).",
  caller: "seat",
  input: OnMatch,
  errors: [...PLAY, "ALREADY_ROLLED", "DICE_NOT_DUE", "NO_DICE_IN_RULESET"],
  rateLimit: "command",
  answers: "match",
  run: (deps, { matchId }, bearer) => bySeatOf(deps, matchId, bearer, (seat) => ({ type: "RollDice", seat })),
  rest: { method: "POST", path: "/api/matches/{id}/dice", tag: "matches", params: { id: "matchId" }, body: "optional", responds: { ...MATCH_AFTER, description: "The match after the roll." } },
  graphql: { field: "Mutation.rollDice", returns: "Match" },
});

export const submitMove = defineOperation({
  summary: "Play a move",
  description:
    'Plays a move for the seat of the bearer token. A move is legal iff it is one of the `legalMoves` the match lists for that seat (backgammon: a string such as "24/18 13/8"; each ruleset\'s move schema is in `ruleset(id).moveSchema`). The log records it in the ruleset\'s canonical form, with `notes` on what it did.',
  restNote:
    '`expectedVersion` (or `If-Match: "<version>"`) makes the move conditional: if the match is at another version the move is rejected with VERSION_CONFLICT and `currentVersion`. `idempotencyKey` (or `Idempotency-Key`) makes retries safe: the same key with the same move returns the match without playing again; with another move it is IDEMPOTENCY_KEY_REUSED. If both the body and a header give a value they must agree. The move schema of each ruleset is the component `<Ruleset>Move`.',
  caller: "seat",
  input: SubmitMoveInput,
  errors: [...PLAY, "DICE_NOT_ROLLED", "ILLEGAL_MOVE", "IDEMPOTENCY_KEY_REUSED"],
  rateLimit: "command",
  answers: "match",
  run: (deps, input: SubmitMoveInput, bearer) => {
    checkJsonSize(input.move, LIMITS.maxMoveBytes, "the move");
    return bySeatOf(deps, input.matchId, bearer, (seat) => ({ type: "SubmitMove", seat, move: input.move as never }), {
      ...(input.expectedVersion != null ? { expectedVersion: input.expectedVersion } : {}),
      ...(input.idempotencyKey != null ? { idempotencyKey: input.idempotencyKey } : {}),
    });
  },
  rest: {
    method: "POST",
    path: "/api/matches/{id}/moves",
    tag: "matches",
    params: { id: "matchId" },
    body: "required",
    fromHeaders: (request, input) => ({
      ...input,
      idempotencyKey: agree(input.idempotencyKey, checkIdempotencyKey(header(request, "idempotency-key")), "the idempotency key"),
      expectedVersion: agree(input.expectedVersion, ifMatchVersion(request), "the expected version"),
    }),
    headerParams: ["IdempotencyKey", "IfMatch"],
    responds: { ...MATCH_AFTER, description: "The match after the move." },
  },
  graphql: { field: "Mutation.submitMove", returns: "Match" },
});

export const claimTimeout = seatCommand("claimTimeout", "timeout", {
  summary: "Claim a timeout",
  description:
    "Ends the match on time once a deadline has passed (by the server's clock): the sides of the seats out of time lose; before every side has moved, the match is aborted instead. Any seat of the match may claim; the server also finishes overdue matches by itself.",
  errors: [...ON_MATCH, "TIMEOUT_NOT_DUE"],
  command: (seat) => ({ type: "ClaimTimeout", seat }),
});

const ResignInput = z.strictObject({
  matchId: MatchId,
  value: z.nullish(z.string().check(z.minLength(1), z.maxLength(32), z.describe("One of the ruleset's `resignationValues`, or none."))),
});

export const resign = defineOperation({
  summary: "Resign",
  description:
    "Without `value`: concedes the match at once (every other side wins). With a value (rulesets with `resignationValues`: backgammon's single, gammon, backgammon): offers to lose the game in progress for that many times the cube; the opponent accepts or declines.",
  caller: "seat",
  input: ResignInput,
  errors: [...IN_PLAY, "OFFER_PENDING"],
  rateLimit: "command",
  answers: "match",
  run: (deps, { matchId, value }, bearer) => bySeatOf(deps, matchId, bearer, (seat) => ({ type: "Resign", seat, ...(value != null ? { value } : {}) })),
  rest: {
    method: "POST",
    path: "/api/matches/{id}/resign",
    tag: "matches",
    params: { id: "matchId" },
    body: "optional",
    responds: { ...MATCH_AFTER, description: "The match after the resignation (or the offer)." },
  },
  graphql: { field: "Mutation.resign", returns: "Match" },
});

export const acceptResignation = seatCommand("acceptResignation", "resignation/accept", {
  summary: "Accept a resignation",
  description: "Accepts the resignation the other side offered: the game is scored for its value, and the match ends if that score ends it (by resignation).",
  errors: ANSWER,
  command: (seat) => ({ type: "AcceptResignation", seat }),
});

export const declineResignation = seatCommand("declineResignation", "resignation/decline", {
  summary: "Decline a resignation",
  description: "Declines the resignation the other side offered; the game goes on.",
  errors: ANSWER,
  command: (seat) => ({ type: "DeclineResignation", seat }),
});

export const offerDraw = seatCommand("offerDraw", "draw/offer", {
  summary: "Offer a draw",
  description: "Offers a draw (where `drawAllowed`). It stands until a seat of another side accepts or declines it, or rolls or moves instead (which declines it).",
  errors: [...IN_PLAY, "DRAW_NOT_ALLOWED", "OFFER_PENDING"],
  command: (seat) => ({ type: "OfferDraw", seat }),
});

export const acceptDraw = seatCommand("acceptDraw", "draw/accept", {
  summary: "Accept a draw",
  description: "Accepts the draw the other side offered: the match ends drawn (reason drawAgreed).",
  errors: ANSWER,
  command: (seat) => ({ type: "AcceptDraw", seat }),
});

export const declineDraw = seatCommand("declineDraw", "draw/decline", {
  summary: "Decline a draw",
  description: "Declines the draw the other side offered.",
  errors: ANSWER,
  command: (seat) => ({ type: "DeclineDraw", seat }),
});

export const abort = seatCommand("abort", "abort", {
  summary: "Abort",
  description: "Calls the match off without a result, while some side has not moved yet (or a seat is still open).",
  errors: [...ON_MATCH, "TOO_LATE_TO_ABORT"],
  command: (seat) => ({ type: "Abort", seat }),
});
