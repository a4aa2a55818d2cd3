import { deriveRoll, diceCommitment, isSeedHex } from "./dice.js";
import type { MatchEvent } from "./events.js";

export interface DiceVerification {
  readonly ok: boolean;
  /** How many DiceRolled events were re-derived. */
  readonly rolls: number;
  readonly problems: readonly string[];
}

/**
 * Re-checks a finished match from its public log alone: the revealed seed must hash to the
 * commitment published at creation, and every roll must be the one the seed derives.
 */
export function verifyDice(events: readonly MatchEvent[]): DiceVerification {
  const problems: string[] = [];
  const created = events.find((e) => e.type === "MatchCreated");
  const finished = events.find((e) => e.type === "MatchFinished");
  if (!created) return { ok: false, rolls: 0, problems: ["no MatchCreated event"] };
  if (!finished) return { ok: false, rolls: 0, problems: ["the match is not finished: its dice seed is not revealed yet"] };
  const { matchId, diceCommitment: commitment } = created.data;
  const seed = finished.data.diceSeed;
  if (!isSeedHex(seed)) return { ok: false, rolls: 0, problems: ["the revealed seed is not 32 bytes of lowercase hex"] };
  if (diceCommitment(seed) !== commitment) problems.push("the revealed seed does not match the published commitment");

  let rolls = 0;
  events.forEach((event, index) => {
    if (event.version !== index + 1) problems.push(`event ${index + 1} has version ${event.version}: the log has a gap`);
    if (event.type !== "DiceRolled") return;
    const { n, values } = event.data;
    if (n !== rolls) problems.push(`event ${event.version}: roll number ${n}, expected ${rolls}`);
    const expected = deriveRoll(seed, matchId, n, values.length);
    if (expected.join() !== values.join()) {
      problems.push(`event ${event.version}: roll ${n} is ${values.join("-")}, the seed gives ${expected.join("-")}`);
    }
    rolls++;
  });
  return { ok: problems.length === 0, rolls, problems };
}
