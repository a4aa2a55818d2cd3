import { dueToAct } from "./acting.js";
import { dueOf } from "./due.js";
import type { PlayerRef } from "./player-ref.js";
import type { MatchState, MatchStatus } from "./state.js";

/**
 * What a player's inbox shows of one match: a row per player who holds a seat of it or is
 * invited to one. Rows hold only what changes with the match's course (whose turn, the
 * deadline, the status, who sits where), so most commits (a roll, a move within a turn) change
 * none and cost no write.
 */
export interface InboxRow {
  readonly playerId: string;
  readonly matchId: string;
  readonly ruleset: string;
  readonly seat: number;
  /** The seat is reserved for the player, who has not taken it yet (a challenge). */
  readonly invited: boolean;
  readonly status: MatchStatus;
  /** The player's seat is one the match waits for now. */
  readonly toMove: boolean;
  /** When the match ends by itself if nobody acts (its clock, or its invitations); null: never. */
  readonly deadline: string | null;
  /** Finished rows sort by when the match ended. */
  readonly finishedAt: string | null;
  /** Who sits where, for an inbox that shows opponents without loading each match. */
  readonly players: readonly { readonly seat: number; readonly player: PlayerRef }[];
}

/** The index entries a commit brings up to date, all at the commit's last version. */
export interface IndexWrites {
  readonly version: number;
  readonly rows: readonly InboxRow[];
  /** The match's due time, when it changed; `at` null once nothing is due. */
  readonly due?: { readonly at: string | null } | undefined;
}

export function inboxRows(state: MatchState): InboxRow[] {
  // Most matches (no players, no invitations) have none, and every commit asks (indexWrites).
  if (!state.seating.some((s) => s.player || s.open?.reservedFor)) return [];
  const toAct = dueToAct(state);
  const deadline = dueOf(state)?.at ?? null;
  const players = state.seating.flatMap((s, seat) => (s.player ? [{ seat, player: s.player }] : []));
  const row = (playerId: string, seat: number, invited: boolean): InboxRow => ({
    playerId,
    matchId: state.id,
    ruleset: state.ruleset,
    seat,
    invited,
    status: state.status,
    toMove: !invited && toAct.includes(seat),
    deadline,
    finishedAt: state.status === "FINISHED" ? state.updatedAt : null,
    players,
  });
  const rows = state.seating.flatMap((s, seat) => {
    if (s.player) return [row(s.player.id, seat, false)];
    if (s.open?.reservedFor) return [row(s.open.reservedFor.id, seat, true)];
    return [];
  });
  // One row per player and match: a bot level holding several seats has the row of its seat due first.
  const chosen = new Map<string, InboxRow>();
  for (const r of rows) {
    const had = chosen.get(r.playerId);
    if (!had || (r.toMove && !had.toMove)) chosen.set(r.playerId, r);
  }
  return [...chosen.values()];
}

const sameRow = (a: InboxRow, b: InboxRow): boolean => JSON.stringify(a) === JSON.stringify(b);

/** What changed between two states of a match (`before` null: it was just created); undefined when nothing did. */
export function indexWrites(before: MatchState | null, after: MatchState): IndexWrites | undefined {
  const previous = new Map((before ? inboxRows(before) : []).map((r) => [r.playerId, r]));
  const rows = inboxRows(after).filter((r) => !previous.has(r.playerId) || !sameRow(previous.get(r.playerId)!, r));
  const dueBefore = before ? (dueOf(before)?.at ?? null) : null;
  const dueAfter = dueOf(after)?.at ?? null;
  const due = dueBefore !== dueAfter ? { at: dueAfter } : undefined;
  return rows.length > 0 || due ? { version: after.version, rows, ...(due ? { due } : {}) } : undefined;
}
