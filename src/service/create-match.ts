import { TabulaError } from "../errors.js";
import { decide } from "../match/decide.js";
import { diceCommitment, SEED_BYTES } from "../match/dice.js";
import { snapshotFormat } from "../match/snapshot.js";
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
    { roll: () => [], diceSeed, at: deps.now().toISOString() },
  );
  if (!decided.ok) throw new TabulaError(decided.error.code, decided.error.message, decided.error.details ?? {});
  const { events, state } = decided.value;
  const seats = Array.from({ length: state.seats }, (_, seat) => ({ seat, token: makeSeatToken(deps.randomBytes(32)) }));
  await deps.store.append(matchId, {
    events,
    snapshot: { format: snapshotFormat(state), state, secrets: { diceSeed, seatTokenHashes: seats.map((s) => hashSeatToken(s.token)) }, keys: [] },
  });
  deps.onCommitted?.(matchId, events);
  return { state, seats };
}
