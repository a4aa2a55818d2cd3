import { describe, expect, it } from "vitest";
import type { Drawing, Json } from "../../src/boards/drawing.js";
import { ClickIndex } from "../../src/embed/selection.js";

/** A drawing whose moves say their own clicks: `{clicks: [[...], ...]}`. */
const drawing = { clicks: (move: Json) => (move as { clicks: string[][] }).clicks } as unknown as Drawing;
const move = (name: string, ...clicks: string[][]) => ({ name, clicks }) as unknown as Json;

describe("ClickIndex: narrowing legal moves by the clicks so far", () => {
  const a = move("a", ["p1", "c1"]);
  const b = move("b", ["p1", "c2"], ["p1", "c3"]);
  const c = move("c", ["p1", "c2"]);
  const d = move("d", ["p2", "c1", "c4"]);
  const e = move("e", ["p2", "c1"]);
  const none = move("pass");
  const index = new ClickIndex([a, b, c, d, e, none], drawing, null);

  it("with nothing clicked: every move is a candidate, the first clicks are selectable, none is complete", () => {
    expect(index.narrow([])).toEqual({ candidates: [a, b, c, d, e, none], complete: [], selectable: ["p1", "p2"] });
  });
  it("a first click keeps the moves that start with it (a move without clicks drops out)", () => {
    expect(index.narrow(["p1"])).toEqual({ candidates: [a, b, c], complete: [], selectable: ["c1", "c2", "c3"] });
  });
  it("a whole sequence of one move completes it alone", () => {
    expect(index.narrow(["p1", "c1"])).toEqual({ candidates: [a], complete: [a], selectable: [] });
    expect(index.narrow(["p1", "c3"]).complete).toEqual([b]);
  });
  it("two moves sharing a sequence are both complete: the page asks which", () => {
    expect(index.narrow(["p1", "c2"]).complete).toEqual([b, c]);
  });
  it("a sequence that is a prefix of another move's completes one and still offers the next click", () => {
    expect(index.narrow(["p2", "c1"])).toEqual({ candidates: [d, e], complete: [e], selectable: ["c4"] });
  });
  it("clicks no move starts with leave nothing", () => {
    expect(index.narrow(["c9"])).toEqual({ candidates: [], complete: [], selectable: [] });
  });
});
