import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import pixelmatch from "pixelmatch";
import type { Browser } from "playwright-core";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RULESETS, type RulesetId } from "../../src/engine/registry.js";
import { fixedRandomBytes } from "../helpers/fixed-random.js";
import { createViaRest } from "../helpers/matches.js";
import { playCommands } from "../helpers/play-api.js";
import { startTestServer } from "../helpers/server.js";
import { launchChromium } from "./chromium.js";
import { waitForVersion } from "./embed-helpers.js";

/**
 * The pictures of docs/embed.md and the README, taken from the real page: each ruleset's match
 * after the same commands, on a server whose randomness is a fixed sequence (the same ids, tokens
 * and dice every run). A later run must look the same within a tolerance (fonts anti-alias a
 * little differently from machine to machine); `TABULA_UPDATE_SCREENSHOTS=1` takes them anew,
 * as does a run that finds none.
 */
const DIR = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));
const UPDATE = process.env.TABULA_UPDATE_SCREENSHOTS === "1";
/** Pixels that may differ (as pixelmatch counts them, at its threshold), as a share of all. */
const TOLERANCE = 0.01;

const SCENES: Readonly<Record<RulesetId, { readonly body: Record<string, unknown>; readonly commands: number }>> = {
  backgammon: { body: { ruleset: "backgammon", options: { matchLength: 3, cube: true } }, commands: 9 },
  "golnard-estafeta": { body: { ruleset: "golnard-estafeta", seats: 3 }, commands: 14 },
  "golnard-football": { body: { ruleset: "golnard-football" }, commands: 12 },
  gol: { body: { ruleset: "gol" }, commands: 16 },
};

let browser: Browser;
beforeAll(async () => void (browser = await launchChromium()));
afterAll(() => browser?.close());

describe("screenshots of the embed page", () => {
  it.each(RULESETS)("%s looks as its stored picture does", async (ruleset) => {
    const scene = SCENES[ruleset];
    const t = await startTestServer({ randomBytes: fixedRandomBytes(ruleset), now: () => new Date("2026-06-01T12:00:00Z") });
    try {
      const created = await createViaRest(t, scene.body);
      const view = await playCommands(t, created, scene.commands);
      const page = await browser.newPage({ viewport: { width: 820, height: 720 }, deviceScaleFactor: 1 });
      await page.emulateMedia({ reducedMotion: "reduce", colorScheme: "light" });
      await page.goto(`${t.url}/embed/${created.match.id}`);
      await waitForVersion(page, view.version);
      await page.locator('[data-testid="connection"]', { hasText: "Live" }).waitFor();
      await page.evaluate("document.fonts.ready");
      const shot = await page.locator("#tabula-embed").screenshot();
      await page.close();
      const file = `${DIR}${ruleset}.png`;
      if (UPDATE || !existsSync(file)) {
        mkdirSync(DIR, { recursive: true });
        writeFileSync(file, shot);
        return;
      }
      const [stored, taken] = [PNG.sync.read(readFileSync(file)), PNG.sync.read(shot)];
      expect([taken.width, taken.height], "the page's size changed: look at it, and take the pictures anew if it is right").toEqual([stored.width, stored.height]);
      const differing = pixelmatch(stored.data, taken.data, null, stored.width, stored.height, { threshold: 0.1 });
      expect(differing / (stored.width * stored.height), `${differing} pixels differ from ${file}`).toBeLessThanOrEqual(TOLERANCE);
    } finally {
      await t.close();
    }
  });
});
