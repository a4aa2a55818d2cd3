import type { LevelOp } from "./level-db.js";

/**
 * Batches that arrive while one is being written go to the database together, as one batch,
 * when it is done: with many matches playing at once a write costs one trip to LevelDB's thread
 * instead of one each, and a lone write goes at once, as before. Each caller's operations stay
 * atomic (inside a larger atomic batch) and in the order they came; a failed write fails every
 * caller whose operations it held.
 */
export class WriteCoalescer {
  private pending: { readonly ops: readonly LevelOp[]; readonly settle: (error?: unknown) => void }[] = [];
  private writing = false;

  constructor(private readonly write: (ops: LevelOp[]) => Promise<void>) {}

  batch(ops: readonly LevelOp[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ ops, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    while (this.pending.length > 0) {
      const group = this.pending.splice(0);
      let failure: unknown;
      try {
        await this.write(group.flatMap((g) => g.ops));
      } catch (error) {
        failure = error ?? new Error("a LevelDB write failed");
      }
      for (const g of group) g.settle(failure);
    }
    this.writing = false;
  }
}
