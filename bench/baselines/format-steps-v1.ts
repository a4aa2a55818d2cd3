import { OFF_POINT, type Segment } from "../../src/engine/backgammon/notation.js";
import type { Step } from "../../src/engine/backgammon/plays.js";

// formatSteps and makeMove before the current ones, for `bench/suites/backgammon-plays.ts`.

const pointName = (p: number): string => (p === 25 ? "bar" : p === OFF_POINT ? "off" : String(p));

function makeMove(segments: readonly Segment[]): string {
  return segments
    .map((s) => {
      let text = pointName(s.path[0]!);
      for (let k = 1; k < s.path.length; k++) text += `/${pointName(s.path[k]!)}${s.hits[k] ? "*" : ""}`;
      return s.count > 1 ? `${text}(${s.count})` : text;
    })
    .join(" ");
}

export function formatStepsV1(steps: readonly Step[]): string {
  const hitPoints = new Set(steps.filter((s) => s.hit).map((s) => s.to));
  const sorted = [...steps].sort((a, b) => b.from - a.from || b.to - a.to);
  const chains: (number[] | null)[] = sorted.map((s) => [s.from, s.to]);
  for (let i = 0; i < chains.length; i++) {
    const chain = chains[i];
    if (!chain) continue;
    for (let j = i + 1; j < chains.length; j++) {
      const next = chains[j];
      if (!next || next.length !== 2 || chain[chain.length - 1] !== next[0]) continue;
      if (hitPoints.has(next[0]!)) chain.push(next[1]!);
      else chain[chain.length - 1] = next[1]!;
      chains[j] = null;
    }
  }
  const paths = chains.filter((c): c is number[] => c !== null);
  const counted: { path: number[]; count: number }[] = [];
  for (const path of paths) {
    const same = counted.find((c) => c.path.length === path.length && c.path.every((p, k) => p === path[k]));
    if (same) same.count++;
    else counted.push({ path, count: 1 });
  }
  const starred = new Set<number>();
  const segments: Segment[] = counted.map(({ path, count }) => {
    const hits = path.map((p, k) => {
      if (k === 0) return false;
      if (k < path.length - 1) {
        starred.add(p);
        return true;
      }
      if (p === OFF_POINT || !hitPoints.has(p) || starred.has(p)) return false;
      starred.add(p);
      return true;
    });
    return { path, hits, count };
  });
  return makeMove(segments);
}
