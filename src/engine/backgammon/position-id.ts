import { err, ok, type Result, type RuleError } from "../result.js";
import { decodeBase64, encodeBase64, getBit, setBit } from "./base64.js";
import { BAR, SLOTS, positionProblem, type Position } from "./position.js";

/**
 * gnubg's Position ID: 14 characters of Base64 over a 10-byte key. The key is a bit string packed
 * little-endian into bytes: for each of the two sides, for each of its 25 slots (its points 1..24
 * from its own side, then its bar), one 1 per checker followed by a 0; zero-padded to 80 bits.
 *
 * Which side comes first: gnubg's PositionKey encodes `anBoard[0]` then `anBoard[1]`, and gnubg
 * keeps the player on roll in `anBoard[1]`, so the OPPONENT of the player on roll comes first and
 * the player on roll second. (The manual's prose says the opposite, but every board gnubg prints
 * agrees with the code; see the tests, which decode boards printed by gnubg itself.) The start
 * position is symmetric, so its ID `4HPwATDgc/ABMA` does not tell the two apart.
 */
export const POSITION_ID_LENGTH = 14;
const KEY_BYTES = 10;
const KEY_BITS = 80;

export function makePositionId(pos: Position): string {
  const key = new Uint8Array(KEY_BYTES);
  let bit = 0;
  for (const side of [pos.opponent, pos.onRoll]) {
    for (let i = 0; i < SLOTS; i++) {
      for (let n = side[i] ?? 0; n > 0; n--) setBit(key, bit++);
      bit++;
    }
  }
  return encodeBase64(key);
}

const invalid = (message: string): Result<never, RuleError> => err({ reason: "INVALID_POSITION_ID", message });

/** Reads a Position ID; refuses anything gnubg would not produce for a real position. */
export function parsePositionId(id: string): Result<Position, RuleError> {
  const key = decodeBase64(id.trim(), KEY_BYTES);
  if (!key) return invalid(`"${id}" is not a gnubg Position ID (${POSITION_ID_LENGTH} Base64 characters)`);
  const sides: number[][] = [[], []];
  let bit = 0;
  for (const side of sides) {
    for (let i = 0; i < SLOTS; i++) {
      let n = 0;
      while (bit < KEY_BITS && getBit(key, bit) === 1) {
        n++;
        bit++;
      }
      if (bit >= KEY_BITS) return invalid("too many checkers");
      bit++;
      side.push(n);
    }
  }
  for (; bit < KEY_BITS; bit++) if (getBit(key, bit)) return invalid("too many checkers");
  const pos: Position = { opponent: sides[0]!, onRoll: sides[1]! };
  const problem = positionProblem(pos);
  if (problem) return invalid(problem);
  if (bothStuck(pos)) return invalid("both players on the bar against closed boards");
  return ok(pos);
}

/** gnubg rejects this one impossible position: both sides on the bar, both home boards closed. */
function bothStuck(pos: Position): boolean {
  if (!(pos.onRoll[BAR] ?? 0) || !(pos.opponent[BAR] ?? 0)) return false;
  for (let i = 0; i < 6; i++) if ((pos.onRoll[i] ?? 0) < 2 || (pos.opponent[i] ?? 0) < 2) return false;
  return true;
}
