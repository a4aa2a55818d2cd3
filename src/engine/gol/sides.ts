import type { Side as SeatSide } from "../ruleset.js";

/** The two sides; home is seat 0, away seat 1, one seat each. */
export const SIDES = ["home", "away"] as const;
export type Side = (typeof SIDES)[number];

/** A side plays attacking turns while in possession of the ball, defensive turns otherwise (17.10-17.11). */
export const ROLES = ["attack", "defence"] as const;
export type Role = (typeof ROLES)[number];

export const other = (side: Side): Side => (side === "home" ? "away" : "home");
export const seatOf = (side: Side): number => (side === "home" ? 0 : 1);
export const sideOfSeat = (seat: number): Side | null => (seat === 0 ? "home" : seat === 1 ? "away" : null);

export const SEAT_SIDES: readonly SeatSide[] = [
  { side: "home", seats: [0] },
  { side: "away", seats: [1] },
];

/** Pieces are numbered 1..11 (11 the strongest); numbers count only in the counter-kick and the secondary order (17.5, 17.30). */
export const PIECES = 11;
export const NUMBERS: readonly number[] = Array.from({ length: PIECES }, (_, i) => i + 1);
