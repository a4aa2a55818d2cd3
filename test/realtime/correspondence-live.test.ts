import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.js";
import { MODES, startLiveServer, updatesOf, watch } from "./support.js";

const QUERY = `subscription($id: ID!, $after: Int) {
  matchUpdated(matchId: $id, afterVersion: $after) {
    version
    event { type data }
    match { seat status deadline clock { daysPerMove seats { seat deadline } } seating { seat player { name } open } offer { kind seat } }
  }
}`;

/** A player watches its correspondence match with its player token: joins, the clock and offers are pushed like any event. */
describe.each(MODES)("a player watching live (%s mode)", (mode) => {
  let t: TestServer;
  beforeAll(async () => void (t = await startLiveServer(mode)));
  afterAll(() => t?.close());

  it("sees the join, the clock start and a draw offer, as its own seat", async () => {
    const ann = (await t.rest("POST", "/api/players", { json: { name: "Ann" } })).body.token as string;
    const bob = (await t.rest("POST", "/api/players", { json: { name: "Bob" } })).body.token as string;
    const created = await t.rest("POST", "/api/matches", { token: ann, json: { ruleset: "gol", timeControl: { daysPerMove: 2 }, openSeats: [{ seat: 1 }] } });
    const id = created.body.match.id as string;
    const watcher = watch(t, id, { token: ann, query: QUERY });
    await watcher.results$(1);
    await t.rest("POST", `/api/matches/${id}/join`, { token: bob, json: { invitation: created.body.invitations[0].code } });
    await t.rest("POST", `/api/matches/${id}/draw/offer`, { token: bob });
    await watcher.results$(3);
    const [first, joined, offered] = updatesOf(watcher);
    expect(first.match).toMatchObject({ seat: 0, status: "WAITING", seating: [{ player: { name: "Ann" }, open: false }, { player: null, open: true }] });
    expect(joined.event).toMatchObject({ type: "SeatJoined", data: { seat: 1, player: { name: "Bob" } } });
    expect(joined.match.clock.daysPerMove).toBe(2);
    expect(joined.match.deadline).not.toBeNull();
    expect(offered.event.type).toBe("DrawOffered");
    expect(offered.match.offer).toEqual({ kind: "draw", seat: 1 });
    await watcher.dispose();
  });
});
