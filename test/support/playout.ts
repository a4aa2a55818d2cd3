import { prng } from "../../src/engine/common/prng.js";
import type { RulesetId } from "../../src/engine/registry.js";
import type { MatchEvent } from "../../src/match/events.js";
import { type Playout, playout, PLAYOUT_AT } from "../../src/match/playout.js";
import type { MatchState } from "../../src/match/state.js";

export const AT = PLAYOUT_AT;
export { prng };

/** A whole match between random players through the one playout driver; `check` sees every command's state. */
export const playRandomMatch = (
  seed: number,
  create: { ruleset: RulesetId; options?: unknown; seats?: number },
  check?: (state: MatchState, events: readonly MatchEvent[]) => void,
  maxCommands = 20_000,
): Playout => playout({ ...create, seed, check, maxCommands });
