import type { Drawing, Lang } from "../boards/drawing.js";
import { button, fill, h } from "./dom.js";
import { describeEvent } from "./history.js";
import { seatName } from "./info.js";
import type { Labels } from "./labels.js";
import type { MatchEvent, View } from "./types.js";
import type { ViewApi } from "./view-api.js";

/**
 * The replay viewer: every version of the match, one step at a time (buttons, arrow keys,
 * Home/End), with the log beside the board; an entry of the log jumps to its version. Views of
 * past versions come from `GET /api/matches/{id}?version=N`, cached by the API client.
 */
export class Replay {
  readonly element: HTMLElement;
  private readonly position = h("p", { class: "tb-position", "data-testid": "replay-position", "aria-live": "polite" });
  private readonly list = h("ol", { class: "tb-history", "data-testid": "history" });
  private readonly nav: HTMLElement;
  private events: readonly MatchEvent[] = [];
  private last: View | null = null;
  private at = 0;
  private request = 0;

  constructor(
    private readonly api: ViewApi,
    private readonly drawing: Drawing,
    private readonly labels: Labels,
    private readonly lang: Lang,
    /** Shows a position; `event` led to it (the one at its version), `before` is set when a step forward is to be animated. */
    private readonly show: (view: View, event: MatchEvent | null, before: View | null, opening: boolean) => void,
    private readonly failed: (code: string, message: string) => void,
  ) {
    const l = labels;
    this.nav = h(
      "div",
      { class: "tb-replay-nav", role: "group", "aria-label": l.replay },
      button("«", () => void this.go(1), { "aria-label": l.first, title: l.first, "data-testid": "replay-first" }),
      button("‹", () => void this.go(this.at - 1), { "aria-label": l.previous, title: l.previous, "data-testid": "replay-previous" }),
      button("›", () => void this.go(this.at + 1), { "aria-label": l.next, title: l.next, "data-testid": "replay-next" }),
      button("»", () => void this.go(this.events.length), { "aria-label": l.last, title: l.last, "data-testid": "replay-last" }),
    );
    this.element = h(
      "section",
      { class: "tb-replay", "aria-labelledby": "tabula-replay-title", "data-testid": "replay", hidden: true },
      h("h2", { id: "tabula-replay-title", class: "tb-heading" }, l.history),
      this.nav,
      this.position,
      this.list,
    );
    document.addEventListener("keydown", (event) => {
      if (this.element.hidden || event.altKey || event.ctrlKey || event.metaKey) return;
      const to = { ArrowLeft: this.at - 1, ArrowRight: this.at + 1, Home: 1, End: this.events.length }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      void this.go(to);
    });
  }

  get active(): boolean {
    return !this.element.hidden;
  }

  /** Opens on `version` with the log so far; `last` is the newest view (no fetch needed for it). */
  async open(events: readonly MatchEvent[], last: View, version: number): Promise<void> {
    this.events = events;
    this.last = last;
    this.element.hidden = false;
    fill(
      this.list,
      ...events.map((event) =>
        h(
          "li",
          { "data-version": event.version },
          button(`${event.version}. ${describeEvent(event, this.drawing, this.labels, this.lang, (seat) => seatName(last, seat, this.labels, this.drawing, this.lang))}`, () => void this.go(event.version), { class: "tb-history-entry", "data-version": event.version }),
        ),
      ),
    );
    await this.go(Math.min(Math.max(1, version), events.length || last.version), false, true);
  }

  private viewAt(version: number): Promise<View> {
    return this.last && version === this.last.version && this.last.seat === null ? Promise.resolve(this.last) : this.api.at(version);
  }

  /** Shows `version`; `opening` is the position the viewer opens on (no step the host is told of). */
  async go(version: number, animate = true, opening = false): Promise<void> {
    const count = this.events.length;
    if (count === 0 || version < 1 || version > count) return;
    const request = ++this.request;
    const from = this.at;
    try {
      const view = await this.viewAt(version);
      if (request !== this.request) return;
      const stepped = animate && version === from + 1 && from > 0;
      const before = stepped ? await this.viewAt(from) : null;
      if (request !== this.request) return;
      this.at = version;
      this.show(view, this.events[version - 1] ?? null, before, opening);
      this.position.textContent = `${this.labels.version} ${version} / ${count}`;
      this.position.setAttribute("data-version", String(version));
      for (const item of this.list.querySelectorAll<HTMLElement>("button[data-version]")) {
        const current = Number(item.dataset.version) === version;
        if (current) item.setAttribute("aria-current", "step");
        else item.removeAttribute("aria-current");
        if (current && typeof item.scrollIntoView === "function") item.scrollIntoView({ block: "nearest" });
      }
      const buttons = this.nav.querySelectorAll("button");
      buttons[0]!.disabled = buttons[1]!.disabled = version <= 1;
      buttons[2]!.disabled = buttons[3]!.disabled = version >= count;
    } catch (error) {
      const e = error as { code?: string; message?: string };
      this.failed(e.code ?? "ERROR", e.message ?? String(error));
    }
  }
}
