import { TabulaError } from "../errors.js";
import { decide } from "../match/decide.js";
import { diceCommitment, SEED_BYTES } from "../match/dice.js";
import { indexWrites } from "../match/inbox-rows.js";
import { BOT_LEVELS, isBotLevel } from "../engine/bots.js";
import { isRulesetId } from "../engine/registry.js";
import { botPlayer, isBot, type PlayerRef } from "../match/player-ref.js";
import { snapshotFormat } from "../match/snapshot.js";
import type { MatchState } from "../match/state.js";
import { playerOf, requirePlayer } from "./authenticate-player.js";
import type { ServiceDeps } from "./deps.js";
import { isDisplaySafe } from "./display-text.js";
import type * as z from "../zod.js";
import type { InvitationSchema, SeatCredentialSchema } from "./payload-schemas.js";
import { asCredential, type Bearer, type Credential } from "./credential.js";
import { hashSeatToken, hashToken, makeInvitationCode, makeSeatToken } from "./seat-tokens.js";

/** How long invitations stand unless told otherwise: a week, as a correspondence challenge. */
export const DEFAULT_INVITATION_MINUTES = 7 * 24 * 60;
export const MAX_INVITATION_MINUTES = 30 * 24 * 60;

export interface OpenSeatInput {
  readonly seat: number;
  /** Reserve the seat for this player (by id): only that player may take it, without a code. */
  readonly player?: string | null | undefined;
}

export interface CreateMatchInput {
  readonly ruleset: string;
  readonly options?: unknown;
  readonly seats?: number | undefined;
  /** `{daysPerMove | minutesPerMove, bankMinutes?}`; see src/match/time-control.ts. */
  readonly timeControl?: unknown;
  /** Seats left for others to join, each with an invitation. */
  readonly openSeats?: readonly OpenSeatInput[] | undefined;
  /** With a player token: the seat its player takes (default: the first seat not left open). */
  readonly playerSeat?: number | undefined;
  /** How long the invitations stand, in minutes (default a week, at most 30 days). */
  readonly invitationMinutes?: number | undefined;
  /** A URL with `{code}` (and optionally `{match}`) for the link each invitation shows, e.g. `https://play.example/join/{match}/{code}`. */
  readonly invitationLink?: string | undefined;
  /** Seats a bot plays, at a level of the ruleset's (src/engine/bots.ts). */
  readonly bots?: readonly BotSeatInput[] | undefined;
}

export interface BotSeatInput {
  readonly seat: number;
  readonly level: string;
}

/** The bot a seat gets, refused with the ruleset's levels when it has no such level. */
export function botOfLevel(ruleset: string, level: string): PlayerRef {
  if (isRulesetId(ruleset) && !isBotLevel(ruleset, level)) {
    throw new TabulaError("BAD_USER_INPUT", `${ruleset} bots play ${BOT_LEVELS[ruleset].join(", ")}, not "${level}"`, { field: "level", reason: "UNKNOWN_BOT_LEVEL", levels: [...BOT_LEVELS[ruleset]] });
  }
  return botPlayer(level);
}

/** A seat's token, shown once, here; the server keeps only its hash. */
export type SeatCredential = z.infer<typeof SeatCredentialSchema>;
/** An open seat's invitation: its code is shown once, here. */
export type Invitation = z.infer<typeof InvitationSchema>;

export interface CreatedMatch {
  readonly state: MatchState;
  /** A token for every seat not left open (the creating player's too). */
  readonly seats: SeatCredential[];
  readonly invitations: Invitation[];
}

function checkInvitationOptions(input: CreateMatchInput): number {
  const minutes = input.invitationMinutes ?? DEFAULT_INVITATION_MINUTES;
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_INVITATION_MINUTES) {
    throw new TabulaError("BAD_USER_INPUT", `invitationMinutes is an integer from 1 to ${MAX_INVITATION_MINUTES}`);
  }
  const link = input.invitationLink;
  if (link !== undefined && (link.length > 512 || !/^https?:\/\/[^\s]+$/.test(link) || !link.includes("{code}") || !isDisplaySafe(link))) {
    throw new TabulaError("BAD_USER_INPUT", "invitationLink is an http(s) URL of at most 512 characters with `{code}` in it, and no control or bidirectional-control characters");
  }
  return minutes;
}

