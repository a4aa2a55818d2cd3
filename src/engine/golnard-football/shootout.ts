import type { Note } from "../ruleset.js";
import { over } from "./end.js";
import { inc, type FootballState, type TurnStage } from "./state.js";
import { HOME_AWAY, otherIndex, type SideIndex } from "../common/home-away.js";

/**
 * Each shoot-out kick: every token back on its formation, the shooting side's kickers in seat
 * rotation (its n-th kick by its seat n mod seats), the penalty procedure at the other side's goal.
 */
export function beginShootoutKick(s: FootballState): FootballState {
  const sh = s.shootout!;
  const side: SideIndex = sh.kicks[sh.first] === sh.kicks[otherIndex(sh.first)] ? sh.first : otherIndex(sh.first);
  const seat = side * s.perSide + (sh.kicks[side] % s.perSide);
  const stage: TurnStage = {
    kind: "turn",
    side,
    seat,
    play: "shootout",
    extra: false,
    bonus: false,
    step: "keeper",
    dice: null,
    used: [],
    actions: 0,
    offside: [],
    forced: [],
    line: null,
    ballMoved: false,
    kicker: null,
    reached: false,
    origin: null,
  };
  return { ...s, tokens: s.formation, ball: null, holder: null, stage };
}

/** Five kicks each, decided early when one side cannot catch up, then sudden-death pairs. */
export function afterShootoutKick(state: FootballState, scored: boolean, notes: Note[]): FootballState {
  const t = state.stage as TurnStage;
  const sh = state.shootout!;
  const goals = scored ? inc(sh.goals, t.side) : [...sh.goals] as [number, number];
  const kicks = inc(sh.kicks, t.side);
  const s: FootballState = { ...state, shootout: { ...sh, goals, kicks }, holder: null };
  notes.push({ type: "shootoutKick", side: HOME_AWAY[t.side], scored, goals: [...goals], kicks: [...kicks] });
  // Each side gets at least five kicks, and in sudden death as many as the other.
  const rounds = Math.max(5, kicks[0], kicks[1]);
  const left = (side: SideIndex): number => rounds - kicks[side];
  const decided = goals[0] + left(0) < goals[1] || goals[1] + left(1) < goals[0];
  return decided ? over(s, "shootout", notes) : beginShootoutKick(s);
}
