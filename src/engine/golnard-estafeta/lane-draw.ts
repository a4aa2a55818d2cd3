import { LANES, type Lane } from "./board.js";

/**
 * Drawing lanes with the server's dice (lanes not chosen at createMatch are drawn).
 * Teams without a lane take one each, in seat order, one die per team:
 * - with m lanes still free, a die v is usable when v <= m * floor(6 / m) and then gives the
 *   ((v - 1) mod m)-th free lane in ascending order (m = 5: 1-5, a 6 is discarded; m = 4: 1-4;
 *   m = 3 or 2: every value), so every free lane is equally likely;
 * - a discarded die is simply skipped and the same team takes the next die;
 * - when one lane is left for one team it is given without a die.
 * A roll asks for one die per team still without a lane; dice left over after a discard are
 * used by the following teams, and the next roll asks only for what is still missing. Every die
 * is usable with probability >= 4/6, so the draw ends after a roll or two.
 */
export function freeLanes(lanes: readonly (Lane | null)[]): Lane[] {
  return LANES.filter((l) => !lanes.includes(l));
}

/** Gives the last free lane to the last team without one (no die needed). */
export function fillForced(lanes: readonly (Lane | null)[]): (Lane | null)[] {
  const out = [...lanes];
  const missing = out.filter((l) => l === null).length;
  const free = freeLanes(out);
  if (missing === 1 && free.length === 1) out[out.indexOf(null)] = free[0]!;
  return out;
}

/** How many dice the next lane-draw roll asks for (0 = every team has a lane). */
export const laneDiceNeeded = (lanes: readonly (Lane | null)[]): number => lanes.filter((l) => l === null).length;

export function drawLanes(lanes: readonly (Lane | null)[], dice: readonly number[]): (Lane | null)[] {
  let out = fillForced(lanes);
  for (const v of dice) {
    const team = out.indexOf(null);
    if (team < 0) break;
    const free = freeLanes(out);
    const m = free.length;
    if (v > m * Math.floor(6 / m)) continue;
    out[team] = free[(v - 1) % m]!;
    out = fillForced(out);
  }
  return out;
}
