import { TabulaError } from "../errors.js";
import { indexWrites } from "../match/inbox-rows.js";
import type { ServiceDeps } from "./deps.js";
import { handleCommand } from "./handle-command.js";
import { loadMatch } from "./load-match.js";

/** Matches one sweep finishes at most; the next sweep takes the rest. */
export const SWEEP_LIMIT = 100;

export interface SweepReport {
  /** Matches this sweep ended (timed out, or aborted when their invitations lapsed). */
  readonly finished: readonly string[];
  /** Index entries found stale (the match had moved on) and rewritten from the match. */
  readonly repaired: readonly string[];
}

/**
 * The scheduled job: every match whose deadline has passed (by the server's clock) is ended by
 * the server's own Timeout command, decided and logged like any command, so it replays and is
 * pushed like any. The deadline index is only a pointer: each match is loaded and judged
 * afresh, and an entry that no longer holds (a move landed first, a write was lost) is rewritten
 * from the match instead.
 */
export async function finishOverdue(deps: ServiceDeps, limit = SWEEP_LIMIT): Promise<SweepReport> {
  const due = await deps.index.due(deps.now().toISOString(), limit);
  const finished: string[] = [];
  const repaired: string[] = [];
  for (const { matchId } of due.slice(0, limit)) {
    try {
      await handleCommand(deps, { matchId, resolve: () => ({ seat: null, command: { type: "Timeout" } }) });
      finished.push(matchId);
    } catch (error) {
      if (!(error instanceof TabulaError) || !["TIMEOUT_NOT_DUE", "MATCH_FINISHED", "VERSION_CONFLICT"].includes(error.code)) throw error;
      const { state } = await loadMatch(deps.store, matchId);
      const writes = indexWrites(null, state);
      await deps.index.apply(matchId, { version: state.version, rows: [], due: { at: null }, ...writes });
      repaired.push(matchId);
    }
  }
  return { finished, repaired };
}
