import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { drawingOf } from "../../src/boards/index.js";
import type { Json } from "../../src/boards/drawing.js";
import { launchChromium } from "./chromium.js";
import { fixedRandomBytes } from "../helpers/fixed-random.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { actor, createViaRest, getMatch, type MatchJson } from "../helpers/matches.js";
import { embedUrl, makeMove, waitForVersion } from "./embed-helpers.js";

let browser: Browser;
let t: TestServer;
beforeAll(async () => {
  // Fixed randomness: the same dice every run, so the match below reaches its throw-in at the same move.
  [browser, t] = await Promise.all([launchChromium(), startTestServer({ randomBytes: fixedRandomBytes("d") })]);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

type FootballState = { setPiece: { kind: string } | null };

it("football: a throw-in and the turn around it are played on the board by clicks (the ball's moves, walks and kicks)", async () => {
  const created = await createViaRest(t, { ruleset: "golnard-football", seats: 2 });
  const id = created.match.id;
  // Through the API, as the seats would (a fixed pick among the legal moves), up to the first set piece.
  let match: MatchJson = await getMatch(t, id);
  for (let i = 0; !(match.state as FootballState).setPiece; i++) {
    expect(i, "no set piece came").toBeLessThan(600);
    const token = created.tokens[actor(match)]!;
    const view = await getMatch(t, id, token);
    const reply =
      view.phase === "roll"
        ? await t.rest("POST", `/api/matches/${id}/dice`, { token })
        : await t.rest("POST", `/api/matches/${id}/moves`, { token, json: { move: view.legalMoves[(i * 7919) % view.legalMoves.length], expectedVersion: view.version } });
    expect(reply.status, reply.raw).toBe(200);
    match = reply.body;
  }
  expect((match.state as FootballState).setPiece!.kind).toBe("throwIn");

  const pages = await Promise.all(
    created.tokens.map(async (token) => {
      const page = await (await browser.newContext({ viewport: { width: 900, height: 800 } })).newPage();
      await page.goto(embedUrl(t, id, "", token));
      await page.locator('[data-testid="connection"][data-state="live"]').waitFor();
      return page;
    }),
  );
  const drawing = drawingOf("golnard-football")!;
  const made: string[] = [];
  let setPieceOver = false;
  // The throw-in, then play on: a dozen actions, each clicked on the board by the seat to act.
  for (let actions = 0; actions < 12; actions++) {
    match = await getMatch(t, id);
    const seat = actor(match);
    const page = pages[seat]!;
    await waitForVersion(page, match.version);
    const view = await getMatch(t, id, created.tokens[seat]);
    if (view.phase === "roll") {
      await page.locator('[data-testid="roll"]:not([disabled])').click();
    } else {
      // A move with a board gesture: a kick (or the ball's own move) where there is one, else a walk.
      const onBoard = (view.legalMoves as Json[]).filter((m) => drawing.clicks(m, view.state as Json).length > 0);
      const move = onBoard.find((m) => ["kick", "walkKick", "ball"].includes((m as { type: string }).type)) ?? onBoard[0]!;
      expect(await makeMove(page, "golnard-football", view, move)).toBe("board");
      made.push((move as { type: string }).type);
    }
    await waitForVersion(page, match.version + 1);
    setPieceOver ||= !((await getMatch(t, id)).state as FootballState).setPiece;
  }
  expect(setPieceOver, `moves made: ${made.join(", ")}`).toBe(true);
  // The throw-in's own move (the ball's, or a walk that takes it and kicks) and walks or kicks after it.
  expect(made.some((type) => type === "ball" || type === "walkKick"), made.join(", ")).toBe(true);
  expect(made.filter((type) => type === "walk" || type === "kick" || type === "walkKick").length, made.join(", ")).toBeGreaterThan(1);
  await Promise.all(pages.map((p) => p.context().close()));
});

it("gol: a whole turn is played on the seat's page, tempo after tempo on the board, until the turn passes", async () => {
  const created = await createViaRest(t, { ruleset: "gol" });
  const id = created.match.id;
  const first = actor(await getMatch(t, id));
  const page = await (await browser.newContext({ viewport: { width: 900, height: 800 } })).newPage();
  await page.goto(embedUrl(t, id, "", created.tokens[first]));
  await page.locator('[data-testid="connection"][data-state="live"]').waitFor();
  const drawing = drawingOf("gol")!;
  const made = { board: 0, list: 0 };
  for (let tempo = 0; tempo < 30; tempo++) {
    const match = await getMatch(t, id);
    if (actor(match) !== first) break;
    await waitForVersion(page, match.version);
    const view = await getMatch(t, id, created.tokens[first]);
    // A tempo on the board while there is one; ending the turn (no gesture) from the move list.
    const move = ((view.legalMoves as Json[]).find((m) => drawing.clicks(m, view.state as Json).length > 0) ?? view.legalMoves[0]) as Json;
    made[await makeMove(page, "gol", view, move)]++;
    await waitForVersion(page, match.version + 1);
  }
  expect(actor(await getMatch(t, id))).not.toBe(first);
  expect(made.board).toBeGreaterThanOrEqual(3);
  await page.context().close();
});
