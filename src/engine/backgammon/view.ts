import type { Json, Turn } from "../ruleset.js";
import { turnView } from "../common/turn-view.js";
import { pipCounts } from "./board.js";
import { cubeRefusal } from "./cube.js";
import { diceToPlay } from "./plays.js";
import type { Seat } from "./seats.js";
import { statePositionId, stateMatchId } from "./state-ids.js";
import type { BackgammonState } from "./state.js";

/**
 * A drawable view. The board is neutral: `points` run 1..24 in seat 0's numbering and every entry
 * also carries the point number seat 1 uses (25 - n), so a client can draw either side without
 * arithmetic. Nothing is hidden in backgammon; the viewer's seat only picks `ownPoint`.
 */
export function view(state: BackgammonState, seat: Seat | null, turn: Turn): Json {
  const { game, options } = state;
  const viewer: Seat = seat ?? 0;
  const points = game.board.points.map((n, i) => ({
    seat0Point: i + 1,
    seat1Point: 24 - i,
    ownPoint: viewer === 0 ? i + 1 : 24 - i,
    owner: n > 0 ? 0 : n < 0 ? 1 : null,
    count: Math.abs(n),
  }));
  return {
    viewer: seat,
    phase: game.phase,
    turn: turnView(turn),
    onRoll: game.onRoll,
    gameNumber: game.number,
    points,
    bar: [...game.board.bar],
    off: [...game.board.off],
    pipCounts: pipCounts(game.board),
    dice: game.dice ? [...game.dice] : null,
    diceToPlay: game.phase === "move" && game.dice ? diceToPlay(game.dice) : null,
    cube: {
      enabled: options.cube,
      value: game.cube.value,
      owner: game.cube.owner,
      offered: game.phase === "doubled",
      canDouble: cubeRefusal(state) === null,
    },
    matchLength: options.matchLength,
    score: [...state.score],
    crawford: game.crawford,
    games: state.games.map((g) => ({ ...g })),
    positionId: statePositionId(state),
    matchId: stateMatchId(state),
  };
}
