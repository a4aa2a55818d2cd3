import type { MatchEvent } from "../../../src/match/events.js";
import type { InboxRow } from "../../../src/match/inbox-rows.js";
import type { Commit, Snapshot } from "../../../src/match/snapshot.js";
import type { MatchState } from "../../../src/match/state.js";
import type { EventStore } from "../../../src/store/event-store.js";
import type { MatchIndex } from "../../../src/store/match-index.js";
import type { PlayerStore } from "../../../src/store/player-store.js";
import type { WebhookStore } from "../../../src/store/webhook-store.js";

/** What the contract needs of the stores under test, whichever adapter they are. */
export interface Stores {
  readonly store: EventStore;
  readonly players: PlayerStore;
  readonly index: MatchIndex;
  readonly webhookStore: WebhookStore;
}
/** Opens fresh stores of one adapter; `close` releases them (and their files). */
export type OpenStores = () => Promise<Stores & { close(): Promise<void> }>;

export const at = "2026-01-01T00:00:00.000Z";

export const moves = (from: number, count: number): MatchEvent[] =>
  Array.from({ length: count }, (_, i) => ({ version: from + i, type: "MovePlayed", at, data: { seat: 0, move: `m${from + i}` } }));

export const snapshotAt = (version: number): Snapshot => ({
  state: { version, id: "x" } as unknown as MatchState,
  secrets: { diceSeed: "00".repeat(32), seatTokenHashes: [] },
  keys: [],
});

/** Appends `sizes.length` commits, a snapshot in those whose index is in `snapAt`. */
export async function appendCommits(store: EventStore, matchId: string, sizes: number[], snapAt: number[] = [0]): Promise<void> {
  let version = 1;
  for (const [i, size] of sizes.entries()) {
    const events = moves(version, size);
    version += size;
    await store.append(matchId, { events, snapshot: snapAt.includes(i) ? snapshotAt(version - 1) : undefined });
  }
}

/** The first commit of a match, as far as the store cares: its event and a snapshot. */
export const created = (matchId: string): Commit => ({
  events: [{ version: 1, type: "MatchCreated", at, data: { matchId, ruleset: "gol", options: {}, seats: 2, diceCommitment: "c" } }],
  snapshot: { state: {} as never, secrets: { diceSeed: "00", seatTokenHashes: [] }, keys: [] },
});

export const row = (matchId: string, over: Partial<InboxRow> = {}): InboxRow => ({
  playerId: "p1",
  matchId,
  ruleset: "gol",
  seat: 0,
  invited: false,
  status: "ACTIVE",
  toMove: false,
  deadline: "2026-01-05T00:00:00.000Z",
  finishedAt: null,
  players: [],
  ...over,
});
