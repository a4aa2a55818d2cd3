import type { KeyedQueue } from "./keyed-queue.js";
import type { LevelDb } from "./db.js";
import { playerKey, playerTurn } from "./keys.js";
import type { PlayerRecord, PlayerStore } from "../player-store.js";

/** Players in the Level store (`player!<id>`), written once: a taken id is refused, as the DynamoDB adapter's conditional put refuses it. */
export class LevelPlayerStore implements PlayerStore {
  constructor(
    private readonly db: LevelDb,
    private readonly queue: KeyedQueue,
  ) {}

  create(player: PlayerRecord): Promise<boolean> {
    const key = playerKey(player.id);
    return this.queue.run(playerTurn(player.id), async () => {
      if (await this.db.has(key)) return false;
      await this.db.batch([{ type: "put", key, value: player }]);
      return true;
    });
  }

  async get(playerId: string): Promise<PlayerRecord | null> {
    const found = (await this.db.get(playerKey(playerId))) as PlayerRecord | undefined;
    if (!found) return null;
    return { id: found.id, name: found.name, tokenHash: found.tokenHash, createdAt: found.createdAt };
  }
}
