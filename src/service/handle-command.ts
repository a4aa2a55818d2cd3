import { hash } from "node:crypto";
import { TabulaError } from "../errors.js";
import type { Command } from "../match/commands.js";
import { decide } from "../match/decide.js";
import { deriveRoll } from "../match/dice.js";
import type { MatchEvent } from "../match/events.js";
import { indexWrites } from "../match/inbox-rows.js";
import { type Commit, type IdempotencyRecord, KEYS_KEPT, type MatchSecrets, SNAPSHOT_EVERY, snapshotFormat } from "../match/snapshot.js";
import type { MatchState } from "../match/state.js";
import { VersionConflictError } from "../store/event-store.js";
import { requireSeat } from "./authenticate.js";
import type { ServiceDeps } from "./deps.js";
import { type LoadedState, loadMatch } from "./load-match.js";
import type { Bearer } from "./credential.js";

/** Who asks what, worked out from the freshly loaded match (throw a TabulaError to refuse). */
export interface Resolved {
  /** The seat acting; null for the server's own commands (the deadline sweep). */
  readonly seat: number | null;
  readonly command: Command;
  /** The secrets after the command, when it changes them (a seat taken gets its token); then a snapshot is written. */
  readonly secrets?: MatchSecrets | undefined;
}

export interface CommandRequest {
  readonly matchId: string;
  readonly resolve: (loaded: LoadedState) => Resolved;
  readonly expectedVersion?: number | undefined;
  readonly idempotencyKey?: string | undefined;
}

export interface CommandResult {
  readonly state: MatchState;
  readonly seat: number | null;
  /** The events this request appended; empty for an idempotent replay. */
  readonly events: readonly MatchEvent[];
}

/** A seat's command: the bearer token (a seat's, or the player's holding it) says which seat. */
export const bySeat =
  (token: Bearer, command: (seat: number) => Command) =>
  (loaded: LoadedState): Resolved => {
    const seat = requireSeat(token, loaded.secrets);
    return { seat, command: command(seat) };
  };

/** Lost races are retried this often before the client is told to reload. */
export const MAX_ATTEMPTS = 5;

/**
 * The wait before the retry that follows the `lost`-th lost race (1, 2, ...): "full jitter", a
 * random time up to RETRY_BASE_MS * 2^(lost - 1), at most RETRY_CAP_MS. Retried at once, the
 * writers that lost a race all reload and append again at the same moment, so the same race is
 * run again with the same outcome, one winner and the rest losing another attempt: a burst of
 * commands on one match could spend all MAX_ATTEMPTS of some of them within a millisecond. Spread
 * over a random window they come back one after another, and the window doubles while the match
 * stays contested. A few milliseconds: a race lasts about one load and one append (a few ms on
 * DynamoDB, less on the Level store), and the five attempts together wait at most 60 ms.
 */
export const RETRY_BASE_MS = 4;
export const RETRY_CAP_MS = 50;

export const retryDelayMs = (lost: number, random: () => number): number => random() * Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** (lost - 1));

const timer = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * load -> replay -> decide -> append, retried on a lost race (after a short random wait,
 * `retryDelayMs`). Every check (token, turn, expected version, legality, deadlines) runs against
 * the loaded state on every attempt, and a rejected command writes nothing. The commit carries
 * the inbox and deadline entries it changes, which the store applies after it.
 *
 * With a cache (match-cache.ts) the first attempt decides against the match as this process last
 * saw it, and a move costs the append alone. The append's condition still guards every write;
 * where the cache may be behind the store (it is not the store's only writer), a refusal or an
 * idempotent answer given from it is checked once more against a fresh read before it is sent.
 */
export async function handleCommand(deps: ServiceDeps, request: CommandRequest): Promise<CommandResult> {
  const { cache } = deps;
  let current = 0;
  let useCache = cache !== undefined;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; ) {
    const cached = useCache ? cache!.get(request.matchId) : undefined;
    useCache = false;
    const loaded = cached ?? (await loadMatch(deps.store, request.matchId));
    if (!cached) cache?.set(request.matchId, loaded);
    const recheck = cached !== undefined && !cache!.exclusive;
    current = loaded.state.version;
    let decided: Decided;
    try {
      decided = decideCommand(deps, request, loaded);
    } catch (error) {
      if (recheck && error instanceof TabulaError) continue;
      throw error;
    }
    if (decided.kind === "answered") {
      if (recheck) continue;
      return decided.result;
    }
    const { commit, result, kept } = decided;
    try {
      await deps.store.append(request.matchId, commit);
    } catch (error) {
      if (!(error instanceof VersionConflictError)) throw error;
      cache?.delete(request.matchId);
      attempt++;
      if (attempt < MAX_ATTEMPTS) await (deps.sleep ?? timer)(retryDelayMs(attempt, deps.random ?? Math.random));
      continue;
    }
    cache?.set(request.matchId, kept);
    deps.onCommitted?.(request.matchId, result.events);
    return result;
  }
  throw conflict(current, `the match changed ${MAX_ATTEMPTS} times while this request was decided; reload and retry`);
}

/** What a command comes to against one state: an answer without a write, or a commit to append. */
type Decided =
  | { readonly kind: "answered"; readonly result: CommandResult }
  | { readonly kind: "append"; readonly commit: Commit; readonly result: CommandResult; readonly kept: LoadedState };

function decideCommand(deps: ServiceDeps, request: CommandRequest, loaded: LoadedState): Decided {
  const { state, keys, snapshotVersion } = loaded;
  const { seat, command, secrets: changedSecrets } = request.resolve(loaded);
  const secrets = changedSecrets ?? loaded.secrets;

  let idempotency: IdempotencyRecord | undefined;
  if (request.idempotencyKey !== undefined && seat !== null) {
    const fingerprint = fingerprintOf(command);
    const seen = keys.find((record) => record.key === request.idempotencyKey && record.seat === seat);
    if (seen) {
      if (seen.fingerprint !== fingerprint) {
        throw new TabulaError("IDEMPOTENCY_KEY_REUSED", "this idempotency key was used for a different request");
      }
      return { kind: "answered", result: { state, seat, events: [] } };
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
  const nextKeys = idempotency ? [...keys, idempotency].slice(-KEYS_KEPT) : keys;
  const snapshotDue = snapshotVersion === null || next.version - snapshotVersion >= SNAPSHOT_EVERY || changedSecrets !== undefined;
  const commit: Commit = {
    events,
    idempotency,
    snapshot: snapshotDue ? { format: snapshotFormat(next), state: next, secrets, keys: nextKeys } : undefined,
    index: indexWrites(state, next),
  };
  return {
    kind: "append",
    commit,
    result: { state: next, seat, events },
    kept: { state: next, secrets, keys: nextKeys, snapshotVersion: snapshotDue ? next.version : snapshotVersion },
  };
}

const conflict = (currentVersion: number, message: string) =>
  new TabulaError("VERSION_CONFLICT", message, { currentVersion });

const fingerprintOf = (command: Command): string => hash("sha256", JSON.stringify(command), "hex");
