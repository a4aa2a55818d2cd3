/**
 * Runs tasks one at a time per key, in the order they were queued; tasks of different keys run
 * side by side. The Level store reads, decides and writes in separate steps (is this version's
 * key free? which inbox key does this row have now?), and only one process opens its LevelDB,
 * so queueing every write of a match here makes each check-then-write atomic.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    // The last task of a key takes its entry with it, so idle keys cost nothing.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with a task queued or running (tests). */
  get size(): number {
    return this.tails.size;
  }
}
