import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { drawingOf } from "../../src/boards/index.js";
import type { Json } from "../../src/boards/drawing.js";
import { launchChromium } from "./chromium.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { actor, type Created, createViaRest, getMatch } from "../helpers/matches.js";
import { actViaApi, embedUrl, makeMove, playToTheEnd, waitForVersion } from "./embed-helpers.js";

let browser: Browser;
let t: TestServer;
beforeAll(async () => {
  [browser, t] = await Promise.all([launchChromium(), startTestServer()]);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/**
 * One page per seat, each opened with its own token, live; each in a window of its own, as two
 * pages of one window are one visible tab and one throttled background tab.
 */
async function seatPages(created: Created): Promise<Page[]> {
  const pages = await Promise.all(created.tokens.map(async () => (await browser.newContext({ viewport: { width: 900, height: 800 } })).newPage()));
  await Promise.all(pages.map((page, seat) => page.goto(embedUrl(t, created.match.id, "", created.tokens[seat]))));
  for (const page of pages) await page.locator('[data-testid="connection"][data-state="live"]').waitFor({ timeout: 10_000 });
  return pages;
}

it("a backgammon game is played to the end by clicking on the seats' pages (Roll, then each move)", async () => {
  const created = await createViaRest(t, { ruleset: "backgammon" });
  const pages = await seatPages(created);
  const made = await playToTheEnd(t, created, pages);
  expect(made.rolls).toBeGreaterThan(0);
  // The drawing gives every checker play its clicks: the moves were made on the board.
  expect(made.board).toBeGreaterThan(0);
  const final = await getMatch(t, created.match.id);
  expect(final.status).toBe("FINISHED");
  for (const page of pages) {
    await waitForVersion(page, final.version);
    await expect.poll(() => page.locator('[data-testid="result"]').isVisible()).toBe(true);
    expect(await page.locator('[data-testid="roll"], .tb-move').count()).toBe(0);
    // Once over, the match's history opens beside the board.
    await expect.poll(() => page.locator('[data-testid="replay-position"]').getAttribute("data-version")).toBe(String(final.version));
  }
  await Promise.all(pages.map((p) => p.context().close()));
});

it("a relay (golnard-estafeta) game is played to the end by clicking", async () => {
  const created = await createViaRest(t, { ruleset: "golnard-estafeta", options: { maxRounds: 4 } });
  const pages = await seatPages(created);
  const made = await playToTheEnd(t, created, pages);
  expect(made.rolls).toBeGreaterThan(0);
  expect(made.board).toBeGreaterThan(0);
  expect((await getMatch(t, created.match.id)).status).toBe("FINISHED");
  await Promise.all(pages.map((p) => p.context().close()));
});

for (const ruleset of ["golnard-football", "gol"]) {
  it(`a ${ruleset} turn is played on the board: the clicks of a legal move, one [data-key] after another`, async () => {
    const created = await createViaRest(t, { ruleset });
    const pages = await seatPages(created);
    // Roll (football's opening roll) until a seat has a move to make.
    for (let i = 0; i < 20; i++) {
      const m = await getMatch(t, created.match.id);
      const view = await getMatch(t, m.id, created.tokens[actor(m)]);
      if (view.phase !== "roll" && view.legalMoves.length > 0) break;
      await waitForVersion(pages[actor(m)]!, m.version);
      await pages[actor(m)]!.locator('[data-testid="roll"]:not([disabled])').click();
      await waitForVersion(pages[actor(m)]!, m.version + 1);
    }
    const match = await getMatch(t, created.match.id);
    const seat = actor(match);
    const view = await getMatch(t, match.id, created.tokens[seat]);
    const drawing = drawingOf(ruleset)!;
    // With a real drawing, pick a move that has a board gesture; the placeholder has none, and the move list is used.
    const move = (view.legalMoves.find((m) => drawing.clicks(m as Json, view.state as Json).length > 0) ?? view.legalMoves[0]) as Json;
    await waitForVersion(pages[seat]!, view.version);
    const how = await makeMove(pages[seat]!, ruleset, view, move);
    await waitForVersion(pages[seat]!, view.version + 1);
    const events = (await t.rest("GET", `/api/matches/${match.id}/events?after=${view.version}`)).body.events as { type: string; data: { move: Json } }[];
    expect(events[0]).toMatchObject({ type: "MovePlayed", data: { move } });
    expect(how).toBe(drawing.clicks(move, view.state as Json).length > 0 ? "board" : "list");
    await Promise.all(pages.map((p) => p.context().close()));
  });
}

it("a refused move shows the server's message in an alert and leaves the board usable", async () => {
  const created = await createViaRest(t, { ruleset: "backgammon" });
  const pages = await seatPages(created);
  // Roll on the pages until a seat may move.
  for (let i = 0; i < 20; i++) {
    const m = await getMatch(t, created.match.id);
    if ((await getMatch(t, m.id, created.tokens[actor(m)])).phase === "move") break;
    const page = pages[actor(m)]!;
    await waitForVersion(page, m.version);
    await page.locator('[data-testid="roll"]:not([disabled])').click();
    await waitForVersion(page, m.version + 1);
  }
  const m = await getMatch(t, created.match.id);
  const seat = actor(m);
  const page = pages[seat]!;
  const view = await getMatch(t, m.id, created.tokens[seat]);
  await waitForVersion(page, view.version);
  const label = drawingOf("backgammon")!.notation(view.legalMoves[0] as Json, "en");
  // As if the page had based its move on an older version: the server refuses it with VERSION_CONFLICT.
  await page.route("**/api/matches/*/moves", (route) => {
    const body = JSON.parse(route.request().postData() ?? "{}") as { move: Json };
    return route.continue({ postData: JSON.stringify({ ...body, expectedVersion: 1 }) });
  });
  await page.getByRole("button", { name: label, exact: true }).first().click();
  const alert = page.locator('[data-testid="error"][role="alert"]');
  await expect.poll(() => alert.textContent()).toContain("VERSION_CONFLICT");
  expect((await getMatch(t, m.id)).version).toBe(view.version);
  // The move list is still there and works once the page sends what it means.
  await page.unroute("**/api/matches/*/moves");
  await page.getByRole("button", { name: label, exact: true }).first().click();
  await waitForVersion(page, view.version + 1);
  expect(await alert.textContent()).toBe("");
  await Promise.all(pages.map((p) => p.context().close()));
});

it("resigning from the page, and a draw offered and declined between two seat pages (gol)", async () => {
  const created = await createViaRest(t, { ruleset: "gol" });
  const pages = await seatPages(created);
  // Gol's kickoff makes the match ACTIVE; then a draw may be offered.
  const first = await getMatch(t, created.match.id);
  const kicker = actor(first);
  await makeMove(pages[kicker]!, "gol", await getMatch(t, first.id, created.tokens[kicker]), (await getMatch(t, first.id, created.tokens[kicker])).legalMoves[0] as Json);
  await waitForVersion(pages[0]!, first.version + 1);
  await waitForVersion(pages[1]!, first.version + 1);
  await pages[0]!.locator('[data-testid="offer-draw"]').click();
  await expect.poll(() => pages[1]!.locator('[data-testid="offer-decline"]').count()).toBe(1);
  await pages[1]!.locator('[data-testid="offer-decline"]').click();
  await expect.poll(() => pages[0]!.locator('[data-testid="offer"]').count()).toBe(0);
  await pages[1]!.locator('[data-testid="resign"]').click();
  await pages[1]!.locator('[data-testid="resign-confirm"]').click();
  await expect.poll(async () => (await getMatch(t, created.match.id)).status).toBe("FINISHED");
  const final = await getMatch(t, created.match.id);
  expect(final.result).toMatchObject({ reason: "resignation", winners: [0] });
  await waitForVersion(pages[0]!, final.version);
  await expect.poll(() => pages[0]!.locator('[data-testid="result"]').isVisible()).toBe(true);
  await Promise.all(pages.map((p) => p.context().close()));
});

it("a seat plays by keyboard alone: Tab to the Roll button, Enter, then Tab to a move of the list, Enter", async () => {
  const created = await createViaRest(t, { ruleset: "backgammon" });
  const pages = await seatPages(created);
  const page = pages[0]!;
  const focused = () => page.evaluate("document.activeElement && (document.activeElement.dataset.testid || document.activeElement.className)") as Promise<string | null>;
  const tabTo = async (wanted: (f: string | null) => boolean) => {
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press("Tab");
      if (wanted(await focused())) return;
    }
    throw new Error("never focused");
  };
  await tabTo((f) => f === "roll");
  const start = (await getMatch(t, created.match.id)).version;
  await page.keyboard.press("Enter");
  await waitForVersion(page, start + 1);
  // The opening roll may want the other seat's die too, and gives the first move to either seat:
  // whoever is to move then plays by keyboard.
  for (let i = 0; i < 10; i++) {
    const now = await getMatch(t, created.match.id);
    if ((await getMatch(t, now.id, created.tokens[actor(now)])).phase === "move") break;
    await actViaApi(t, created);
  }
  const m = await getMatch(t, created.match.id);
  const mover = pages[actor(m)]!;
  if (mover !== page) {
    await mover.bringToFront();
    await waitForVersion(mover, m.version);
  }
  const moverFocused = () => mover.evaluate("document.activeElement && document.activeElement.classList.contains('tb-move')") as Promise<boolean>;
  for (let i = 0; i < 60 && !(await moverFocused()); i++) await mover.keyboard.press("Tab");
  expect(await moverFocused()).toBe(true);
  // A visible focus ring on the focused move.
  expect(await mover.evaluate("getComputedStyle(document.activeElement).outlineStyle")).toBe("solid");
  await mover.keyboard.press("Enter");
  await waitForVersion(mover, m.version + 1);
  const events = (await t.rest("GET", `/api/matches/${m.id}/events?after=${m.version}`)).body.events as { type: string }[];
  expect(events[0]!.type).toBe("MovePlayed");
  await Promise.all(pages.map((p) => p.context().close()));
});

it("a match with a clock shows the seat's time counting down, and the other seat's bank", async () => {
  const created = await createViaRest(t, { ruleset: "backgammon", timeControl: { minutesPerMove: 5, bankMinutes: 1 } });
  const pages = await seatPages(created);
  const page = pages[0]!;
  await page.locator('[data-testid="roll"]').click();
  // Through the opening roll (both seats' clocks run while both may roll), to one seat to move.
  for (let i = 0; i < 10; i++) {
    const now = await getMatch(t, created.match.id);
    if (now.toAct.length === 1 && (await getMatch(t, now.id, created.tokens[actor(now)])).phase === "move") break;
    await actViaApi(t, created);
  }
  const m = await getMatch(t, created.match.id);
  await waitForVersion(page, m.version);
  const running = page.locator(`[data-testid="clock-${actor(m)}"]`);
  const first = await running.textContent();
  // Five minutes for the move, and the bank behind them.
  expect(first).toMatch(/^[56]:\d\d$/);
  await expect.poll(() => running.textContent(), { timeout: 4000 }).not.toBe(first);
  expect(await page.locator(`[data-testid="clock-${1 - actor(m)}"]`).textContent()).toBe("bank 1:00");
  await Promise.all(pages.map((p) => p.context().close()));
});

it("backgammon: a seat offers to resign a gammon from the page, and the other seat's page accepts it", async () => {
  const created = await createViaRest(t, { ruleset: "backgammon" });
  const pages = await seatPages(created);
  await pages[0]!.locator('[data-testid="resign"]').click();
  await pages[0]!.locator('[data-testid="resign-gammon"]').click();
  await expect.poll(() => pages[1]!.locator('[data-testid="offer"]').textContent()).toContain("gammon");
  await pages[1]!.locator('[data-testid="offer-accept"]').click();
  await expect.poll(async () => (await getMatch(t, created.match.id)).status).toBe("FINISHED");
  expect((await getMatch(t, created.match.id)).result).toMatchObject({ winners: [1] });
  await Promise.all(pages.map((p) => p.context().close()));
});

it("where several moves share the clicks, the page asks which by their notation, and plays the one chosen", async () => {
  const created = await createViaRest(t, { ruleset: "golnard-estafeta" });
  const drawing = drawingOf("golnard-estafeta")!;
  // Play through the API until the seat to move has two moves with the same clicks.
  let found: { view: Awaited<ReturnType<typeof getMatch>>; sequence: readonly string[]; moves: Json[] } | null = null;
  for (let i = 0; i < 200 && !found; i++) {
    const m = await getMatch(t, created.match.id);
    const view = await getMatch(t, m.id, created.tokens[actor(m)]);
    if (view.phase === "move") {
      const bySequence = new Map<string, Json[]>();
      for (const move of view.legalMoves as Json[]) for (const s of drawing.clicks(move, view.state as Json)) bySequence.set(s.join(" "), [...(bySequence.get(s.join(" ")) ?? []), move]);
      const shared = [...bySequence].find(([k, moves]) => moves.length > 1 && ![...bySequence.keys()].some((o) => o !== k && o.startsWith(`${k} `)));
      if (shared) found = { view, sequence: shared[0].split(" "), moves: shared[1] };
    }
    if (!found) await actViaApi(t, created);
  }
  expect(found).not.toBeNull();
  const { view, sequence, moves } = found!;
  const page = (await seatPages(created))[view.seat as number]!;
  await waitForVersion(page, view.version);
  for (const key of sequence) await page.locator(`#tabula-board [data-key="${key}"]`).last().click({ force: true });
  const choices = page.locator('[data-testid="choices"] button');
  expect(await choices.allTextContents()).toEqual(moves.map((m) => drawing.notation(m, "en")));
  // Nothing is sent before the choice.
  expect((await getMatch(t, view.id)).version).toBe(view.version);
  await choices.nth(1).click();
  await waitForVersion(page, view.version + 1);
  const played = (await t.rest("GET", `/api/matches/${view.id}/events?after=${view.version}`)).body.events[0];
  expect(played).toMatchObject({ type: "MovePlayed", data: { move: moves[1] } });
  await page.context().close();
});

it("Gol's thousand kickoff moves are listed by piece, a page at a time, and the first board click narrows the list", async () => {
  const created = await createViaRest(t, { ruleset: "gol" });
  const m = await getMatch(t, created.match.id);
  const seat = actor(m);
  const view = await getMatch(t, m.id, created.tokens[seat]);
  expect(view.legalMoves.length).toBeGreaterThan(200);
  const page = (await seatPages(created))[seat]!;
  const pieces = page.locator('[data-testid="pieces"] button');
  expect(await pieces.count()).toBe((view.movablePieces as string[]).length);
  expect(await page.locator(".tb-move").count()).toBeLessThanOrEqual(40);
  // One piece's moves, from the server's own filter.
  const piece = (view.movablePieces as string[])[0]!;
  const ofPiece = (await t.rest("GET", `/api/matches/${m.id}?piece=${piece}&fields=legalMoves`, { token: created.tokens[seat] })).body.legalMoves as Json[];
  await pieces.first().click();
  await expect.poll(() => pieces.first().getAttribute("aria-pressed")).toBe("true");
  const drawing = drawingOf("gol")!;
  const shown = Math.min(40, ofPiece.length);
  await expect.poll(() => page.locator(".tb-move").allTextContents()).toEqual(ofPiece.slice(0, shown).map((mv) => drawing.notation(mv, "en")));
  // A first click on the board: the list holds that click's moves only.
  const first = drawing.clicks(view.legalMoves[0] as Json, view.state as Json)[0]![0]!;
  const withFirst = (view.legalMoves as Json[]).filter((mv) => drawing.clicks(mv, view.state as Json).some((s) => s[0] === first));
  await page.locator(`#tabula-board [data-key="${first}"]`).last().click({ force: true });
  await expect.poll(() => page.locator(".tb-move").count()).toBe(Math.min(40, withFirst.length));
  expect(await page.locator('[data-testid="clear"]').count()).toBe(1);
  await page.locator('[data-testid="clear"]').click();
  await expect.poll(() => pieces.count()).toBe((view.movablePieces as string[]).length);
  await page.context().close();
});
