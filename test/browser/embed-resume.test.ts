import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium } from "./chromium.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { createViaRest, getMatch } from "../helpers/matches.js";
import { actViaApi, embedUrl, type Host, startHost } from "./embed-helpers.js";

let browser: Browser;
let host: Host;
let dataDir: string;
const servers: TestServer[] = [];
beforeAll(async () => {
  [browser, host, dataDir] = await Promise.all([launchChromium(), startHost(), mkdtemp(join(tmpdir(), "tabula-embed-"))]);
});
afterAll(async () => {
  await browser?.close();
  await host?.close();
  for (const s of servers) await s.close().catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
});

it("after the server goes away and comes back on the same port, the page resumes: every version applied once, in order, none missed", async () => {
  const first = await startTestServer({ dataDir });
  servers.push(first);
  const port = Number(new URL(first.url).port);
  const created = await createViaRest(first, { ruleset: "backgammon" });
  const { page, frame, messages } = await host.open(browser, embedUrl(first, created.match.id));
  const state = () => frame.locator('[data-testid="connection"]').getAttribute("data-state");
  await expect.poll(state, { timeout: 10_000 }).toBe("live");
  const start = (await messages()).find((m) => m.type === "tabula:ready")!.version!;
  for (let i = 0; i < 3; i++) await actViaApi(first, created);
  const before = (await getMatch(first, created.match.id)).version;
  await expect.poll(async () => (await messages()).filter((m) => m.type === "tabula:update").length).toBe(before - start);

  await first.close();
  servers.length = 0;
  await expect.poll(state, { timeout: 10_000 }).toMatch(/^(reconnecting|offline)$/);

  const second = await startTestServer({ dataDir, port });
  servers.push(second);
  // Moves made while the page is still away: it must fetch them when it resumes.
  for (let i = 0; i < 4; i++) await actViaApi(second, created);
  const after = (await getMatch(second, created.match.id)).version;
  await expect.poll(state, { timeout: 20_000 }).toBe("live");
  await expect.poll(() => frame.locator('[data-testid="version"]').getAttribute("data-version"), { timeout: 10_000 }).toBe(String(after));
  // And the live feed goes on after the resume.
  await actViaApi(second, created);
  const last = (await getMatch(second, created.match.id)).version;
  await expect.poll(() => frame.locator('[data-testid="version"]').getAttribute("data-version")).toBe(String(last));
  const applied = (await messages()).filter((m) => m.type === "tabula:update").map((m) => m.version);
  expect(applied).toEqual(Array.from({ length: last - start }, (_, i) => start + 1 + i));
  await page.close();
});

it("a repeated update is ignored and a missing one makes the page resubscribe from the last version it applied", async () => {
  const t = await startTestServer();
  servers.push(t);
  const created = await createViaRest(t, { ruleset: "backgammon" });
  const context = await browser.newContext();
  let dropped = 0;
  let subscribes = 0;
  // Between the page and the server: every update is sent twice, and the first update of version 4 never arrives.
  await context.routeWebSocket(/\/graphql$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if (typeof message === "string" && JSON.parse(message).type === "subscribe") subscribes++;
      server.send(message);
    });
    server.onMessage((message) => {
      const parsed = typeof message === "string" ? JSON.parse(message) : null;
      const version = parsed?.type === "next" ? parsed.payload?.data?.matchUpdated?.version : undefined;
      if (version === 4 && dropped === 0) {
        dropped++;
        return;
      }
      ws.send(message);
      if (version !== undefined) ws.send(message);
    });
  });
  const page = await context.newPage();
  await page.goto(`${host.origin}/?embed=${encodeURIComponent(embedUrl(t, created.match.id))}`);
  const frame = page.frameLocator("#embed");
  await expect.poll(() => frame.locator('[data-testid="connection"]').getAttribute("data-state"), { timeout: 10_000 }).toBe("live");
  const messages = async () => (await page.evaluate("window.messages")) as { type: string; version?: number }[];
  const start = (await messages()).find((m) => m.type === "tabula:ready")!.version!;
  for (let i = 0; i < 5; i++) await actViaApi(t, created);
  const last = (await getMatch(t, created.match.id)).version;
  await expect.poll(() => frame.locator('[data-testid="version"]').getAttribute("data-version"), { timeout: 10_000 }).toBe(String(last));
  const applied = (await messages()).filter((m) => m.type === "tabula:update").map((m) => m.version);
  expect(applied).toEqual(Array.from({ length: last - start }, (_, i) => start + 1 + i));
  expect(dropped).toBe(1);
  expect(subscribes).toBeGreaterThanOrEqual(2);
  await context.close();
});

it("the browser going offline shows offline, and back online the page catches up on what it missed, once each", async () => {
  const t = await startTestServer();
  servers.push(t);
  const created = await createViaRest(t, { ruleset: "golnard-estafeta" });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${host.origin}/?embed=${encodeURIComponent(embedUrl(t, created.match.id))}`);
  const frame = page.frameLocator("#embed");
  const state = () => frame.locator('[data-testid="connection"]').getAttribute("data-state");
  await expect.poll(state, { timeout: 10_000 }).toBe("live");
  const messages = async () => (await page.evaluate("window.messages")) as { type: string; version?: number }[];
  const start = (await messages()).find((m) => m.type === "tabula:ready")!.version!;
  await actViaApi(t, created);
  await context.setOffline(true);
  await expect.poll(state).toBe("offline");
  for (let i = 0; i < 3; i++) await actViaApi(t, created);
  await context.setOffline(false);
  const last = (await getMatch(t, created.match.id)).version;
  await expect.poll(state, { timeout: 10_000 }).toBe("live");
  await expect.poll(() => frame.locator('[data-testid="version"]').getAttribute("data-version"), { timeout: 10_000 }).toBe(String(last));
  expect((await messages()).filter((m) => m.type === "tabula:update").map((m) => m.version)).toEqual(Array.from({ length: last - start }, (_, i) => start + 1 + i));
  await context.close();
});
