import { gateOf, zoneOf, type ZoneIndex } from "./board.js";
import { isLeadingZone, isTrailingZone } from "./crossing.js";
import { TOKENS } from "./options.js";
import type { EstafetaState } from "./state.js";

/** The face whose g0 a post waits on: B on F23, C on F34, D on F41 (Setup). */
const POST_FACE: readonly (ZoneIndex | null)[] = [null, 1, 2, 3];

/**
 * Properties every reachable state has, checked after every action by the random-game tests and
 * by `tabula selfplay`. Returns the problems found (empty = fine). With `before`, it also checks
 * the transition: posts never move before their handoff, finished tokens never come back,
 * progress never goes backwards.
 */
export function invariantProblems(state: EstafetaState, before?: EstafetaState): string[] {
  const problems: string[] = [];
  const seen = new Map<number, string>();
  state.tokens.forEach((tokens, team) => {
    const lane = state.lanes[team];
    if (lane === null || lane === undefined) {
      if (tokens.length !== 0) problems.push(`team ${team} has tokens but no lane`);
      return;
    }
    if (tokens.length !== 4) problems.push(`team ${team} has ${tokens.length} tokens, not 4`);
    const progress = state.progress[team]!;
    tokens.forEach((t, i) => {
      const name = `${team}${TOKENS[i]}`;
      if (t.status === "finished") {
        if (t.cell !== null) problems.push(`${name} is finished but on the board`);
        return;
      }
      if (t.cell === null) {
        problems.push(`${name} is off the board but not finished`);
        return;
      }
      const other = seen.get(t.cell);
      if (other) problems.push(`${name} and ${other} share a cell`);
      seen.set(t.cell, name);
      const zone = zoneOf(t.cell);
      if (t.status === "post") {
        const face = POST_FACE[i];
        if (face === null || face === undefined || t.cell !== gateOf(lane, face).g[0]) problems.push(`${name} is a post off its g0`);
        if (progress > face!) problems.push(`${name} is still a post after its team crossed beyond it`);
      } else if (!isLeadingZone(zone, progress) && !isTrailingZone(zone, progress)) {
        problems.push(`${name} stands in Z${zone + 1}, where the team (progress ${progress}) has no business`);
      }
      if (t.lap < 1 || t.lap > (state.variant === "sprint" ? 1 : 4)) problems.push(`${name} runs lap ${t.lap}`);
    });
    const finished = tokens.filter((t) => t.status === "finished").length;
    // Sprint: nobody finishes before the team's first crossing of F41. Stayer: exactly one per lap.
    const laps = Math.floor(progress / 4);
    if (state.variant === "sprint" ? finished > 0 && laps < 1 : finished !== laps) {
      problems.push(`team ${team}: ${finished} finished after ${progress} first crossings`);
    }
    if (before) {
      const prev = before.tokens[team] ?? [];
      if (prev.length === 4) {
        prev.forEach((p, i) => {
          const now = tokens[i]!;
          if (p.status === "finished" && now.status !== "finished") problems.push(`${team}${TOKENS[i]} came back after finishing`);
          if (p.status === "post" && now.status === "post" && now.cell !== p.cell) problems.push(`${team}${TOKENS[i]} moved while a post`);
          if (p.status === "post" && now.status === "active" && now.cell !== p.cell) problems.push(`${team}${TOKENS[i]} moved in the action that activated it`);
          if (p.status === "active" && now.status === "post") problems.push(`${team}${TOKENS[i]} became a post again`);
        });
      }
      if (progress < (before.progress[team] ?? 0)) problems.push(`team ${team} lost progress`);
    }
  });
  if (state.stage === "play" && state.dice) {
    const [a, b] = state.dice;
    if (a < 0 || b < 0 || a > 6 || b > 6 || a + b === 0) problems.push(`dice ${a},${b} in a move phase`);
    state.tokens[state.toMove]!.forEach((t, i) => {
      if (t.cell !== null && !state.visited[i]!.includes(t.cell)) problems.push(`the mover's ${TOKENS[i]} stands on a cell missing from its visited list`);
    });
    for (const list of state.visited) if (new Set(list).size !== list.length) problems.push("a token entered a cell twice in one turn");
  }
  if (state.stage === "over" && state.ended === null) problems.push("over without a reason");
  if (state.turns > state.maxRounds * state.teams) problems.push("played past the round limit");
  return problems;
}
