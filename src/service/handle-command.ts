import { createHash } from "node:crypto";
import { TabulaError } from "../errors.js";
import type { Command } from "../match/commands.js";
import { decide } from "../match/decide.js";
import { deriveRoll } from "../match/dice.js";
import type { MatchEvent } from "../match/events.js";
import { type Commit, type IdempotencyRecord, KEYS_KEPT, SNAPSHOT_EVERY, snapshotFormat } from "../match/snapshot.js";
import type { MatchState } from "../match/state.js";
import { VersionConflictError } from "../store/event-store.js";
import { requireSeat } from "./authenticate.js";
import type { ServiceDeps } from "./deps.js";
import { loadMatch } from "./load-match.js";

export interface CommandRequest {
  readonly matchId: string;
  readonly token: string | undefined;
  readonly command: (seat: number) => Command;
  readonly expectedVersion?: number | undefined;
  readonly idempotencyKey?: string | undefined;
}

export interface CommandResult {
  readonly state: MatchState;
  readonly seat: number;
  /** The events this request appended; empty for an idempotent replay. */
  readonly events: readonly MatchEvent[];
}

/** Lost races are retried this often before the client is told to reload. */
export const MAX_ATTEMPTS = 5;

/**
 * load -> replay -> decide -> append, retried on a lost race. Every check (token, turn,
 * expected version, legality) runs against the freshly loaded state on every attempt, and a
 * rejected command writes nothing.
 */
export async function handleCommand(deps: ServiceDeps, request: CommandRequest): Promise<CommandResult> {
  let current = 0;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const { state, secrets, keys, snapshotVersion } = await loadMatch(deps.store, request.matchId);
    current = state.version;
    const seat = requireSeat(request.token, secrets);
    const command = request.command(seat);

    let idempotency: IdempotencyRecord | undefined;
    if (request.idempotencyKey !== undefined) {
      const fingerprint = fingerprintOf(command);
      const seen = keys.find((record) => record.key === request.idempotencyKey && record.seat === seat);
      if (seen) {
        if (seen.fingerprint !== fingerprint) {
          throw new TabulaError("IDEMPOTENCY_KEY_REUSED", "this idempotency key was used for a different request");
        }
        return { state, seat, events: [] };
      }
      idempotency = { key: request.idempotencyKey, seat, fingerprint, version: state.version + 1 };
    }
    if (request.expectedVersion !== undefined && request.expectedVersion !== state.version) {
      throw conflict(state.version, `expected version ${request.expectedVersion}, the match is at ${state.version}`);
    }

    const decided = decide(command, state, {
      roll: (n, count) => deriveRoll(secrets.diceSeed, state.id, n, count),
      diceSeed: secrets.diceSeed,
      at: deps.now().toISOString(),
    });
    if (!decided.ok) throw new TabulaError(decided.error.code, decided.error.message, decided.error.details ?? {});

    const { events, state: next } = decided.value;
    const commit: Commit = {
      events,
      idempotency,
      snapshot:
        snapshotVersion === null || next.version - snapshotVersion >= SNAPSHOT_EVERY
          ? { format: snapshotFormat(next), state: next, secrets, keys: [...keys, ...(idempotency ? [idempotency] : [])].slice(-KEYS_KEPT) }
          : undefined,
    };
    try {
      await deps.store.append(request.matchId, commit);
    } catch (error) {
      if (error instanceof VersionConflictError) continue;
      throw error;
    }
    deps.onCommitted?.(request.matchId, events);
    return { state: next, seat, events };
  }
  throw conflict(current, `the match changed ${MAX_ATTEMPTS} times while this request was decided; reload and retry`);
}

const conflict = (currentVersion: number, message: string) =>
  new TabulaError("VERSION_CONFLICT", message, { currentVersion });

const fingerprintOf = (command: Command): string => createHash("sha256").update(JSON.stringify(command)).digest("hex");
