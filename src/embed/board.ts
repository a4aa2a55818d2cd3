import type { DrawOptions, Drawing, Json, Motion } from "../boards/drawing.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const SLIDE_MS = 450;

const reducedMotion = (): boolean => typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * The board: the drawing's SVG in its container, clicks on `data-key` elements handed on, and the
 * last move slid into place. The drawing's markup is inserted as is: src/boards escapes all its
 * text and writes no style attribute, so the page's CSP lets it in.
 */
export class Board {
  private onKey: ((key: string) => void) | null = null;

  constructor(
    readonly element: HTMLElement,
    private readonly drawing: Drawing,
    private readonly size: number | null,
  ) {
    element.addEventListener("click", (event) => {
      if (!this.onKey) return;
      const key = this.keyAt(event);
      if (key !== null) this.onKey(key);
    });
  }

  /**
   * The key clicked: the clicked element's own (or its group's), else that of the first keyed
   * element under the pointer, as a label, a mark or a highlight drawn over a cell must not
   * swallow the click meant for the cell.
   */
  private keyAt(event: MouseEvent): string | null {
    const direct = (event.target as Element | null)?.closest?.("[data-key]");
    if (direct && this.element.contains(direct)) return direct.getAttribute("data-key");
    for (const under of document.elementsFromPoint(event.clientX, event.clientY)) {
      if (!this.element.contains(under)) continue;
      const keyed = under.closest("[data-key]");
      if (keyed && this.element.contains(keyed)) return keyed.getAttribute("data-key");
    }
    return null;
  }

  /** Where board clicks go (null: the board is only looked at). */
  listen(onKey: ((key: string) => void) | null): void {
    this.onKey = onKey;
    this.element.classList.toggle("tb-playable", onKey !== null);
  }

  draw(state: Json, options: DrawOptions, motions: readonly Motion[] = []): void {
    this.element.innerHTML = this.drawing.draw(state, options);
    const svg = this.element.querySelector("svg");
    // The size option caps the board's width; CSS lets it shrink below that on narrow screens.
    if (svg && this.size !== null) svg.setAttribute("width", String(this.size));
    if (svg && motions.length > 0 && !reducedMotion()) this.animate(svg, motions);
  }

  /**
   * Slides each moved element along its path. The element is wrapped in a group that is animated,
   * so a `transform` attribute the drawing put on the element itself is kept. Translations are in
   * the SVG's user units, relative to where the element is drawn now (the path's last point).
   */
  private animate(svg: SVGSVGElement, motions: readonly Motion[]): void {
    for (const motion of motions) {
      const end = motion.path[motion.path.length - 1];
      if (!end || motion.path.length < 2) continue;
      const target = svg.querySelector(`[data-id="${CSS.escape(motion.id)}"]`);
      if (!target || !target.parentNode || typeof (target as Element).animate !== "function") continue;
      const wrapper = document.createElementNS(SVG_NS, "g");
      wrapper.setAttribute("class", "tb-moving");
      target.parentNode.insertBefore(wrapper, target);
      wrapper.appendChild(target);
      const frames = motion.path.map((p) => ({ transform: `translate(${p.x - end.x}px, ${p.y - end.y}px)` }));
      wrapper.animate(frames, { duration: SLIDE_MS * Math.max(1, Math.min(3, (motion.path.length - 1) / 2)), easing: "ease-in-out" });
    }
  }
}
