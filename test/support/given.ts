import { expect } from "vitest";
import type { Command, DecideContext } from "../../src/match/commands.js";
import { decide } from "../../src/match/decide.js";
import { deriveRoll } from "../../src/match/dice.js";
import type { MatchEvent, NewEvent } from "../../src/match/events.js";
import { replay } from "../../src/match/evolve.js";
import type { ErrorCode } from "../../src/errors.js";
import { AT } from "./playout.js";

export { AT };

export const SEED = "5e".repeat(32);

/** Dice come from `rolls` in order when given, else from the real derivation with SEED. */
export const contextWith = (rolls: number[][] = []): DecideContext => {
  const queue = [...rolls];
  return { roll: (n, count) => queue.shift() ?? deriveRoll(SEED, "m", n, count), diceSeed: SEED, at: AT };
};

/** Numbers new events the way the service does, so they can be fed back as history. */
export const commit = (history: readonly MatchEvent[], events: readonly NewEvent[]): MatchEvent[] =>
  events.map((e, i) => ({ ...e, version: history.length + 1 + i, at: AT }) as MatchEvent);

const unnumbered = (events: readonly MatchEvent[]): NewEvent[] => events.map(({ type, data }) => ({ type, data }) as NewEvent);

/** given(history).when(command).then(events) — the decide function read as a specification. */
export function given(...history: MatchEvent[]) {
  return {
    when(command: Command, ctx: DecideContext = contextWith()) {
      const before = history.length ? replay(history) : null;
      const result = decide(command, before, ctx);
      return {
        then(expected: NewEvent[]) {
          expect(result.ok ? unnumbered(result.value.events) : result).toEqual(expected);
          // The state decide returns is the one replaying its events gives: the rules ran once, right.
          if (result.ok) expect(result.value.state).toEqual(replay([...history, ...result.value.events]));
        },
        thenRejects(code: ErrorCode, reason?: string) {
          expect(result.ok).toBe(false);
          if (!result.ok) {
            expect(result.error.code).toBe(code);
            if (reason) expect(result.error.details?.reason).toBe(reason);
          }
        },
        result,
      };
    },
  };
}
