import type { SeatClock } from "./types.js";

/** "1:05", "12:00:03", "2d 4h": time left, coarser as it grows (correspondence clocks run days). */
export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.floor(total));
  const days = Math.floor(s / 86_400);
  if (days >= 1) return `${days}d ${Math.floor((s % 86_400) / 3600)}h`;
  const hours = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(hours > 0 ? 2 : 1, "0");
  const ss = String(s % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** Seconds left on a seat's clock now: to its deadline while it is to act, else its bank. */
export const secondsLeft = (clock: SeatClock, now: number = Date.now()): number =>
  clock.deadline === null ? clock.bankSeconds : Math.max(0, (Date.parse(clock.deadline) - now) / 1000);

/**
 * Ticks the clocks shown on the page once a second. The deadlines come from the server; the page
 * only counts down to them, so a drifting tab never shows more time than the server allows.
 */
export class ClockTicker {
  private timer: ReturnType<typeof setInterval> | null = null;
  private entries: { element: HTMLElement; clock: SeatClock }[] = [];

  /** `bankLabel` names what a seat not to act has left: its bank. */
  constructor(private readonly bankLabel: string) {}

  set(entries: { element: HTMLElement; clock: SeatClock }[]): void {
    this.entries = entries;
    this.tick();
    const running = entries.some((e) => e.clock.deadline !== null);
    if (running && this.timer === null) this.timer = setInterval(() => this.tick(), 1000);
    if (!running && this.timer !== null) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  private tick(): void {
    for (const { element, clock } of this.entries) {
      element.textContent = clock.deadline === null ? `${this.bankLabel} ${formatSeconds(clock.bankSeconds)}` : formatSeconds(secondsLeft(clock));
      element.classList.toggle("tb-running", clock.deadline !== null);
    }
  }
}
