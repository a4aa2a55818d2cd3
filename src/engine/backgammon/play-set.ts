import { codeKey, KEY_WORDS } from "./play-key.js";

/**
 * The distinct positions a search has found, in the order found, each with the packed steps that
 * first reached it (see `step-code.ts`): an open-addressing hash set on the position's hash. An
 * equal hash is confirmed exactly before a play counts as found already: the same steps in
 * another order reach the same position, and otherwise the exact keys (see `play-key.ts`) are
 * worked out from both plays' steps. Most equal hashes are a non-double's two orders, so keys are
 * seldom needed. One set serves every call (generation is synchronous and never re-entered), so
 * adding allocates nothing; a generation stamp empties the table without clearing it.
 */
export class PlaySet {
  codes = new Int32Array(256);
  count = 0;
  private hashes = new Int32Array(256);
  private slots = new Int32Array(512);
  private stamps = new Int32Array(512);
  private generation = 1;
  private readonly mine = new Int32Array(KEY_WORDS);
  private readonly theirs = new Int32Array(KEY_WORDS);

  clear(): void {
    this.count = 0;
    this.generation++;
  }

  /** Adds the play of `n` steps packed in `code` unless its position is present already. */
  add(hash: number, code: number, n: number, blots: number): void {
    const { codes, hashes, slots, stamps, generation } = this;
    const mask = slots.length - 1;
    let slot = slotOf(hash, mask);
    while (stamps[slot] === generation) {
      const entry = slots[slot]!;
      if (hashes[entry] === hash && this.samePosition(code, codes[entry]!, n, blots)) return;
      slot = (slot + 1) & mask;
    }
    const entry = this.count++;
    if (entry === codes.length) {
      this.codes = grown(codes);
      this.hashes = grown(hashes);
    }
    stamps[slot] = generation;
    slots[slot] = entry;
    this.codes[entry] = code;
    this.hashes[entry] = hash;
    if (this.count * 2 > slots.length) this.growTable();
  }

  private samePosition(a: number, b: number, n: number, blots: number): boolean {
    if (n === 2 && a === (((b >>> 8) | (b << 8)) & 0xffff)) return true;
    const x = codeKey(a, n, blots, this.mine);
    const y = codeKey(b, n, blots, this.theirs);
    return x[0] === y[0] && x[1] === y[1] && x[2] === y[2] && x[3] === y[3] && x[4] === y[4];
  }

  /** Doubles the table (kept at most half full, so probes stay short) and re-inserts the entries. */
  private growTable(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    this.stamps = new Int32Array(this.stamps.length * 2);
    const mask = this.slots.length - 1;
    for (let entry = 0; entry < this.count; entry++) {
      let slot = slotOf(this.hashes[entry]!, mask);
      while (this.stamps[slot] === this.generation) slot = (slot + 1) & mask;
      this.stamps[slot] = this.generation;
      this.slots[slot] = entry;
    }
  }
}

const slotOf = (hash: number, mask: number): number => (Math.imul(hash, 0x9e3779b1) >>> 7) & mask;

function grown(a: Int32Array): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
