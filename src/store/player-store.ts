/** A player as stored: its token only as a hash. */
export interface PlayerRecord {
  readonly id: string;
  readonly name: string;
  /** SHA-256 (hex) of its token. */
  readonly tokenHash: string;
  readonly createdAt: string;
}

export interface PlayerStore {
  /** Stores a new player; false if the id is taken (the caller draws another). */
  create(player: PlayerRecord): Promise<boolean>;
  get(playerId: string): Promise<PlayerRecord | null>;
}
