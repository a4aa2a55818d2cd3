import type { PlayerRef } from "./player-ref.js";

/**
 * Who holds each seat. A seat is taken (by a player, or anonymously by whoever holds its seat
 * token) or open: then it waits, until `expiresAt`, for someone to join with its invitation, or
 * for the one player it is reserved for. A match with an open seat has not started: no roll or
 * move is accepted and its clock does not run.
 */
export interface SeatState {
  /** The player who holds the seat; null for an open seat or one taken without a player. */
  readonly player: PlayerRef | null;
  readonly open: OpenSeat | null;
}

export interface OpenSeat {
  /** When the invitation lapses (ISO 8601); a match still waiting then is aborted. */
  readonly expiresAt: string;
  /** Only this player may take the seat (a challenge); null: anyone with the invitation. */
  readonly reservedFor: PlayerRef | null;
}

/** Every seat taken, none bound to a player: a match created without players (and every older log). */
export const anonymousSeating = (seats: number): SeatState[] => Array.from({ length: seats }, () => ({ player: null, open: null }));

export const openSeats = (seating: readonly SeatState[]): number[] => seating.flatMap((s, seat) => (s.open ? [seat] : []));

/** The seat a player holds in this match, or null. */
export const seatOfPlayer = (seating: readonly SeatState[], playerId: string): number | null => {
  const seat = seating.findIndex((s) => s.player?.id === playerId);
  return seat < 0 ? null : seat;
};

/** When the first invitation of a waiting match lapses, or null when no seat is open. */
export function invitationsExpire(seating: readonly SeatState[]): string | null {
  const times = seating.flatMap((s) => (s.open ? [s.open.expiresAt] : []));
  return times.length === 0 ? null : times.reduce((a, b) => (Date.parse(b) < Date.parse(a) ? b : a));
}