/** Who sits where at creation: the creating player's seat, and the players some open seats are reserved for. */
async function seatingOf(deps: ServiceDeps, input: CreateMatchInput, credential: Credential | undefined) {
  const open = input.openSeats ?? [];
  const reserved = await Promise.all(
    open.map(async ({ seat, player: id }) => {
      if (id === undefined || id === null) return { seat, reservedFor: null };
      const record = await deps.players.get(id);
      if (!record) throw new TabulaError("BAD_USER_INPUT", `no player with id "${id}" to reserve seat ${seat} for`);
      return { seat, reservedFor: { id: record.id, name: record.name } };
    }),
  );
  let creator: PlayerRef | null = null;
  if (input.playerSeat !== undefined) creator = await requirePlayer(deps, credential);
  else if (credential?.playerToken) {
    creator = await playerOf(deps, credential);
    if (!creator) throw new TabulaError("FORBIDDEN", "this player token is not valid");
  }
  const bots = (input.bots ?? []).map(({ seat, level }) => ({ seat, player: botOfLevel(input.ruleset, level) }));
  const openSet = new Set([...open.map((o) => o.seat), ...bots.map((b) => b.seat)]);
  const playerSeat = input.playerSeat ?? (creator ? firstNotIn(openSet) : undefined);
  return { open: reserved, players: [...(creator && playerSeat !== undefined ? [{ seat: playerSeat, player: creator }] : []), ...bots] };
}

const firstNotIn = (taken: ReadonlySet<number>): number => {
  let seat = 0;
  while (taken.has(seat)) seat++;
  return seat;
};

export async function createMatch(deps: ServiceDeps, input: CreateMatchInput, token?: Bearer): Promise<CreatedMatch> {
  const credential = asCredential(token);
  const minutes = checkInvitationOptions(input);
  const { open, players } = await seatingOf(deps, input, credential);
  const matchId = deps.randomBytes(12).toString("base64url");
  const diceSeed = deps.randomBytes(SEED_BYTES).toString("hex");
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + minutes * 60_000).toISOString();
  const decided = decide(
    {
      type: "CreateMatch",
      matchId,
      ruleset: input.ruleset,
      options: input.options,
      seats: input.seats,
      diceCommitment: diceCommitment(diceSeed),
      timeControl: input.timeControl,
      open,
      invitationsExpireAt: open.length > 0 ? expiresAt : undefined,
      players,
    },
    null,
    { roll: () => [], diceSeed, at: now.toISOString() },
  );
  if (!decided.ok) throw new TabulaError(decided.error.code, decided.error.message, decided.error.details ?? {});
  const { events, state } = decided.value;

  const openSeats = new Set(open.map((o) => o.seat));
  const tokens = Array.from({ length: state.seats }, (_, seat) => seat)
    .filter((seat) => !openSeats.has(seat))
    .map((seat) => ({ seat, token: makeSeatToken(deps.randomBytes(32)) }));
  // A bot's seat has a token like any other, which nobody is shown: the bot acts with its hash (src/bots/driver.ts).
  const seats = tokens.filter(({ seat }) => !isBot(state.seating[seat]?.player));
  const invitations = open.map(({ seat, reservedFor }) => {
    const code = makeInvitationCode(deps.randomBytes(32));
    const link = input.invitationLink?.replaceAll("{code}", encodeURIComponent(code)).replaceAll("{match}", encodeURIComponent(matchId)) ?? null;
    return { seat, code, expiresAt, reservedFor, link };
  });
  const perSeat = <T>(entries: readonly { seat: number; value: T }[], empty: T): T[] =>
    Array.from({ length: state.seats }, (_, seat) => entries.find((e) => e.seat === seat)?.value ?? empty);
  const secrets = {
    diceSeed,
    // An open seat has no token until someone takes it: an empty hash matches no token.
    seatTokenHashes: perSeat(tokens.map((s) => ({ seat: s.seat, value: hashSeatToken(s.token) })), ""),
    ...(invitations.length > 0 ? { invitationHashes: perSeat<string | null>(invitations.map((i) => ({ seat: i.seat, value: hashToken(i.code) })), null) } : {}),
    ...(players.some((p) => !isBot(p.player)) ? { playerTokenHashes: perSeat<string | null>(players.flatMap((p) => (isBot(p.player) ? [] : [{ seat: p.seat, value: credential!.hash }])), null) } : {}),
  };
  await deps.store.append(matchId, { events, snapshot: { format: snapshotFormat(state), state, secrets, keys: [] }, index: indexWrites(null, state) });
  deps.cache?.set(matchId, { state, secrets, keys: [], snapshotVersion: state.version });
  deps.onCommitted?.(matchId, events);
  return { state, seats, invitations };
}
