import { err, ok, type Result, type RuleError } from "../result.js";
import { decodeBase64, encodeBase64, getBit, setBit } from "./base64.js";
import type { Seat } from "./seats.js";

/**
 * gnubg's Match ID: 12 characters of Base64 over a 9-byte key, per the gnubg manual ("A technical
 * description of the Match ID") and gnubg's matchid.c. Fields are packed little-endian, least
 * significant bit first, at these bit offsets: cube log2 0-3, cube owner 4-5 (3 = centred),
 * player on roll 6, Crawford 7, game state 8-10, turn 11, double offered 12, resignation 13-14,
 * die 1 15-17, die 2 18-20, match length 21-35 (0 = money), score 0 36-50, score 1 51-65, and
 * bit 66 = NOT Jacoby (gnubg stores `!fJacoby`; its default, Jacoby on, leaves the bit 0).
 */
export const MATCH_ID_LENGTH = 12;
const KEY_BYTES = 9;

export const GAME_STATES = ["none", "playing", "over", "resigned", "dropped"] as const;
export type GnubgGameState = (typeof GAME_STATES)[number];

export interface MatchId {
  readonly cubeValue: number;
  /** null = centred. */
  readonly cubeOwner: Seat | null;
  /** The player on roll, or who did roll (gnubg's fMove). */
  readonly onRoll: Seat;
  readonly crawford: boolean;
  readonly gameState: GnubgGameState;
  /** The player who must act now (gnubg's fTurn): the opponent while a double is offered. */
  readonly turn: Seat;
  readonly doubled: boolean;
  /** 0 none, 1 single, 2 gammon, 3 backgammon offered. */
  readonly resignation: 0 | 1 | 2 | 3;
  /** [0, 0] when not rolled. gnubg writes the higher die first; `makeMatchId` does the same. */
  readonly dice: readonly [number, number];
  /** 0 = money game. */
  readonly matchLength: number;
  readonly score: readonly [number, number];
  readonly jacoby: boolean;
}

const FIELD = {
  cube: [0, 4],
  owner: [4, 2],
  onRoll: [6, 1],
  crawford: [7, 1],
  state: [8, 3],
  turn: [11, 1],
  doubled: [12, 1],
  resign: [13, 2],
  die1: [15, 3],
  die2: [18, 3],
  length: [21, 15],
  score0: [36, 15],
  score1: [51, 15],
  notJacoby: [66, 1],
} as const satisfies Record<string, readonly [number, number]>;
type Field = keyof typeof FIELD;

export function makeMatchId(m: MatchId): string {
  const key = new Uint8Array(KEY_BYTES);
  const put = (field: Field, value: number): void => {
    const [at, width] = FIELD[field];
    for (let i = 0; i < width; i++) if ((value >> i) & 1) setBit(key, at + i);
  };
  const [high, low] = m.dice[0] >= m.dice[1] ? m.dice : [m.dice[1], m.dice[0]];
  put("cube", Math.log2(m.cubeValue));
  put("owner", m.cubeOwner ?? 3);
  put("onRoll", m.onRoll);
  put("crawford", m.crawford ? 1 : 0);
  put("state", GAME_STATES.indexOf(m.gameState));
  put("turn", m.turn);
  put("doubled", m.doubled ? 1 : 0);
  put("resign", m.resignation);
  put("die1", high);
  put("die2", low);
  put("length", m.matchLength);
  put("score0", m.score[0]);
  put("score1", m.score[1]);
  put("notJacoby", m.jacoby ? 0 : 1);
  return encodeBase64(key);
}

const invalid = (message: string): Result<never, RuleError> => err({ reason: "INVALID_MATCH_ID", message });

/** Reads a Match ID; refuses values gnubg would never write (so parse and make round-trip). */
export function parseMatchId(id: string): Result<MatchId, RuleError> {
  const key = decodeBase64(id.trim(), KEY_BYTES);
  if (!key) return invalid(`"${id}" is not a gnubg Match ID (${MATCH_ID_LENGTH} Base64 characters)`);
  for (let i = 67; i < KEY_BYTES * 8; i++) if (getBit(key, i)) return invalid("unused bits are set");
  const get = (field: Field): number => {
    const [at, width] = FIELD[field];
    let v = 0;
    for (let i = 0; i < width; i++) v |= getBit(key, at + i) << i;
    return v;
  };
  const owner = get("owner");
  if (owner === 2) return invalid("cube owner 2 does not exist");
  const state = GAME_STATES[get("state")];
  if (!state) return invalid("unknown game state");
  const dice: [number, number] = [get("die1"), get("die2")];
  if (dice.some((d) => d > 6) || (dice[0] === 0) !== (dice[1] === 0)) return invalid("dice out of range");
  const matchLength = get("length");
  const score: [number, number] = [get("score0"), get("score1")];
  const crawford = get("crawford") === 1;
  if (matchLength > 0 && score.some((s) => s > matchLength)) return invalid("score above the match length");
  if (matchLength === 0 && crawford) return invalid("no Crawford game in money play");
  return ok({
    cubeValue: 2 ** get("cube"),
    cubeOwner: owner === 3 ? null : (owner as Seat),
    onRoll: get("onRoll") as Seat,
    crawford,
    gameState: state,
    turn: get("turn") as Seat,
    doubled: get("doubled") === 1,
    resignation: get("resign") as 0 | 1 | 2 | 3,
    dice,
    matchLength,
    score,
    jacoby: get("notJacoby") === 0,
  });
}
