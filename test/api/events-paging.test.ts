import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, finishedMatch } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/** `GET /api/matches/{id}/events` tells a client whether the log goes on, and where. */
let t: TestServer;
beforeAll(async () => void (t = await startTestServer()));
afterAll(() => t?.close());

describe("events paging", () => {
  it("says hasMore, next and Link rel=next on every page but the last, and the pages add up to the log", async () => {
    const { final } = await finishedMatch(t);
    const id = final.id;
    const log = await events(t, id);
    expect(log.map((e) => e.version)).toEqual(Array.from({ length: final.version }, (_, i) => i + 1));
    expect(final.version).toBeGreaterThan(4);

    const seen: number[] = [];
    let after = 0;
    for (let pages = 0; pages < 10; pages++) {
      const page = await t.rest("GET", `/api/matches/${id}/events?after=${after}&limit=2`);
      expect(page.status).toBe(200);
      seen.push(...page.body.events.map((e: { version: number }) => e.version));
      const last = seen.at(-1)!;
      if (last < final.version) {
        expect(page.body).toMatchObject({ hasMore: true, next: last });
        expect(page.headers.get("link")).toBe(`</api/matches/${id}/events?after=${last}&limit=2>; rel="next"`);
        after = page.body.next;
      } else {
        expect(page.body).toMatchObject({ hasMore: false, next: null });
        expect(page.headers.get("link")).toBeNull();
        break;
      }
    }
    expect(seen).toEqual(log.map((e) => e.version));
  });

  it("keeps the limit out of the link when the client gave none, and answers an empty page past the end", async () => {
    const { final } = await finishedMatch(t);
    const whole = await t.rest("GET", `/api/matches/${final.id}/events`);
    expect(whole.body).toMatchObject({ hasMore: false, next: null });
    expect(whole.body.events).toHaveLength(final.version);
    const past = await t.rest("GET", `/api/matches/${final.id}/events?after=${final.version + 5}`);
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ events: [], hasMore: false, next: null });
    // A page that stops one short of the end links on, without a limit of its own.
    const short = await t.rest("GET", `/api/matches/${final.id}/events?after=${final.version - 2}&limit=1`);
    expect(short.headers.get("link")).toBe(`</api/matches/${final.id}/events?after=${final.version - 1}&limit=1>; rel="next"`);
  });

  it("GraphQL's Match.events keeps its shape: more follow while the last version is below the match's", async () => {
    const { final } = await finishedMatch(t);
    const reply = await t.gql(`query($id: ID!) { match(id: $id) { version events(after: 0, limit: 2) { version } } }`, { id: final.id });
    expect(reply.data.match).toEqual({ version: final.version, events: [{ version: 1 }, { version: 2 }] });
  });
});
