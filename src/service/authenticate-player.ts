import { TabulaError } from "../errors.js";
import type { PlayerRef } from "../match/player-ref.js";
import type { ServiceDeps } from "./deps.js";
import { asCredential, type Bearer, type Credential } from "./credential.js";
import { sameHash } from "./player-tokens.js";

/**
 * The player of a bearer token: one read of the player it names, its hash compared in constant
 * time. A seat token is not a player (it acts for one seat of one match only).
 */
export async function requirePlayer(deps: ServiceDeps, token: Bearer): Promise<PlayerRef> {
  if (!token) throw new TabulaError("UNAUTHENTICATED", "a player token is required: Authorization: Bearer tbp_...");
  const credential = asCredential(token)!;
  const player = await playerOf(deps, credential);
  if (!player) throw new TabulaError("FORBIDDEN", credential.playerToken ? "this player token is not valid" : "this needs a player token (tbp_...), not a seat token");
  return player;
}

/** The player of a token that claims to be a player token, or null (any other token). */
export async function playerOf(deps: ServiceDeps, credential: Credential): Promise<PlayerRef | null> {
  const { playerId } = credential;
  if (!playerId) return null;
  const record = await deps.players.get(playerId);
  if (!record || !sameHash(record.tokenHash, credential.hash)) return null;
  return { id: record.id, name: record.name };
}
