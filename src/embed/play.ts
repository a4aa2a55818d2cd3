import type { Drawing, Json, Lang } from "../boards/drawing.js";
import { button, fill, h } from "./dom.js";
import type { Labels } from "./labels.js";
import { ClickIndex, type Narrowed } from "./selection.js";
import type { View } from "./types.js";
import { ApiError, type ViewApi } from "./view-api.js";

/** How many moves the text list shows at once (football has thousands; "show more" adds as many). */
const PAGE = 40;

const same = (a: Json, b: Json): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * What a seat does on the page: roll, build a move by clicking on the board or pick it from the
 * text move list (so the page plays by keyboard and screen reader alike), resign, offer and
 * answer draws. It owns the clicks so far; the page redraws the board with what it marks.
 */
export class Play {
  readonly element: HTMLElement;
  readonly alert = h("p", { role: "alert", class: "tb-error", "data-testid": "error", id: "tabula-error" });
  readonly choices = h("div", { class: "tb-choices", "data-testid": "choices", role: "group" });
  private readonly controls = h("div", { class: "tb-controls", "data-testid": "controls" });
  private readonly list = h("div", { class: "tb-move-list", "data-testid": "move-list" });
  private view: View | null = null;
  private index: ClickIndex | null = null;
  private selected: string[] = [];
  private piece: string | null = null;
  private pieceMoves = new Map<string, readonly Json[]>();
  private shown = PAGE;
  /** A command is on its way, or was accepted and its update has not arrived yet. */
  private waitingFor: number | null = null;
  private resignStep: "closed" | "open" = "closed";
  private resignationValues: readonly string[] = [];

  constructor(
    private readonly drawing: Drawing,
    private readonly api: ViewApi,
    private readonly labels: Labels,
    private readonly lang: Lang,
    private readonly redraw: () => void,
    private readonly reportError: (code: string, message: string) => void,
  ) {
    this.element = h(
      "section",
      { class: "tb-play", "aria-labelledby": "tabula-play-title", "data-testid": "play" },
      h("h2", { id: "tabula-play-title", class: "tb-heading" }, labels.yourMoves),
      this.controls,
      this.alert,
      this.list,
    );
    this.choices.setAttribute("aria-label", labels.choose);
  }

  setResignationValues(values: readonly string[]): void {
    this.resignationValues = values;
    this.render();
  }

  /** A new view of the match (a new version, or the same one again). */
  update(view: View): void {
    const changed = this.view?.version !== view.version;
    this.view = view;
    if (changed) {
      this.index = new ClickIndex(this.mayAct() ? view.legalMoves : [], this.drawing, view.state);
      this.selected = [];
      this.piece = null;
      this.pieceMoves.clear();
      this.shown = PAGE;
      if (this.waitingFor !== null && view.version >= this.waitingFor) this.waitingFor = null;
      this.resignStep = "closed";
    }
    this.render();
  }

  private mayAct(): boolean {
    const v = this.view;
    return v !== null && v.seat !== null && v.status !== "FINISHED" && v.toAct.includes(v.seat);
  }

  private busy(): boolean {
    return this.waitingFor !== null;
  }

  private narrowed(): Narrowed {
    return this.index?.narrow(this.selected) ?? { candidates: [], complete: [], selectable: [] };
  }

  /** What the board marks: the next keys and the clicks so far. */
  boardMarks(): { selectable: readonly string[]; selected: readonly string[] } {
    if (!this.mayAct() || this.busy()) return { selectable: [], selected: [] };
    return { selectable: this.narrowed().selectable, selected: this.selected };
  }

  /** A click on a `data-key` of the board. */
  click(key: string): void {
    if (!this.mayAct() || this.busy()) return;
    const { selectable } = this.narrowed();
    if (this.selected.includes(key) && !selectable.includes(key)) {
      // Clicking a selected element again takes the clicks back to before it.
      this.selected = this.selected.slice(0, this.selected.indexOf(key));
    } else if (selectable.includes(key)) {
      this.selected = [...this.selected, key];
    } else return;
    this.piece = null;
    this.shown = PAGE;
    const after = this.narrowed();
    if (after.complete.length === 1 && after.selectable.length === 0) {
      void this.submit(after.complete[0]!);
      return;
    }
    this.redraw();
    this.render();
  }

