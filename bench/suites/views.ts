import { RULESETS } from "../../src/engine/registry.js";
import { playout } from "../../src/match/playout.js";
import type { MatchState } from "../../src/match/state.js";
import { matchViewFields, movesOfPiece, toMatchView } from "../../src/service/match-view.js";
import { interleavedThroughput, type Measurement, type Suite } from "../report.js";

/** The fields a bot reads of every answer (as bench/player-operations.ts's players do). */
const BOT_FIELDS = ["version", "toAct", "phase", "dice", "legalMoves"] as const;

/**
 * What a view weighs per ruleset, to its seat to act, over the positions of seeded matches
 * where that seat has moves: the bytes of the whole view (the baseline), of a bot's `?fields=`,
 * and of one piece's moves (`?piece=`, the first of `movablePieces`); and views built and
 * serialised per second, whole against one piece's. The compound games (football, Gol) list
 * hundreds of moves a turn, most of a view's bytes.
 */
export const suite: Suite = {
  name: "views (size and serialisation, per ruleset, the seat to act)",
  async run() {
    const out: Measurement[] = [];
    for (const ruleset of RULESETS) {
      const positions: { state: MatchState; seat: number }[] = [];
      for (let seed = 1; positions.length < 40 && seed < 40; seed++) {
        const { states } = playout({ ruleset, seed });
        for (const state of states) {
          if (state.status !== "ACTIVE") continue;
          const seat = toMatchView(state, null).toAct[0];
          if (seat !== undefined && toMatchView(state, seat).legalMoves.length > 0) positions.push({ state, seat });
          if (positions.length >= 40) break;
        }
      }
      const whole = positions.map(({ state, seat }) => JSON.stringify(toMatchView(state, seat)));
      const onePiece = ({ state, seat }: { state: MatchState; seat: number }) => {
        const view = toMatchView(state, seat);
        const piece = view.movablePieces[0];
        return JSON.stringify(piece === undefined ? view : { ...view, legalMoves: movesOfPiece(ruleset, view.legalMoves, piece) });
      };
      const mean = (sizes: number[]) => Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length);
      const wholeBytes = mean(whole.map((s) => Buffer.byteLength(s)));
      const botBytes = mean(positions.map(({ state, seat }) => Buffer.byteLength(JSON.stringify(matchViewFields(state, seat, BOT_FIELDS)))));
      const pieceBytes = mean(positions.map((p) => Buffer.byteLength(onePiece(p))));
      const moves = mean(positions.map(({ state, seat }) => toMatchView(state, seat).legalMoves.length));
      out.push(
        { name: `${ruleset}: a view's bytes, a bot's ?fields= (${moves} legal moves on average)`, unit: "bytes", value: botBytes, better: "lower", baseline: "the whole view", baselineValue: wholeBytes },
        { name: `${ruleset}: a view's bytes, one piece's moves (?piece=)`, unit: "bytes", value: pieceBytes, better: "lower", baseline: "the whole view", baselineValue: wholeBytes },
      );
      let i = 0;
      const [pieceRate, wholeRate] = interleavedThroughput(
        [() => onePiece(positions[i++ % positions.length]!), () => JSON.stringify(toMatchView(positions[i % positions.length]!.state, positions[i++ % positions.length]!.seat))],
        600,
      );
      out.push({ name: `${ruleset}: views built and serialised, one piece's moves`, unit: "views/s", value: pieceRate!, better: "higher", baseline: "the whole view", baselineValue: wholeRate! });
    }
    return out;
  },
};
