/** The few pieces of SVG markup every drawing writes, and the one escaping of text and attributes. */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text and attribute values alike: nothing a view or a query string holds is written raw. */
export const esc = (value: string | number): string => String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export type Attrs = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** Attributes, escaped; null, undefined and false leave an attribute out. */
export const attrs = (a: Attrs): string =>
  Object.entries(a)
    .filter(([, v]) => v !== null && v !== undefined && v !== false)
    .map(([k, v]) => ` ${k}="${v === true ? k : esc(v as string | number)}"`)
    .join("");

/** One element; `children` is markup already built (escape text with esc). */
export const el = (tag: string, a: Attrs, children = ""): string => `<${tag}${attrs(a)}${children === "" ? "/>" : `>${children}</${tag}>`}`;

export const text = (x: number, y: number, content: string | number, a: Attrs = {}): string => el("text", { x, y, ...a }, esc(content));

/** The outer element of a board drawing. */
export const svgRoot = (width: number, height: number, title: string, children: string, a: Attrs = {}): string =>
  el("svg", { xmlns: "http://www.w3.org/2000/svg", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": title, class: "tabula-board", ...a }, el("title", {}, esc(title)) + children);
