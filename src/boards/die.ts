import { el } from "./svg.js";

/** Where a face's pips sit, in thirds of the face from its centre. */
const PIPS: Readonly<Record<number, readonly (readonly [number, number])[]>> = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

export interface DieLook {
  readonly face: string;
  readonly pip: string;
  readonly line: string;
  /** A die already played (or a tied opening roll): drawn faded. */
  readonly faded?: boolean;
}

/** A die face of `size` centred on (x, y), as every board with dice draws it. */
export function die(x: number, y: number, value: number, size: number, look: DieLook): string {
  const h = size / 2;
  const dots = (PIPS[value] ?? []).map(([dx, dy]) => el("circle", { cx: x + dx * size * 0.27, cy: y + dy * size * 0.27, r: size * 0.09, fill: look.pip })).join("");
  return el("g", { opacity: look.faded ? 0.4 : null }, el("rect", { x: x - h, y: y - h, width: size, height: size, rx: size * 0.18, fill: look.face, stroke: look.line, "stroke-width": 1.5 }) + dots);
}
