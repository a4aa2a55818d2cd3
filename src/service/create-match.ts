import { TabulaError } from "../errors.js";
import { decide } from "../match/decide.js";
import { diceCommitment, SEED_BYTES } from "../match/dice.js";
import type { MatchEvent } from "../match/events.js";
import { evolve } from "../match/evolve.js";
import type { MatchState } from "../match/state.js";
import type { ServiceDeps } from "./deps.js";
import { hashSeatToken, makeSeatToken } from "./seat-tokens.js";

export interface CreateMatchInput {
  readonly ruleset: string;
  readonly options?: unknown;
  readonly seats?: number | undefined;
}

export interface SeatCredential {
  readonly seat: number;
  /** Shown once, here; the server keeps only its hash. */
  readonly token: string;
}

export async function createMatch(deps: ServiceDeps, input: CreateMatchInput): Promise<{ state: MatchState; seats: SeatCredential[] }> {
  const matchId = deps.randomBytes(12).toString("base64url");
  const diceSeed = deps.randomBytes(SEED_BYTES).toString("hex");
  const decided = decide(
    { type: "CreateMatch", matchId, ruleset: input.ruleset, options: input.options, seats: input.seats, diceCommitment: diceCommitment(diceSeed) },
    null,
    { roll: () => [], diceSeed },
  );
  if (!decided.ok) throw new TabulaError(decided.error.code, decided.error.message, decided.error.details ?? {});
  const at = deps.now().toISOString();
  const events = decided.value.map((event, i) => ({ ...event, version: i + 1, at }) as MatchEvent);
  const state = events.reduce<MatchState | null>(evolve, null) as MatchState;
  const seats = Array.from({ length: state.seats }, (_, seat) => ({ seat, token: makeSeatToken(deps.randomBytes(32)) }));
  await deps.store.append(matchId, {
    events,
    snapshot: { state, secrets: { diceSeed, seatTokenHashes: seats.map((s) => hashSeatToken(s.token)) }, keys: [] },
  });
  deps.onCommitted?.(matchId, events);
  return { state, seats };
}
