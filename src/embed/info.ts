import type { Drawing, Lang } from "../boards/drawing.js";
import { ClockTicker } from "./clock.js";
import { fill, h } from "./dom.js";
import type { Labels } from "./labels.js";
import type { View } from "./types.js";

/** A seat's name: its player's, else its side's as the drawing names it ("White", "Team 2"), else its number. */
export function seatName(view: View, seat: number, labels: Labels, drawing: Drawing, lang: Lang): string {
  const player = view.seating.find((s) => s.seat === seat)?.player;
  if (player) return player.name;
  const side = view.sides.find((s) => s.seats.includes(seat));
  if (!side || side.seats.length !== 1) return `${labels.seat} ${seat + 1}`;
  return drawing.sideName(side.side, lang);
}

/** The text around the board: caption, seats with whose turn and clocks, dice, result, version. */
export class MatchInfo {
  readonly caption = h("p", { class: "tb-caption", "data-testid": "caption", id: "tabula-caption" });
  readonly seats = h("ul", { class: "tb-seats", "data-testid": "seats" });
  readonly dice = h("p", { class: "tb-dice", "data-testid": "dice" });
  readonly result = h("p", { class: "tb-result", "data-testid": "result", hidden: true });
  readonly version = h("p", { class: "tb-version", "data-testid": "version" });
  /** The last event in words, announced to screen readers as it happens. */
  readonly lastEvent = h("p", { class: "tb-last", "data-testid": "last-event", "aria-live": "polite" });
  private readonly ticker: ClockTicker;

  constructor(
    private readonly drawing: Drawing,
    private readonly labels: Labels,
  ) {
    this.ticker = new ClockTicker(labels.bank);
  }

  show(view: View, lang: Lang, viewerSeat: number | null): void {
    const l = this.labels;
    this.caption.textContent = this.drawing.caption(view.state, lang);
    const seatCount = Math.max(view.seating.length, ...view.sides.flatMap((s) => s.seats.map((n) => n + 1)));
    const clocks: { element: HTMLElement; clock: NonNullable<View["clock"]>["seats"][number] }[] = [];
    const items = Array.from({ length: seatCount }, (_, seat) => {
      const toAct = view.status !== "FINISHED" && view.toAct.includes(seat);
      const clock = view.clock?.seats.find((c) => c.seat === seat);
      const clockEl = clock ? h("span", { class: "tb-clock", "data-testid": `clock-${seat}`, "aria-label": l.clock }) : null;
      if (clock && clockEl) clocks.push({ element: clockEl, clock });
      return h(
        "li",
        { class: toAct ? "tb-seat tb-to-act" : "tb-seat", "data-testid": `seat-${seat}`, "data-seat": seat },
        h("span", { class: "tb-seat-name" }, seatName(view, seat, l, this.drawing, lang)),
        viewerSeat === seat ? h("span", { class: "tb-you" }, ` (${l.you})`) : null,
        toAct ? h("span", { class: "tb-turn" }, ` ${l.toMove}`) : null,
        clockEl ? " " : null,
        clockEl,
      );
    });
    fill(this.seats, ...items);
    this.ticker.set(clocks);
    this.dice.textContent = `${l.dice}: ${view.dice && view.dice.length > 0 ? view.dice.join(" ") : l.noDice}`;
    this.dice.hidden = view.dice === null && view.phase !== "roll";
    if (view.result) {
      const winners = view.result.winners.map((s) => seatName(view, s, l, this.drawing, lang));
      const reason = (l.reasons as Readonly<Record<string, string>>)[view.result.reason] ?? view.result.reason;
      this.result.textContent = `${l.result}: ${winners.length > 0 ? `${l.winner}: ${winners.join(", ")}` : l.draw} (${reason})`;
      this.result.hidden = false;
    } else this.result.hidden = true;
    this.version.textContent = `${l.version} ${view.version}`;
    this.version.setAttribute("data-version", String(view.version));
  }
}
