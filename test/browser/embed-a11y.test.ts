import { createRequire } from "node:module";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium } from "./chromium.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { createViaRest, finishedMatch, rollUntilMovable } from "../helpers/matches.js";
import { embedUrl } from "./embed-helpers.js";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

let browser: Browser;
let t: TestServer;
beforeAll(async () => {
  [browser, t] = await Promise.all([launchChromium(), startTestServer()]);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical findings on a page (injected past the page's CSP, for this test only). */
async function seriousViolations(url: string, width: number, theme: string): Promise<Violation[]> {
  const context = await browser.newContext({ bypassCSP: true, viewport: { width, height: 700 } });
  const page = await context.newPage();
  await page.goto(url);
  expect(await page.locator("html").getAttribute("data-theme")).toBe(theme);
  await page.locator("#tabula-board svg").waitFor();
  await page.locator('[data-testid="connection"]:not([data-state="connecting"])').waitFor();
  await page.addScriptTag({ path: AXE });
  const result = (await page.evaluate("axe.run(document, { resultTypes: ['violations'] })")) as { violations: Violation[] };
  await context.close();
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

for (const width of [320, 800])
  for (const theme of ["light", "dark"])
    it(`axe finds no serious or critical violation at ${width} px (${theme}): a seat's page with its moves, and a replay`, async () => {
      const created = await createViaRest(t, { ruleset: "backgammon" });
      const view = await rollUntilMovable(t, created);
      const seat = await seriousViolations(embedUrl(t, created.match.id, `?theme=${theme}`, created.tokens[view.seat as number]), width, theme);
      const { created: done } = await finishedMatch(t);
      const replay = await seriousViolations(embedUrl(t, done.match.id, `?theme=${theme}`), width, theme);
      expect([...seat, ...replay].map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
    });
