import type { Side } from "../ruleset.js";

/** One side per seat, named by `names[seat]`: games where every player plays alone. */
export const seatSides = (names: readonly string[]): Side[] => names.map((side, seat) => ({ side, seats: [seat] }));

/** The side a seat plays for. */
export const sideOfSeat = (sides: readonly Side[], seat: number): string | null => sides.find((s) => s.seats.includes(seat))?.side ?? null;
