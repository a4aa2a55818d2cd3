import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.js";
import { createRestHandler } from "../../src/api/rest/handle-rest.js";
import { createViaRest, events, finishedMatch, getMatch, rollUntilMovable } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let t: TestServer;
beforeAll(async () => void (t = await startTestServer()));
afterAll(() => t.close());

interface SseEvent {
  id: string;
  event: string;
  data: any;
}

/** Reads an event stream until `until` says stop (or the server ends it); returns the events. */
async function readSse(path: string, opts: { headers?: Record<string, string>; until?: (events: SseEvent[]) => boolean } = {}) {
  const controller = new AbortController();
  const response = await fetch(`${t.url}${path}`, { headers: opts.headers ?? {}, signal: controller.signal });
  const received: SseEvent[] = [];
  let retry: string | undefined;
  if (response.status !== 200 || !response.body) return { response, received, retry, ended: true };
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let ended = false;
  while (!opts.until?.(received)) {
    const { value, done } = await reader.read();
    if (done) {
      ended = true;
      break;
    }
    buffer += value;
    let cut: number;
    while ((cut = buffer.indexOf("\n\n")) !== -1) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const fields = Object.fromEntries(
        block
          .split("\n")
          .filter((line) => line && !line.startsWith(":"))
          .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]),
      );
      if (fields.retry) retry = fields.retry;
      if (fields.data) received.push({ id: String(fields.id), event: String(fields.event), data: JSON.parse(fields.data) });
    }
  }
  controller.abort();
  return { response, received, retry, ended };
}

describe("GET /api/matches/{id}/stream (Server-Sent Events)", () => {
  it("sends the log so far, then each new commit live, with id = version", async () => {
    const created = await createViaRest(t);
    const id = created.match.id;
    const stream = readSse(`/api/matches/${id}/stream`, { until: (e) => e.length >= 3 });
    await new Promise((r) => setTimeout(r, 100));
    const movable = await rollUntilMovable(t, created);
    await t.rest("POST", `/api/matches/${id}/moves`, { token: created.tokens[movable.seat as number], json: { move: movable.legalMoves[0] } });
    const { response, received, retry } = await stream;
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(retry).toBe("1000");
    expect(received.map((e) => Number(e.id))).toEqual([1, 2, 3]);
    expect(received.every((e) => e.event === "update")).toBe(true);
    const log = await events(t, id);
    expect(received.map((e) => e.data.event)).toEqual(log.slice(0, 3));
    // A spectator's view: no legal moves, no seat.
    expect(received.every((e) => e.data.match.seat === null && e.data.match.legalMoves.length === 0)).toBe(true);
  });

  it("resumes after Last-Event-ID (which wins over ?after=) without gaps or repeats", async () => {
    const created = await createViaRest(t);
    const movable = await rollUntilMovable(t, created);
    await t.rest("POST", `/api/matches/${movable.id}/moves`, { token: created.tokens[movable.seat as number], json: { move: movable.legalMoves[0] } });
    const log = await events(t, created.match.id);
    expect(log.length).toBeGreaterThan(2);
    const { received } = await readSse(`/api/matches/${created.match.id}/stream?after=0`, {
      headers: { "last-event-id": "1" },
      until: (e) => e.length >= log.length - 1,
    });
    expect(received.map((e) => Number(e.id))).toEqual(log.slice(1).map((e) => e.version));
  });

  it("shows a seat its own view when it sends its token", async () => {
    const created = await createViaRest(t);
    const movable = await rollUntilMovable(t, created);
    const seat = movable.seat as number;
    const { received } = await readSse(`/api/matches/${created.match.id}/stream?after=${movable.version - 1}`, {
      headers: { authorization: `Bearer ${created.tokens[seat]}` },
      until: (e) => e.length >= 1,
    });
    expect(received[0]?.data.match.seat).toBe(seat);
    expect(received[0]?.data.match.legalMoves).toEqual(movable.legalMoves);
    // The whole view, as a read answers it, and nothing of the server's own state of the match.
    expect(Object.keys(received[0]!.data)).toEqual(["version", "event", "match"]);
    expect(received[0]!.data.match).toEqual(await getMatch(t, created.match.id, created.tokens[seat]));
  });

  it("ends after MatchFinished, and answers 204 once there is nothing left, which stops an EventSource", async () => {
    const { created } = await finishedMatch(t);
    const log = await events(t, created.match.id);
    const all = await readSse(`/api/matches/${created.match.id}/stream`);
    expect(all.ended).toBe(true);
    expect(all.received.map((e) => e.data.event.type).at(-1)).toBe("MatchFinished");
    expect(all.received).toHaveLength(log.length);
    const again = await readSse(`/api/matches/${created.match.id}/stream`, { headers: { "last-event-id": String(log.length) } });
    expect(again.response.status).toBe(204);
  });

  it("refuses an unknown match, another match's token and a bad resume point with the usual codes", async () => {
    const a = await createViaRest(t);
    const b = await createViaRest(t);
    const unknown = await fetch(`${t.url}/api/matches/nope/stream`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as any).error.code).toBe("NOT_FOUND");
    const forbidden = await fetch(`${t.url}/api/matches/${a.match.id}/stream`, { headers: { authorization: `Bearer ${b.tokens[0]}` } });
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as any).error.code).toBe("FORBIDDEN");
    const bad = await fetch(`${t.url}/api/matches/${a.match.id}/stream?after=-1`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error.code).toBe("BAD_USER_INPUT");
  });

  it("behind a buffering gateway (the REST router alone) answers with what there is and a retry hint", async () => {
    const created = await createViaRest(t);
    await rollUntilMovable(t, created);
    const log = await events(t, created.match.id);
    const rest = createRestHandler({ service: t.server.service, logger: createLogger("silent") });
    const response = await rest({ method: "GET", path: `/api/matches/${created.match.id}/stream`, query: {}, headers: { "last-event-id": "1" }, body: "" });
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(response.body.startsWith("retry: 1000\n\n")).toBe(true);
    const ids = [...response.body.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual(log.slice(1).map((e) => e.version));
  });
});
