import type { Logger } from "../logger.js";
import type { SweepReport } from "../service/finish-overdue.js";

export interface DeadlineTimer {
  /** Runs one sweep now (after the one in flight, if any). */
  sweep(): Promise<SweepReport>;
  stop(): void;
}

/**
 * The local stand-in for the scheduled Lambda: every `everyMs` the server finishes the matches
 * whose deadline has passed. Sweeps never overlap, a failed one is logged and the next one tries
 * again, and the timer never keeps the process alive.
 */
export function startDeadlineTimer(sweep: () => Promise<SweepReport>, everyMs: number, logger: Logger): DeadlineTimer {
  let running: Promise<SweepReport> | null = null;
  const once = (): Promise<SweepReport> => {
    const next = (running ?? Promise.resolve(null)).catch(() => null).then(() => sweep());
    running = next;
    return next.finally(() => {
      if (running === next) running = null;
    });
  };
  const timer =
    everyMs > 0
      ? setInterval(() => {
          if (running) return;
          once().then(
            (report) => {
              if (report.finished.length > 0) logger.info(`deadline sweep finished ${report.finished.length} match(es)`);
            },
            (error: unknown) => logger.error("deadline sweep failed", error),
          );
        }, everyMs)
      : null;
  timer?.unref();
  return { sweep: once, stop: () => timer && clearInterval(timer) };
}
