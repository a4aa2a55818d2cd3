import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRestHandler } from "../../src/api/rest/handle-rest.js";
import { createViaRest, getMatch } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/** `--test-clock`: a correspondence client tries its timeout handling without waiting a day. */
describe("the test clock", () => {
  let t: TestServer;
  beforeAll(async () => void (t = await startTestServer({ testClock: true, deadlineSweepMs: 0 })));
  afterAll(() => t?.close());
  const clock = (advanceMinutes?: number) =>
    advanceMinutes === undefined ? t.rest("GET", "/test/clock") : t.rest("POST", "/test/clock", { json: { advanceMinutes } });

  it("moves the server's time on: a day-per-move match times out after a step of a day, and the step's sweep finishes it", async () => {
    const before = Date.parse((await clock()).body.now);
    expect(Math.abs(before - Date.now())).toBeLessThan(5_000);
    const created = await createViaRest(t, { ruleset: "backgammon", timeControl: { daysPerMove: 1 } });
    // Both sides move once (a match times out only once every side has moved; before, it is aborted).
    const moved = new Set<number>();
    let view = await getMatch(t, created.match.id);
    while (moved.size < 2 || view.phase !== "roll") {
      const seat = view.toAct[0]!;
      const mine = await getMatch(t, created.match.id, created.tokens[seat]);
      if (mine.phase === "roll") await t.rest("POST", `/api/matches/${created.match.id}/dice`, { token: created.tokens[seat] });
      else {
        await t.rest("POST", `/api/matches/${created.match.id}/moves`, { token: created.tokens[seat], json: { move: mine.legalMoves[0] } });
        moved.add(seat);
      }
      view = await getMatch(t, created.match.id);
    }
    const late = view.toMove!;
    const { clock: timeControl } = (await t.rest("GET", `/api/matches/${created.match.id}`)).body as { clock: { seats: { deadline: string }[] } };
    const deadline = Date.parse(timeControl.seats[late]!.deadline);
    expect(deadline - before).toBeGreaterThan(23 * 3_600_000);

    // An hour is not enough; the claim is refused as it would be a day early.
    expect((await clock(60)).body).toMatchObject({ offsetMinutes: 60, finished: [] });
    const early = await t.rest("POST", `/api/matches/${created.match.id}/timeout`, { token: created.tokens[0] });
    expect(early.body.error?.code).toBe("TIMEOUT_NOT_DUE");

    const step = await clock(24 * 60);
    expect(step.status).toBe(200);
    expect(Date.parse(step.body.now) - before).toBeGreaterThanOrEqual(25 * 3_600_000);
    expect(step.body.finished).toEqual([created.match.id]);
    const over = await getMatch(t, created.match.id);
    expect(over).toMatchObject({ status: "FINISHED", result: { reason: "timeout", winner: 1 - late } });
  });

  it("only moves forward, by a number of minutes, and says what is wrong otherwise", async () => {
    for (const body of [{ advanceMinutes: -5 }, { advanceMinutes: 0 }, { advanceMinutes: "60" }, { minutes: 5 }, { advanceMinutes: 1e9 }]) {
      const reply = await t.rest("POST", "/test/clock", { json: body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.error.code).toBe("BAD_USER_INPUT");
    }
    expect((await t.rest("DELETE", "/test/clock")).status).toBe(405);
  });
});

describe("without --test-clock", () => {
  it("the server has no such route, and the Lambda functions' REST handler neither", async () => {
    const t = await startTestServer();
    try {
      const reply = await t.rest("POST", "/test/clock", { json: { advanceMinutes: 60 } });
      expect(reply.status).toBe(404);
      expect(reply.body.error.code).toBe("NOT_FOUND");
    } finally {
      await t.close();
    }
    const rest = createRestHandler({ service: {} as never });
    const answer = await rest({ method: "POST", path: "/test/clock", query: {}, headers: { "content-type": "application/json" }, body: '{"advanceMinutes":60}' });
    expect(answer.status).toBe(404);
  });
});
