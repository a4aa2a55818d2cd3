/**
 * mulberry32: a tiny seeded PRNG, so that a bot's choices and a self-play game's dice can be
 * replayed from their seed. Not for anything that must be unpredictable (server dice are HMACs).
 */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A die 1-6 from a PRNG. */
export const rollDie = (random: () => number): number => 1 + Math.floor(random() * 6);
