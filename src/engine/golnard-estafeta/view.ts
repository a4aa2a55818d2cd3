import { CELLS, FACES, gateOf, pointOf, SIZE, ZONES, zoneOf, type Lane } from "./board.js";
import { completedFaces } from "./ranking.js";
import { TOKENS } from "./options.js";
import type { EstafetaState } from "./state.js";
import { roundsPlayed } from "./turns.js";
import { WALLS } from "./zones.js";
import { turnView } from "../common/turn-view.js";
import type { Json, Turn } from "../ruleset.js";

const ROLES = ["g0", "g1", "g2", "g3"] as const;

/**
 * A drawable board: everything a renderer needs without knowing the rules. Nothing is hidden in
 * this game, so every seat sees the same; `you` only says which seat is looking.
 * - `cells[y * 12 + x]`: zone (1-4) and marks (team, face, role g0..g3 / h0) of every cell;
 * - `walls`: the cross as grid-line segments; `startFinish`: the F41 segment;
 * - `teams[i].gates[face]`: formation g0..g3 and the far cell h0 of the team's lane on that face;
 * - `tokens`: team, letter, cell (null once finished), state and lap.
 */
export function view(state: EstafetaState, seat: number | null, turn: Turn): Json {
  const cells = Array.from({ length: CELLS }, (_, c) => ({ ...pointOf(c), zone: zoneOf(c) + 1, marks: [] as Json[] }));
  const teams = state.lanes.map((lane: Lane | null, team) => {
    const gates =
      lane === null
        ? []
        : FACES.map((face, f) => {
            const gate = gateOf(lane, f as 0 | 1 | 2 | 3);
            gate.g.forEach((c, i) => cells[c]!.marks.push({ team, face, role: ROLES[i]! }));
            cells[gate.h0]!.marks.push({ team, face, role: "h0" });
            return { face, from: ZONES[f]!, to: ZONES[(f + 1) % 4]!, formation: gate.g.map(pointOf), h0: pointOf(gate.h0) };
          });
    const tokens = state.tokens[team]!;
    const progress = state.progress[team]!;
    return {
      seat: team,
      lane,
      lap: Math.floor(progress / 4) + 1,
      nextFace: FACES[progress % 4]!,
      facesCompleted: completedFaces(tokens, progress),
      finished: tokens.filter((t) => t.status === "finished").length,
      gates,
    };
  });
  const tokens = state.tokens.flatMap((list, team) =>
    list.map((t, i) => ({ team, letter: TOKENS[i]!, cell: t.cell === null ? null : pointOf(t.cell), state: t.status, lap: t.lap })),
  );
  return {
    ruleset: "golnard-estafeta",
    variant: state.variant,
    width: SIZE,
    height: SIZE,
    zones: ZONES.map((id, z) => ({ id, number: z + 1 })),
    cells,
    walls: WALLS.map((w) => ({ from: { ...w.from }, to: { ...w.to } })),
    startFinish: { face: "F41", from: { x: 0, y: 6 }, to: { x: 6, y: 6 } },
    teams,
    tokens,
    stage: state.stage,
    turn: turnView(turn),
    toMove: state.toMove,
    rolled: state.lastRoll ? [...state.lastRoll] : null,
    dice: state.stage === "play" && state.dice ? [...state.dice] : null,
    round: roundsPlayed(state) + 1,
    maxRounds: state.maxRounds,
    you: seat,
  };
}
