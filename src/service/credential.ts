import { isPlayerToken, playerIdOfToken } from "./player-tokens.js";
import { hashToken } from "./seat-tokens.js";

/**
 * A bearer token as the service checks it: its SHA-256 (what the stores keep, compared in
 * constant time) and what its public prefix says. A WebSocket connection keeps only this, never
 * the token, so commands sent over it act with the hash alone.
 */
export interface Credential {
  readonly hash: string;
  /** The token claims to be a player token (`tbp_`), well-formed or not. */
  readonly playerToken: boolean;
  /** The player a well-formed player token names (public: the hash proves the token). */
  readonly playerId: string | null;
}

/** What a caller presents: a token (HTTP), a credential already made from one (WebSocket), or nothing (a spectator). */
export type Bearer = string | Credential | undefined;

export const credentialOf = (token: string): Credential => ({ hash: hashToken(token), playerToken: isPlayerToken(token), playerId: playerIdOfToken(token) });

/** The credential of whatever a caller presents; every check in the service goes through it. */
export const asCredential = (bearer: Bearer): Credential | undefined => (typeof bearer === "string" ? credentialOf(bearer) : bearer);
