/**
 * One run of a key's work at a time. Asked while a run of the key is under way, it runs once
 * more after that one, however often it was asked meanwhile: what drives work from commits (a
 * match's webhook deliveries, its bots) wants every commit looked at, not one run per commit.
 */
export class CoalescedRuns {
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();

  /** `stopped`: once true, no run starts again. */
  constructor(private readonly stopped: () => boolean) {}

  /** Runs `body` now, or once more after the run of `key` under way; resolves when that run is done. */
  run(key: string, body: () => Promise<void>): Promise<void> {
    const current = this.running.get(key);
    if (current) {
      this.again.add(key);
      return current;
    }
    const loop = (async () => {
      try {
        do {
          this.again.delete(key);
          await body();
        } while (this.again.has(key) && !this.stopped());
      } finally {
        this.running.delete(key);
      }
    })();
    this.running.set(key, loop);
    return loop;
  }
}
