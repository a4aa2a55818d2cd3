import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium } from "./chromium.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { createViaRest } from "../helpers/matches.js";
import { actViaApi, embedUrl, waitForVersion } from "./embed-helpers.js";

let browser: Browser;
let t: TestServer;
beforeAll(async () => {
  [browser, t] = await Promise.all([launchChromium(), startTestServer()]);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

it("a seat's page shows neither seat's token: not in the DOM, the console, storage or any URL it requests", async () => {
  const created = await createViaRest(t, { ruleset: "backgammon" });
  const [mine, theirs] = created.tokens as [string, string];
  const page = await browser.newPage();
  const logs: string[] = [];
  const urls: string[] = [];
  page.on("console", (m) => logs.push(m.text()));
  page.on("pageerror", (e) => logs.push(e.message));
  page.on("request", (r) => urls.push(r.url()));
  page.on("websocket", (ws) => urls.push(ws.url()));
  await page.goto(embedUrl(t, created.match.id, "", mine));
  await page.locator('[data-testid="connection"][data-state="live"]').waitFor();
  await page.locator('[data-testid="roll"]').click();
  for (let i = 0; i < 3; i++) await actViaApi(t, created);
  const version = Number((await t.rest("GET", `/api/matches/${created.match.id}`)).body.version);
  await waitForVersion(page, version);
  const html = await page.content();
  const storage = JSON.stringify(await page.evaluate("[Object.entries(localStorage), Object.entries(sessionStorage), document.cookie]"));
  for (const token of [mine, theirs]) {
    expect(html).not.toContain(token);
    expect(storage).not.toContain(token);
    expect(logs.join("\n")).not.toContain(token);
    // The token is in the page's own fragment, which browsers never send; nothing the page asks for carries it.
    expect(urls.map((u) => u.split("#")[0]!).filter((u) => u.includes(token))).toEqual([]);
  }
  await page.close();
});
