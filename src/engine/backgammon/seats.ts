/** Backgammon is always played by exactly two seats; seat n is gnubg's player n. */
export const SEATS = [0, 1] as const;
export type Seat = (typeof SEATS)[number];

export const otherSeat = (seat: Seat): Seat => (seat === 0 ? 1 : 0);

export const isSeat = (n: unknown): n is Seat => n === 0 || n === 1;
