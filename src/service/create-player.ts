import { TabulaError } from "../errors.js";
import type { ServiceDeps } from "./deps.js";
import { isDisplaySafe } from "./display-text.js";
import { makePlayerToken } from "./player-tokens.js";
import { hashToken } from "./seat-tokens.js";

export const PLAYER_NAME_MAX = 40;

export interface CreatedPlayer {
  readonly player: { readonly id: string; readonly name: string; readonly createdAt: string };
  /** Shown once, here; the server keeps only its hash. */
  readonly token: string;
}

/** A name as players see each other's: 1 to 40 characters, no control or bidirectional-control characters, spaces trimmed. */
function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length < 1 || [...trimmed].length > PLAYER_NAME_MAX || !isDisplaySafe(trimmed)) {
    throw new TabulaError("BAD_USER_INPUT", `a player's name has 1 to ${PLAYER_NAME_MAX} characters, none of them control or bidirectional-control characters`);
  }
  return trimmed;
}

/** A player identity across matches, and its token (acting for every seat the player will hold). */
export async function createPlayer(deps: ServiceDeps, name: string): Promise<CreatedPlayer> {
  const checked = checkName(name);
  const createdAt = deps.now().toISOString();
  // 96 random bits: a clash is all but impossible, and a second draw settles it if it happens.
  for (let attempt = 0; attempt < 3; attempt++) {
    const id = deps.randomBytes(12).toString("base64url");
    const token = makePlayerToken(id, deps.randomBytes(32));
    if (await deps.players.create({ id, name: checked, tokenHash: hashToken(token), createdAt })) return { player: { id, name: checked, createdAt }, token };
  }
  throw new Error("three player ids drawn were all taken");
}
