/**
 * The one way the page makes elements: attributes and text set through the DOM, never through
 * markup strings (only the drawings' SVG, escaped by src/boards, is inserted as markup), and never
 * a `style` attribute, which the page's Content-Security-Policy refuses.
 */
export type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Readonly<Record<string, string | number | boolean | null | undefined>> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "style") throw new Error("no style attributes under the page's CSP");
    element.setAttribute(name, value === true ? "" : String(value));
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) if (child !== null && child !== undefined && child !== false) parent.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
}

/** Replaces an element's children. */
export function fill(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

export function button(label: string, onClick: () => void, attrs: Readonly<Record<string, string | number | boolean | null | undefined>> = {}): HTMLButtonElement {
  const b = h("button", { type: "button", ...attrs }, label);
  b.addEventListener("click", onClick);
  return b;
}
