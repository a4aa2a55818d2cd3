import { TabulaError } from "../errors.js";
import type { PlayerRef } from "../match/player-ref.js";
import type { ServiceDeps } from "./deps.js";
import { isPlayerToken, playerIdOfToken, sameHash } from "./player-tokens.js";
import { hashToken } from "./seat-tokens.js";

/**
 * The player of a bearer token: one read of the player it names, its hash compared in constant
 * time. A seat token is not a player (it acts for one seat of one match only).
 */
export async function requirePlayer(deps: ServiceDeps, token: string | undefined): Promise<PlayerRef> {
  if (!token) throw new TabulaError("UNAUTHENTICATED", "a player token is required: Authorization: Bearer tbp_...");
  const player = await playerOf(deps, token);
  if (!player) throw new TabulaError("FORBIDDEN", isPlayerToken(token) ? "this player token is not valid" : "this needs a player token (tbp_...), not a seat token");
  return player;
}

/** The player of a token that claims to be a player token, or null (any other token). */
export async function playerOf(deps: ServiceDeps, token: string): Promise<PlayerRef | null> {
  const playerId = playerIdOfToken(token);
  if (!playerId) return null;
  const record = await deps.players.get(playerId);
  if (!record || !sameHash(record.tokenHash, hashToken(token))) return null;
  return { id: record.id, name: record.name };
}
