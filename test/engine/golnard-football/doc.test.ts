import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { REASONS } from "../../../src/engine/golnard-football/errors.js";
import { rules } from "./fixtures.js";

const doc = await readFile(new URL("../../../docs/rules/golnard-football.md", import.meta.url), "utf8");
const section = (title: string): string => doc.split(`\n## ${title}\n`)[1]!.split("\n## ")[0]!;
const jsonLines = (text: string): unknown[] =>
  [...text.matchAll(/```json\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.trim().split("\n").map((line) => JSON.parse(line)));

describe("the rules reference", () => {
  it("every JSON action example is accepted by moveSchema, and every action type has one", () => {
    const examples = jsonLines(section("Actions"));
    expect(examples.length).toBeGreaterThanOrEqual(14);
    for (const e of examples) expect(rules.moveSchema.safeParse(e).success, JSON.stringify(e)).toBe(true);
    const types = new Set(examples.map((e) => (e as { type: string }).type));
    expect([...types].sort()).toEqual(["ball", "goalKick", "kick", "penaltyBall", "penaltyKeeper", "penaltyKicker", "penaltyRun", "penaltyShot", "walk", "walkKick"]);
  });

  it("every options example is accepted by the schema and by setup", () => {
    const examples = jsonLines(section("Options"));
    expect(examples.length).toBeGreaterThan(0);
    for (const e of examples) {
      const parsed = rules.optionsSchema.safeParse(e);
      expect(parsed.success, JSON.stringify(e)).toBe(true);
      expect(parsed.success && rules.setup({ options: parsed.data, seats: 4 }).ok).toBe(true);
    }
  });

  it("names every awaiting value, note and refusal reason", () => {
    for (const a of rules.awaiting) expect(doc, a).toContain(`\`${a}\``);
    for (const n of rules.notes) expect(doc, n).toContain(`\`${n}\``);
    for (const r of REASONS) expect(doc, r).toContain(`\`${r}\``);
  });
});