  clear(): void {
    this.selected = [];
    this.piece = null;
    this.shown = PAGE;
    this.redraw();
    this.render();
  }

  private async command(run: () => Promise<View>): Promise<void> {
    const view = this.view;
    if (!view || this.busy()) return;
    this.waitingFor = view.version + 1;
    this.alert.textContent = "";
    this.render();
    try {
      const after = await run();
      // Accepted: the live feed brings the new version; until then the old moves stay disabled.
      if (this.view && this.view.version >= after.version) this.waitingFor = null;
      else this.waitingFor = after.version;
    } catch (error) {
      this.waitingFor = null;
      const e = error instanceof ApiError ? error : new ApiError("ERROR", String(error));
      this.alert.textContent = `${e.message} (${e.code})`;
      this.reportError(e.code, e.message);
      this.selected = [];
      this.redraw();
    }
    this.render();
  }

  submit(move: Json): Promise<void> {
    const version = this.view!.version;
    return this.command(() => this.api.move(move, version));
  }

  private async choosePiece(piece: string | null): Promise<void> {
    this.piece = piece;
    this.shown = PAGE;
    if (piece !== null && !this.pieceMoves.has(piece)) {
      const version = this.view?.version;
      try {
        const reply = await this.api.movesOf(piece);
        if (reply.version !== version) return;
        this.pieceMoves.set(piece, reply.legalMoves);
      } catch (error) {
        // Without the server's filter, the whole list still works.
        this.piece = null;
        if (error instanceof ApiError) this.alert.textContent = `${error.message} (${error.code})`;
      }
    }
    this.render();
  }

  /** The moves the text list offers now. */
  private listed(): readonly Json[] {
    const { candidates } = this.narrowed();
    if (this.selected.length > 0) return candidates;
    if (this.piece !== null) {
      const ofPiece = this.pieceMoves.get(this.piece);
      if (ofPiece) return candidates.filter((m) => ofPiece.some((p) => same(p, m)));
    }
    return candidates;
  }

  render(): void {
    const view = this.view;
    const l = this.labels;
    const focused = document.activeElement instanceof HTMLElement && this.element.contains(document.activeElement) ? document.activeElement.dataset.ref : undefined;
    const controls: HTMLElement[] = [];
    if (!view) return;
    const busy = this.busy();
    const mine = this.mayAct();
    const playing = view.status !== "FINISHED";
    if (mine && view.phase === "roll") controls.push(button(l.roll, () => void this.command(() => this.api.roll()), { "data-testid": "roll", "data-ref": "roll", disabled: busy, class: "tb-primary" }));
    if (this.selected.length > 0 || this.piece !== null) controls.push(button(l.clear, () => this.clear(), { "data-testid": "clear", "data-ref": "clear" }));
    if (view.offer && playing) {
      const offer = view.offer;
      if (offer.seat === view.seat) controls.push(h("p", { class: "tb-offer", "data-testid": "offer" }, l.youOffered));
      else {
        const what = offer.kind === "draw" ? l.drawOffered : `${l.resignationOffered}${offer.value ? `: ${offer.value}` : ""}`;
        controls.push(
          h(
            "div",
            { class: "tb-offer", "data-testid": "offer", role: "group", "aria-label": what },
            h("p", {}, what),
            button(l.accept, () => void this.command(() => this.api.answer(offer.kind, true)), { "data-testid": "offer-accept", "data-ref": "accept", disabled: busy }),
            button(l.decline, () => void this.command(() => this.api.answer(offer.kind, false)), { "data-testid": "offer-decline", "data-ref": "decline", disabled: busy }),
          ),
        );
      }
    }
    if (playing && view.seat !== null) {
      if (view.drawAllowed && !view.offer && view.status === "ACTIVE")
        controls.push(button(l.offerDraw, () => void this.command(() => this.api.offerDraw()), { "data-testid": "offer-draw", "data-ref": "offer-draw", disabled: busy }));
      controls.push(...this.resignControls(busy));
    }
    fill(this.controls, ...controls);
    this.renderList(view, mine, busy);
    this.renderChoices(mine, busy);
    // Spectators have nothing to do here, nor has anyone once the match is over.
    this.element.hidden = view.seat === null || view.status === "FINISHED";
    if (focused) {
      const again = this.element.querySelector<HTMLElement>(`[data-ref="${CSS.escape(focused)}"]`) ?? this.list.querySelector<HTMLElement>("button") ?? this.controls.querySelector<HTMLElement>("button");
      again?.focus();
    }
  }

