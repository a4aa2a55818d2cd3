import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Frame, FrameLocator, Page } from "playwright-core";
import { drawingOf } from "../../src/boards/index.js";
import type { Json } from "../../src/boards/drawing.js";
import type { TestServer } from "../helpers/server.js";
import { actor, type Created, getMatch, type MatchJson } from "../helpers/matches.js";
export { actViaApi } from "../helpers/play-api.js";

/** A message the embed page posted to its host. */
export interface HostMessage {
  type: string;
  matchId?: string;
  version?: number;
  status?: string;
  toMove?: number | null;
  notes?: unknown[];
  code?: string;
  message?: string;
}

/**
 * A site that frames the embed page: a small HTTP server of its own on `localhost` (another origin
 * than the API's 127.0.0.1, so the page is really cross-origin framed; Chromium's local network
 * checks refuse a page Playwright makes up from framing a loopback server). Its page keeps every
 * message the embed posts in `window.messages`.
 */
export interface Host {
  readonly origin: string;
  open(browser: Browser, embedUrl: string, viewport?: { width: number; height: number }): Promise<{ page: Page; frame: FrameLocator; messages: () => Promise<HostMessage[]> }>;
  close(): Promise<void>;
}

export async function startHost(): Promise<Host> {
  const server = createServer((request, response) => {
    const src = new URL(request.url ?? "/", "http://localhost").searchParams.get("embed") ?? "about:blank";
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html lang="en"><head><title>host</title><script>window.messages = []; addEventListener("message", (e) => window.messages.push(e.data));</script></head>
<body><iframe id="embed" title="Tabula board" src="${src.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}" width="860" height="640"></iframe></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    async open(browser, url, viewport = { width: 900, height: 700 }) {
      const page = await browser.newPage({ viewport });
      await page.goto(`${origin}/?embed=${encodeURIComponent(url)}`);
      return { page, frame: page.frameLocator("#embed"), messages: () => page.evaluate("window.messages") as Promise<HostMessage[]> };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The embed page's own frame (for evaluate). */
export const embedFrame = (page: Page): Frame => page.frames().find((f) => f.url().includes("/embed/"))!;

export const embedUrl = (t: TestServer, id: string, query = "", token?: string): string => `${t.url}/embed/${encodeURIComponent(id)}${query}${token ? `#token=${token}` : ""}`;

/** Waits until the page (or frame) shows at least `version`. */
export async function waitForVersion(scope: Page | FrameLocator, version: number, timeout = 10_000): Promise<void> {
  const root = scope.locator("#tabula-embed");
  const deadline = Date.now() + timeout;
  for (;;) {
    const shown = Number(await root.getAttribute("data-version"));
    if (shown >= version) return;
    if (Date.now() > deadline) throw new Error(`page shows version ${shown}, expected ${version}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Makes `move` on a seat's page as a player would: by clicking the board along the drawing's first
 * click sequence when it has one (`[data-key]`, then the choice list if several moves share the
 * clicks), else through the text move list (finding its piece group or its page of moves).
 */
export async function makeMove(page: Page, ruleset: string, view: MatchJson, move: Json): Promise<"board" | "list"> {
  const drawing = drawingOf(ruleset)!;
  const label = drawing.notation(move, "en");
  const sequences = drawing.clicks(move, view.state as Json);
  if (sequences.length > 0) {
    // Where a user would click: the centre of the topmost element with that key. Forced, as what is
    // drawn over it (a label, a checker of the same point, a mark) is hit first, as for a user.
    for (const key of sequences[0]!) await page.locator(`#tabula-board [data-key="${key}"]`).last().click({ force: true });
    const choice = page.locator('[data-testid="choices"] button', { hasText: label });
    if (await page.locator('[data-testid="choices"]:not([hidden])').count()) await choice.first().click();
    return "board";
  }
  const button = page.getByRole("button", { name: label, exact: true });
  if (!(await button.count())) {
    const pieces = page.locator('[data-testid="pieces"] button');
    for (let i = 0; i < (await pieces.count()) && !(await button.count()); i++) {
      await pieces.nth(i).click();
      await page.waitForTimeout(50);
    }
    while (!(await button.count()) && (await page.locator('[data-testid="show-more"]').count())) await page.locator('[data-testid="show-more"]').click();
  }
  await button.first().click();
  return "list";
}

/**
 * Plays a whole match on two seat pages by clicking: whoever is to act rolls with the Roll button or
 * makes its first legal move on its page; returns how the moves were made.
 */
export async function playToTheEnd(t: TestServer, created: Created, pages: Page[], maxActions = 400): Promise<{ board: number; list: number; rolls: number }> {
  const made = { board: 0, list: 0, rolls: 0 };
  for (let i = 0; i < maxActions; i++) {
    const match = await getMatch(t, created.match.id);
    if (match.status === "FINISHED") return made;
    const seat = actor(match);
    const page = pages[seat]!;
    await waitForVersion(page, match.version);
    const view = await getMatch(t, match.id, created.tokens[seat]);
    if (view.phase === "roll") {
      await page.locator('[data-testid="roll"]:not([disabled])').click();
      made.rolls++;
    } else made[await makeMove(page, match.ruleset as string, view, view.legalMoves[0] as Json)]++;
    await waitForVersion(page, match.version + 1);
  }
  throw new Error(`not finished after ${maxActions} actions`);
}
