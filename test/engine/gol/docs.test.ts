import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { REASONS } from "../../../src/engine/gol/errors.js";
import { moveSchema } from "../../../src/engine/gol/moves.js";
import { NOTES } from "../../../src/engine/gol/notes.js";
import { optionsSchema } from "../../../src/engine/gol/options.js";
import { AWAITING } from "../../../src/engine/gol/ruleset.js";
import { legal, scene, seat } from "./fixtures.js";
import { play } from "../../../src/engine/gol/actions.js";

const doc = await readFile(new URL("../../../docs/rules/gol.md", import.meta.url), "utf8");
const blocks = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

describe("the rules reference (docs/rules/gol.md)", () => {
  it("every action JSON example is accepted by moveSchema, every options example by optionsSchema", () => {
    const actions = blocks.filter((b) => "type" in b);
    const options = blocks.filter((b) => !("type" in b));
    expect(actions.map((a) => a.type).sort()).toEqual(["endTurn", "kick", "kick", "move", "push", "trip"]);
    for (const a of actions) expect(moveSchema.safeParse(a).success, JSON.stringify(a)).toBe(true);
    expect(options.length).toBeGreaterThanOrEqual(2);
    for (const o of options) expect(optionsSchema.safeParse(o).success, JSON.stringify(o)).toBe(true);
  });

  it("the action examples are played as written where they are legal, and recorded unchanged", () => {
    const s = scene({ home: { 7: [5, 9], 11: [12, 9], 6: [7, 9], 9: [20, 10] }, away: { 8: [8, 9] }, ball: [13, 9] });
    const kickoff = blocks.find((b) => b.type === "kick" && typeof b.to === "object")!;
    const played = play(s, seat(s), kickoff as never);
    expect(played.ok && played.value.move).toEqual(kickoff);
    expect(legal(s)).toContainEqual(blocks.find((b) => b.type === "move"));
    expect(legal(s)).toContainEqual(blocks.find((b) => b.type === "push"));
    expect(legal(s)).toContainEqual(blocks.find((b) => b.type === "trip"));
  });

  it("lists every refusal reason, every awaiting value and every note", () => {
    for (const reason of REASONS) expect(doc, reason).toContain(`\`${reason}\``);
    for (const value of AWAITING) expect(doc, value).toContain(`| \`${value}\` |`);
    for (const note of NOTES) expect(doc, note).toContain(`| \`${note}\` |`);
  });

  it("draws the field with both halves and the default formations", () => {
    const rows = doc.split("\n").filter((l) => /^y: +\d+ /.test(l));
    expect(rows).toHaveLength(19);
    expect(rows[9]).toContain(" 1  .  .  .  .  .  .  7  .  . 11  o | + 11' .  .  7' ");
  });
});
