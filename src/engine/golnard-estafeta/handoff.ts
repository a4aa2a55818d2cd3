import { gateOf, zoneOf, type Lane } from "./board.js";
import type { TokenState } from "./state.js";

/**
 * The handoff (the relay's rules): a post on g0 of a face becomes active when the team's n-1 active
 * tokens stand on g1..g(n-1) in front of it ("встать в клетку перед ним"). Checked whenever an
 * action ends. An opponent on one of those cells blocks it simply by being there: the team's
 * tokens cannot all stand on them until it leaves.
 */
export function applyHandoffs(lane: Lane, tokens: readonly TokenState[]): readonly TokenState[] {
  let current = tokens;
  for (let i = 0; i < current.length; i++) {
    const post = current[i]!;
    if (post.status !== "post" || post.cell === null) continue;
    const gate = gateOf(lane, zoneOf(post.cell));
    const runners = current.filter((t) => t.status === "active");
    if (runners.length === 0 || runners.length > 3 || gate.g[0] !== post.cell) continue;
    const front = gate.g.slice(1, runners.length + 1);
    if (runners.every((t) => t.cell !== null && front.includes(t.cell))) {
      current = current.map((t, j) => (j === i ? { ...t, status: "active" as const } : t));
      i = -1; // a handoff changes the runner count: look at every post again
    }
  }
  return current;
}