  private resignControls(busy: boolean): HTMLElement[] {
    const l = this.labels;
    if (this.resignStep === "closed")
      return [
        button(
          l.resign,
          () => {
            this.resignStep = "open";
            this.render();
            this.element.querySelector<HTMLElement>('[data-ref="resign-confirm"], [data-ref^="resign-value"]')?.focus();
          },
          { "data-testid": "resign", "data-ref": "resign", disabled: busy },
        ),
      ];
    const options = [
      ...this.resignationValues.map((value) =>
        button(`${l.resignValue}: ${value}`, () => void this.command(() => this.api.resign(value)), { "data-testid": `resign-${value}`, "data-ref": `resign-value-${value}`, disabled: busy }),
      ),
      button(this.resignationValues.length > 0 ? l.resignMatch : l.confirmResign, () => void this.command(() => this.api.resign(null)), {
        "data-testid": "resign-confirm",
        "data-ref": "resign-confirm",
        disabled: busy,
        class: "tb-danger",
      }),
      button(
        l.cancel,
        () => {
          this.resignStep = "closed";
          this.render();
        },
        { "data-testid": "resign-cancel", "data-ref": "resign-cancel" },
      ),
    ];
    return [h("div", { class: "tb-resign", role: "group", "aria-label": l.resign }, ...options)];
  }

  private renderList(view: View, mine: boolean, busy: boolean): void {
    const l = this.labels;
    if (!mine) {
      fill(this.list, view.seat !== null && view.status !== "FINISHED" ? h("p", { class: "tb-muted" }, l.waiting) : null);
      return;
    }
    const moves = this.listed();
    const parts: HTMLElement[] = [];
    // Many moves and pieces to sort them by: first the pieces, then one piece's moves.
    if (this.selected.length === 0 && view.movablePieces.length > 0 && moves.length > PAGE) {
      const pieces = h(
        "div",
        { class: "tb-pieces", role: "group", "aria-label": l.pieces, "data-testid": "pieces" },
        ...view.movablePieces.map((piece) =>
          button(`${l.piece} ${piece}`, () => void this.choosePiece(piece), { "data-piece": piece, "data-ref": `piece-${piece}`, "aria-pressed": String(this.piece === piece) }),
        ),
      );
      parts.push(pieces);
    }
    if (moves.length === 0 && view.phase !== "roll") parts.push(h("p", { class: "tb-muted" }, l.noMoves));
    const shown = moves.slice(0, this.shown);
    if (shown.length > 0)
      parts.push(
        h(
          "ul",
          { class: "tb-moves", "aria-label": l.yourMoves, "data-testid": "moves" },
          ...shown.map((move, i) => {
            const label = this.drawing.notation(move, this.lang);
            return h("li", {}, button(label, () => void this.submit(move), { "data-move": i, "data-ref": `move-${label}`, disabled: busy, class: "tb-move" }));
          }),
        ),
      );
    if (moves.length > shown.length)
      parts.push(
        button(
          `${l.showMore} (${moves.length - shown.length})`,
          () => {
            this.shown += PAGE;
            this.render();
          },
          { "data-testid": "show-more", "data-ref": "show-more" },
        ),
      );
    fill(this.list, ...parts);
  }

  private renderChoices(mine: boolean, busy: boolean): void {
    const { complete, selectable } = this.narrowed();
    const show = mine && this.selected.length > 0 && (complete.length > 1 || (complete.length === 1 && selectable.length > 0));
    fill(
      this.choices,
      ...(show
        ? [h("p", {}, this.labels.choose), ...complete.map((move) => button(this.drawing.notation(move, this.lang), () => void this.submit(move), { class: "tb-move", disabled: busy }))]
        : []),
    );
    this.choices.hidden = !show;
  }
}
