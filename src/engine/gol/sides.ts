/**
 * What a side is made of in gol. The sides themselves, home (seat 0) and away (seat 1), are the
 * football games' shared ones: `src/engine/common/home-away.ts`.
 */

/** A side plays attacking turns while in possession of the ball, defensive turns otherwise (17.10-17.11). */
export const ROLES = ["attack", "defence"] as const;
export type Role = (typeof ROLES)[number];

/** Pieces are numbered 1..11 (11 the strongest); numbers count only in the counter-kick and the secondary order (17.5, 17.30). */
export const PIECES = 11;
export const NUMBERS: readonly number[] = Array.from({ length: PIECES }, (_, i) => i + 1);
