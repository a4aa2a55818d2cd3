import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "./chromium.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { createViaRest, events, finishedMatch } from "../helpers/matches.js";
import { actViaApi, embedUrl } from "./embed-helpers.js";

let browser: Browser;
let t: TestServer;
/** Whether the server answers `GET /api/matches/{id}?version=N` with the view at N (main adds it). */
let versionedViews = false;
beforeAll(async () => {
  [browser, t] = await Promise.all([launchChromium(), startTestServer()]);
  const probe = await createViaRest(t, { ruleset: "backgammon" });
  await actViaApi(t, probe);
  versionedViews = (await t.rest("GET", `/api/matches/${probe.match.id}?version=1`)).body.version === 1;
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const position = (page: Page) => page.locator('[data-testid="replay-position"]').getAttribute("data-version");
/** The version of the view on the board (the position's own, once the server serves past views). */
const boardVersion = (page: Page) => page.locator('[data-testid="version"]').getAttribute("data-version");

it("a finished match opens as a replay on its last version and steps with the arrow keys, Home and End", async () => {
  const { created, final } = await finishedMatch(t);
  const log = await events(t, created.match.id);
  expect(log.length).toBe(final.version);
  const page = await browser.newPage();
  await page.goto(embedUrl(t, created.match.id));
  await expect.poll(() => position(page)).toBe(String(final.version));
  expect(await page.locator('[data-testid="connection"]').getAttribute("data-state")).toBe("replay");
  // The log beside the board: one entry per version, the moves in the drawing's notation.
  expect(await page.locator('[data-testid="history"] li').count()).toBe(final.version);
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => position(page)).toBe(String(final.version - 1));
  if (versionedViews) expect(await boardVersion(page)).toBe(String(final.version - 1));
  await page.keyboard.press("Home");
  await expect.poll(() => position(page)).toBe("1");
  if (versionedViews) expect(await boardVersion(page)).toBe("1");
  expect(await page.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => position(page)).toBe("2");
  await page.getByRole("button", { name: "Next" }).click();
  await expect.poll(() => position(page)).toBe("3");
  await page.keyboard.press("End");
  await expect.poll(() => position(page)).toBe(String(final.version));
  expect(await boardVersion(page)).toBe(String(final.version));
  expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
  // An entry of the log jumps to its version.
  await page.locator('[data-testid="history"] button[data-version="2"]').click();
  await expect.poll(() => position(page)).toBe("2");
  expect(await page.locator('[data-testid="history"] button[aria-current="step"]').getAttribute("data-version")).toBe("2");
  await page.close();
});

it("?version=N opens the match at version N", async () => {
  const created = await createViaRest(t, { ruleset: "golnard-estafeta" });
  for (let i = 0; i < 4; i++) await actViaApi(t, created);
  const page = await browser.newPage();
  await page.goto(embedUrl(t, created.match.id, "?version=3"));
  await expect.poll(() => position(page)).toBe("3");
  if (versionedViews) expect(await boardVersion(page)).toBe("3");
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => position(page)).toBe("4");
  await page.close();
});
