import type { Position } from "./position.js";

/**
 * An independent, deliberately naive play generator for cross-checking `legalPlays`: copies the
 * board at every step, tries every source for every die order, no pruning, then applies the
 * maximum-dice and larger-die rules. Returns the distinct resulting positions as JSON.
 */
export function bruteForcePlays(pos: Position, dice: readonly [number, number]): Set<string> {
  const [a, b] = dice;
  const orders = a === b ? [[a, a, a, a]] : [[a, b], [b, a]];
  const leaves: { me: number[]; opp: number[]; used: number[] }[] = [];
  const walk = (me: number[], opp: number[], rest: number[], used: number[]): void => {
    const die = rest[0];
    let moved = false;
    if (die !== undefined) {
      for (let p = 25; p >= 1; p--) {
        const slot = p - 1; // 24 = bar
        if (!me[slot]) continue;
        if (p !== 25 && me[24]! > 0) continue;
        const q = p - die;
        const nextMe = [...me];
        const nextOpp = [...opp];
        nextMe[slot]!--;
        if (q >= 1) {
          const oppSlot = 24 - q; // the opponent's own point 25 - q
          if (opp[oppSlot]! >= 2) continue;
          nextMe[q - 1]!++;
          if (opp[oppSlot] === 1) {
            nextOpp[oppSlot] = 0;
            nextOpp[24]!++;
          }
        } else {
          const outside = me.slice(6).some((n) => n > 0);
          if (outside) continue;
          const higher = me.slice(p, 6).some((n) => n > 0);
          if (q < 0 && higher) continue;
        }
        moved = true;
        walk(nextMe, nextOpp, rest.slice(1), [...used, die]);
      }
    }
    if (!moved) leaves.push({ me, opp, used });
  };
  for (const order of orders) walk([...pos.onRoll], [...pos.opponent], order, []);
  const max = Math.max(...leaves.map((l) => l.used.length));
  let best = leaves.filter((l) => l.used.length === max && max > 0);
  if (max === 1 && a !== b && best.some((l) => l.used[0] === Math.max(a, b))) {
    best = best.filter((l) => l.used[0] === Math.max(a, b));
  }
  return new Set(best.map((l) => JSON.stringify([l.me, l.opp])));
}
