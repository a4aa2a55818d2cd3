import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashSeatToken } from "../../src/service/seat-tokens.js";
import { actor, createViaRest, type Created, events, getMatch, type MatchJson } from "../helpers/matches.js";
import type { TestServer } from "../helpers/server.js";
import { MODES, startLiveServer, updatesOf, VIEW_FIELDS, type Watcher, watch } from "./support.js";

/**
 * A whole backgammon match played over HTTP while two seats and a spectator watch it live, each
 * on its own WebSocket, in both local modes: `direct` (graphql-ws in the server process) and
 * `lambda` (the local API Gateway running the deployed route and stream handlers).
 */

const MAX_COMMANDS = 5_000;
type Viewer = 0 | 1 | "spectator";
const VIEWERS: readonly Viewer[] = [0, 1, "spectator"];

const pick = (match: Record<string, unknown>) => Object.fromEntries(VIEW_FIELDS.map((f) => [f, match[f]]));

/** Plays to the end with the first legal move; after every command records each viewer's view, by version. */
async function playToEnd(t: TestServer, created: Created, onCommand?: (version: number) => Promise<void>): Promise<Map<number, Record<string, unknown>>> {
  const id = created.match.id;
  const views = new Map<number, Record<string, unknown>>();
  const record = async () => {
    const [v0, v1, vs] = await Promise.all([getMatch(t, id, created.tokens[0]), getMatch(t, id, created.tokens[1]), getMatch(t, id)]);
    expect(v0.version).toBe(vs.version);
    expect(v1.version).toBe(vs.version);
    views.set(vs.version, { 0: pick(v0), 1: pick(v1), spectator: pick(vs) });
    return vs;
  };
  let current: MatchJson = await record();
  for (let commands = 0; current.status !== "FINISHED"; commands++) {
    if (commands > MAX_COMMANDS) throw new Error("the match did not end");
    const seat = actor(current);
    const view = await getMatch(t, id, created.tokens[seat]);
    const reply =
      view.dice !== null && view.legalMoves.length > 0
        ? await t.rest("POST", `/api/matches/${id}/moves`, { token: created.tokens[seat], json: { move: view.legalMoves[0] } })
        : await t.rest("POST", `/api/matches/${id}/dice`, { token: created.tokens[seat] });
    expect(reply.status, reply.raw).toBe(200);
    current = await record();
    await onCommand?.(current.version);
  }
  return views;
}

describe.each(MODES)("live updates over WebSockets (%s mode)", (mode) => {
  let t: TestServer;
  beforeAll(async () => void (t = await startLiveServer(mode)));
  afterAll(() => t?.close());

  it("two seats and a spectator watch a whole game: every event once, in order, each its own view, then complete", async () => {
    const started = Date.now();
    const created = await createViaRest(t);
    const id = created.match.id;
    const watchers: Record<string, Watcher> = {
      0: watch(t, id, { token: created.tokens[0] }),
      1: watch(t, id, { token: created.tokens[1] }),
      spectator: watch(t, id),
    };
    const views = await playToEnd(t, created);
    const ends = await Promise.all(VIEWERS.map((v) => watchers[v]!.ended));
    for (const end of ends) expect(end).toEqual({ outcome: "complete" });

    const log = await events(t, id);
    const final = await getMatch(t, id);
    expect(final.status).toBe("FINISHED");
    expect(log).toHaveLength(final.version);
    const seed = final.diceSeed as string;
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    const secrets = [...created.tokens, ...created.tokens.map(hashSeatToken)];

    let compared = 0;
    for (const viewer of VIEWERS) {
      const watcher = watchers[viewer]!;
      const updates = updatesOf(watcher);
      // Exactly the log: versions 1..N, each once, in order, the same events as GET .../events.
      expect(updates.map((u) => u.version)).toEqual(log.map((_, i) => i + 1));
      expect(updates.map((u) => u.event)).toEqual(log);
      for (const update of updates) {
        expect(update.event.version).toBe(update.version);
        expect(update.match.version).toBe(update.version);
        expect(update.match.seat).toBe(viewer === "spectator" ? null : viewer);
        // Only the seat to act sees moves; a spectator never does.
        if (viewer === "spectator" || update.match.toMove !== viewer) expect(update.match.legalMoves).toEqual([]);
        if (update.event.type !== "MatchFinished") expect(update.match.diceSeed).toBeNull();
        // Where HTTP saw the same version, the views agree field by field.
        const seen = views.get(update.version) as Record<string, unknown> | undefined;
        if (seen) {
          expect(update.match).toEqual(seen[viewer]);
          compared++;
        }
      }
      // The acting seat does get its moves somewhere in the game.
      if (viewer !== "spectator") expect(updates.some((u) => u.match.legalMoves.length > 0)).toBe(true);

      // Raw frames: no token (nor its hash) ever, the seed only in the MatchFinished update.
      for (const frame of watcher.frames) {
        for (const secret of secrets) expect(frame).not.toContain(secret);
        if (frame.includes(seed)) expect(JSON.parse(frame).payload.data.matchUpdated.event.type).toBe("MatchFinished");
      }
      const parsed = watcher.frames.map((f) => JSON.parse(f));
      expect(parsed[0]).toEqual({ type: "connection_ack" });
      expect(parsed.slice(1, -1).every((m) => m.type === "next")).toBe(true);
      expect(parsed.at(-1)).toMatchObject({ type: "complete" });
      expect(parsed).toHaveLength(log.length + 2);
    }
    expect(compared).toBeGreaterThan(log.length / 2);
    console.info(`[${mode}] a ${log.length}-event game watched by 3 clients in ${Date.now() - started} ms`);
  }, 120_000);
});
