/** Reading a drawing back in tests: its text, and where a piece is drawn. */

const unescape = (s: string): string => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");

/** The content of every `<text>` element. */
export const textsIn = (svg: string): string[] => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => unescape(m[1]!));

/** The centre of the first shape (circle, or rect) drawn inside the element with `data-id` = `id`. */
export function drawnAt(svg: string, id: string): { x: number; y: number } | null {
  const start = svg.indexOf(`data-id="${id}"`);
  if (start < 0) return null;
  const shape = /<(circle|rect)\s([^>]*)\/>/g;
  shape.lastIndex = start;
  const m = shape.exec(svg);
  if (!m) return null;
  const num = (name: string) => Number(new RegExp(`\\s${name}="([-\\d.]+)"`).exec(` ${m[2]}`)?.[1]);
  return m[1] === "circle" ? { x: num("cx"), y: num("cy") } : { x: num("x") + num("width") / 2, y: num("y") + num("height") / 2 };
}
