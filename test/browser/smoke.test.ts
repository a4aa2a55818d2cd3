import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium } from "./chromium.js";

let browser: Browser;
beforeAll(async () => void (browser = await launchChromium()));
afterAll(() => browser?.close());

it("Chromium starts and renders a page", async () => {
  const page = await browser.newPage();
  await page.setContent("<p id=x>hello</p>");
  expect(await page.textContent("#x")).toBe("hello");
});
