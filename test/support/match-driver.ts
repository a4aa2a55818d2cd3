import { expect } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { Json } from "../../src/engine/ruleset.js";
import type { Command, DecideContext } from "../../src/match/commands.js";
import { decide, type Rejection } from "../../src/match/decide.js";
import { deriveRoll } from "../../src/match/dice.js";
import { everySideMoved } from "../../src/match/acting.js";
import type { MatchEvent } from "../../src/match/events.js";
import { replay } from "../../src/match/evolve.js";
import type { MatchState } from "../../src/match/state.js";
import { AT } from "./playout.js";

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
const SEED = "7a".repeat(32);

/**
 * A match driven through `decide` under a clock the test sets, as the service would drive it;
 * after every accepted command, replaying the whole log must give the state decide returned.
 */
export class MatchDriver {
  readonly log: MatchEvent[] = [];
  state: MatchState | null = null;
  private now = Date.parse(AT);

  get at(): string {
    return new Date(this.now).toISOString();
  }

  /** Moves the clock on by `ms`. */
  wait(ms: number): this {
    this.now += ms;
    return this;
  }

  private ctx(): DecideContext {
    return { roll: (n, count) => deriveRoll(SEED, "m", n, count), diceSeed: SEED, at: this.at };
  }

  run(command: Command): MatchEvent[] {
    const decided = decide(command, this.state, this.ctx());
    if (!decided.ok) throw new Error(`${command.type} refused: ${decided.error.code} ${decided.error.message}`);
    this.log.push(...decided.value.events);
    this.state = decided.value.state;
    expect(replay(this.log)).toEqual(this.state);
    return [...decided.value.events];
  }

  refused(command: Command): Rejection {
    const decided = decide(command, this.state, this.ctx());
    if (decided.ok) throw new Error(`${command.type} was accepted: ${decided.value.events.map((e) => e.type).join(", ")}`);
    return decided.error;
  }

  get match(): MatchState {
    if (!this.state) throw new Error("no match yet");
    return this.state;
  }

  /** Whoever may act does once: rolls when dice are due, else plays its first legal move. */
  step(): MatchEvent[] {
    const ruleset = getRuleset(this.match.ruleset);
    const turn = ruleset.turn(this.match.game);
    if (turn.phase === "over") throw new Error("the game is over");
    if (turn.phase === "roll") return this.run({ type: "RollDice", seat: turn.seats[0]! });
    const seat = turn.seats.find((s) => ruleset.legalMoves(this.match.game, s).length > 0)!;
    return this.run({ type: "SubmitMove", seat, move: ruleset.legalMoves(this.match.game, seat)[0] as Json });
  }

  /** Plays until every side has moved (the point after which a match can no longer be aborted). */
  untilEverySideMoved(): this {
    for (let i = 0; i < 200 && !everySideMoved(this.match); i++) this.step();
    if (!everySideMoved(this.match)) throw new Error("some side never moved");
    return this;
  }

  /** The seat the ruleset waits for (the first, when several may act). */
  get toAct(): number {
    const turn = getRuleset(this.match.ruleset).turn(this.match.game);
    if (turn.phase === "over") throw new Error("the game is over");
    return turn.seats[0]!;
  }
}
