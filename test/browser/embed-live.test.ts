import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { drawingOf } from "../../src/boards/index.js";
import type { Json } from "../../src/boards/drawing.js";
import { launchChromium } from "./chromium.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { createViaRest, getMatch } from "../helpers/matches.js";
import { actViaApi, embedUrl, type Host, startHost } from "./embed-helpers.js";

let browser: Browser;
let t: TestServer;
let host: Host;
beforeAll(async () => {
  [browser, t, host] = await Promise.all([launchChromium(), startTestServer(), startHost()]);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
  await host?.close();
});

describe.each(["backgammon", "golnard-estafeta", "golnard-football", "gol"])("a spectator's embed of a live %s match", (ruleset) => {
  it("draws the board and caption, goes live, and follows a move played through the API, telling the host page", async () => {
    const created = await createViaRest(t, { ruleset });
    const { page, frame, messages } = await host.open(browser, embedUrl(t, created.match.id));
    try {
      await expect.poll(() => frame.locator('[data-testid="connection"]').getAttribute("data-state"), { timeout: 10_000 }).toBe("live");
      await expect(frame.locator("#tabula-board svg[role=img]").count()).resolves.toBe(1);
      const before = await getMatch(t, created.match.id);
      expect(await frame.locator('[data-testid="caption"]').textContent()).toBe(drawingOf(ruleset)!.caption(before.state as Json, "en"));
      expect(await frame.locator('[data-testid="version"]').getAttribute("data-version")).toBe(String(before.version));
      // A spectator gets no controls.
      expect(await frame.locator('[data-testid="play"]').isHidden()).toBe(true);
      await expect.poll(async () => (await messages()).filter((m) => m.type === "tabula:ready")).toEqual([{ type: "tabula:ready", matchId: created.match.id, version: before.version }]);

      const after = await actViaApi(t, created);
      await expect.poll(() => frame.locator('[data-testid="version"]').getAttribute("data-version")).toBe(String(after.version));
      const updates = (await messages()).filter((m) => m.type === "tabula:update");
      expect(updates.map((u) => u.version)).toEqual(Array.from({ length: after.version - before.version }, (_, i) => before.version + 1 + i));
      expect(updates.at(-1)).toMatchObject({ matchId: created.match.id, status: after.status, toMove: after.toMove });
      expect(Array.isArray(updates.at(-1)!.notes)).toBe(true);
      expect(await frame.locator('[data-testid="caption"]').textContent()).toBe(drawingOf(ruleset)!.caption(after.state as Json, "en"));
    } finally {
      await page.close();
    }
  });
});

it("the host page's tabula:flip message turns the board and the page answers in Russian with ?lang=ru and a dark theme", async () => {
  const created = await createViaRest(t, { ruleset: "backgammon" });
  const { page, frame } = await host.open(browser, embedUrl(t, created.match.id, "?lang=ru&theme=dark&size=300"));
  try {
    await expect.poll(() => frame.locator('[data-testid="connection"]').textContent(), { timeout: 10_000 }).toBe("В эфире");
    expect(await frame.locator("html").getAttribute("data-theme")).toBe("dark");
    expect(await frame.locator("#tabula-board svg").getAttribute("width")).toBe("300");
    expect(await frame.locator("#tabula-board").getAttribute("data-orientation")).toBe("0");
    const unflipped = await frame.locator("#tabula-board").innerHTML();
    // (A string: the tests are type-checked without the DOM's types.)
    await page.evaluate(`document.getElementById("embed").contentWindow.postMessage({ type: "tabula:flip" }, "*")`);
    await expect.poll(() => frame.locator("#tabula-board").getAttribute("data-orientation")).toBe("1");
    expect(await frame.locator("#tabula-board svg").count()).toBe(1);
    expect(await frame.locator("#tabula-board").innerHTML()).not.toBe(unflipped);
  } finally {
    await page.close();
  }
});

it("the last move slides into place (Web Animations), and does not with prefers-reduced-motion", async () => {
  for (const reducedMotion of ["no-preference", "reduce"] as const) {
    const created = await createViaRest(t, { ruleset: "backgammon" });
    const context = await browser.newContext({ reducedMotion });
    const page = await context.newPage();
    await page.goto(embedUrl(t, created.match.id));
    await page.locator('[data-testid="connection"][data-state="live"]').waitFor();
    const drawing = drawingOf("backgammon")!;
    // Play until a move with something to slide.
    let checked = false;
    for (let i = 0; i < 20 && !checked; i++) {
      const before = await getMatch(t, created.match.id);
      const after = await actViaApi(t, created);
      await expect.poll(() => page.locator('[data-testid="version"]').getAttribute("data-version")).toBe(String(after.version));
      const log = (await t.rest("GET", `/api/matches/${created.match.id}/events?after=${before.version}`)).body.events as { type: string; data: { move: Json } }[];
      const played = log.find((e) => e.type === "MovePlayed");
      if (!played || log.length !== 1) continue;
      const motions = drawing.motions(before.state as Json, after.state as Json, played.data.move, { theme: "light", lang: "en", orientation: 0 });
      if (motions.length === 0) continue;
      expect(await page.locator("#tabula-board .tb-moving").count()).toBe(reducedMotion === "reduce" ? 0 : motions.length);
      checked = true;
    }
    expect(checked).toBe(true);
    await context.close();
  }
});

it("a replay's steps reach the host page as tabula:update messages", async () => {
  const created = await createViaRest(t, { ruleset: "backgammon", options: { cube: true } });
  for (let i = 0; i < 3; i++) await actViaApi(t, created);
  const last = (await getMatch(t, created.match.id)).version;
  const { page, frame, messages } = await host.open(browser, embedUrl(t, created.match.id, `?version=${last}`));
  try {
    await expect.poll(() => frame.locator('[data-testid="replay-position"]').getAttribute("data-version")).toBe(String(last));
    await frame.getByRole("button", { name: "Previous" }).click();
    await expect.poll(async () => (await messages()).filter((m) => m.type === "tabula:update").map((m) => m.version)).toEqual([last - 1]);
  } finally {
    await page.close();
  }
});

it("a page that cannot read its match (a token of nothing) tells the host page with tabula:error and says so in an alert", async () => {
  const created = await createViaRest(t, { ruleset: "gol" });
  const { page, frame, messages } = await host.open(browser, embedUrl(t, created.match.id, "?orientation=1", "tbs_not-a-token"));
  try {
    await expect.poll(async () => (await messages()).filter((m) => m.type === "tabula:error").length, { timeout: 10_000 }).toBe(1);
    const error = (await messages()).find((m) => m.type === "tabula:error")!;
    expect(error).toMatchObject({ matchId: created.match.id, code: expect.stringMatching(/^[A-Z_]+$/) });
    expect(await frame.locator('[role="alert"]').first().textContent()).toContain(error.code!);
    expect(JSON.stringify(await messages())).not.toContain("tbs_not-a-token");
  } finally {
    await page.close();
  }
  // Without the bad token the same options draw the board with seat 1 at the bottom.
  const good = await host.open(browser, embedUrl(t, created.match.id, "?orientation=1"));
  try {
    await expect.poll(() => good.frame.locator("#tabula-board").getAttribute("data-orientation"), { timeout: 10_000 }).toBe("1");
  } finally {
    await good.page.close();
  }
});
