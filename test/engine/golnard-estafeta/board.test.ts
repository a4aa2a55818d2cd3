import { describe, expect, it } from "vitest";
import { cellOf, FACES, gateOf, LANES, pointOf, startCells, zoneOf, type FaceIndex } from "../../../src/engine/golnard-estafeta/board.js";
import { isZoneStep, NEIGHBOURS, LOCAL } from "../../../src/engine/golnard-estafeta/zones.js";

/** The lane table of the rules reference, as printed there (x,y). */
const RULES_TABLE = `
| 1 | 5,2 4,2 3,2 2,2 -> 6,2 | 7,5 7,4 7,3 7,2 -> 7,6 | 6,11 7,11 8,11 9,11 -> 5,11 | 4,6 4,7 4,8 4,9 -> 4,5 |
| 2 | 5,1 4,1 3,1 2,1 -> 6,1 | 10,5 10,4 10,3 10,2 -> 10,6 | 6,10 7,10 8,10 9,10 -> 5,10 | 3,6 3,7 3,8 3,9 -> 3,5 |
| 3 | 5,4 4,4 3,4 2,4 -> 6,4 | 11,5 11,4 11,3 11,2 -> 11,6 | 6,9 7,9 8,9 9,9 -> 5,9 | 2,6 2,7 2,8 2,9 -> 2,5 |
| 4 | 5,0 4,0 3,0 2,0 -> 6,0 | 8,5 8,4 8,3 8,2 -> 8,6 | 6,8 7,8 8,8 9,8 -> 5,8 | 1,6 1,7 1,8 1,9 -> 1,5 |
| 5 | 5,3 4,3 3,3 2,3 -> 6,3 | 9,5 9,4 9,3 9,2 -> 9,6 | 6,7 7,7 8,7 9,7 -> 5,7 | 0,6 0,7 0,8 0,9 -> 0,5 |
`;

const parsed = RULES_TABLE.trim()
  .split("\n")
  .map((line) => {
    const [lane, ...faces] = line.split("|").map((s) => s.trim()).filter(Boolean);
    return {
      lane: Number(lane),
      faces: faces.map((f) => f.replace("->", " ").split(/\s+/).map((xy) => xy.split(",").map(Number) as [number, number])),
    };
  });

describe("the board (the rules reference: Board)", () => {
  it("has the lane table of the rules reference cell for cell: g0 g1 g2 g3 -> h0 for every lane and face", () => {
    expect(parsed).toHaveLength(5);
    for (const { lane, faces } of parsed) {
      faces.forEach((cells, f) => {
        const gate = gateOf(lane as 1, f as FaceIndex);
        expect([...gate.g, gate.h0].map(pointOf), `lane ${lane} ${FACES[f]}`).toEqual(cells.map(([x, y]) => ({ x, y })));
      });
    }
  });

  it("splits 12 x 12 cells into four 6 x 6 zones numbered clockwise from the top left", () => {
    const counts = [0, 0, 0, 0];
    for (let c = 0; c < 144; c++) counts[zoneOf(c)]!++;
    expect(counts).toEqual([36, 36, 36, 36]);
    expect([zoneOf(cellOf(0, 0)), zoneOf(cellOf(11, 0)), zoneOf(cellOf(11, 11)), zoneOf(cellOf(0, 11))]).toEqual([0, 1, 2, 3]);
    expect([zoneOf(cellOf(5, 5)), zoneOf(cellOf(6, 5)), zoneOf(cellOf(6, 6)), zoneOf(cellOf(5, 6))]).toEqual([0, 1, 2, 3]);
  });

  it("puts every gate across its face: g0 in the zone the face leads out of, h0 in the next zone, touching", () => {
    for (const lane of LANES) {
      for (let f = 0; f < 4; f++) {
        const gate = gateOf(lane, f as FaceIndex);
        expect(gate.g.every((c) => zoneOf(c) === f)).toBe(true);
        expect(zoneOf(gate.h0)).toBe((f + 1) % 4);
        const [g0, h0] = [pointOf(gate.g[0]), pointOf(gate.h0)];
        // h0 is the straight neighbour of g0 across the wall; g1..g3 continue the line away from it.
        expect(Math.abs(g0.x - h0.x) + Math.abs(g0.y - h0.y)).toBe(1);
        const dir = { x: g0.x - h0.x, y: g0.y - h0.y };
        gate.g.forEach((c, i) => expect(pointOf(c)).toEqual({ x: g0.x + i * dir.x, y: g0.y + i * dir.y }));
      }
    }
  });

  it("gives the cells at the centre corner no gate, and every lane its own cells on every face", () => {
    const used = new Set<number>();
    for (const lane of LANES) {
      for (let f = 0; f < 4; f++) {
        const gate = gateOf(lane, f as FaceIndex);
        for (const c of [...gate.g, gate.h0]) {
          expect(used.has(c)).toBe(false);
          used.add(c);
          const { x, y } = pointOf(c);
          expect(x === 5 && y === 5).toBe(false);
          expect(x === 6 && y === 5 && f === 1).toBe(false);
        }
      }
    }
    for (const c of [cellOf(5, 5), cellOf(6, 5), cellOf(6, 6), cellOf(5, 6)]) {
      // a centre-corner cell is never g0 nor h0 of any lane
      for (const lane of LANES) for (let f = 0; f < 4; f++) expect([gateOf(lane, f as FaceIndex).g[0], gateOf(lane, f as FaceIndex).h0]).not.toContain(c);
    }
  });

  it("starts runner A on h0 of F41 (in Z1) and posts B, C, D on g0 of F23, F34, F41", () => {
    expect(startCells(1).map(pointOf)).toEqual([{ x: 4, y: 5 }, { x: 7, y: 5 }, { x: 6, y: 11 }, { x: 4, y: 6 }]);
    for (const lane of LANES) expect(startCells(lane).map(zoneOf)).toEqual([0, 1, 2, 3]);
  });

  it("lets king steps move to the 8 neighbours but never across the wall", () => {
    expect(isZoneStep(cellOf(2, 2), cellOf(3, 3))).toBe(true);
    expect(isZoneStep(cellOf(2, 2), cellOf(2, 4))).toBe(false);
    expect(isZoneStep(cellOf(5, 2), cellOf(6, 2))).toBe(false);
    expect(isZoneStep(cellOf(5, 5), cellOf(6, 6))).toBe(false);
    expect(isZoneStep(cellOf(4, 5), cellOf(4, 6))).toBe(false);
    expect(NEIGHBOURS[LOCAL[cellOf(5, 5)]!]).toHaveLength(3);
    expect(NEIGHBOURS[LOCAL[cellOf(3, 3)]!]).toHaveLength(8);
  });
});
