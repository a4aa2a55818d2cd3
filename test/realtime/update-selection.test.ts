import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createViaRest, getMatch, rollUntilMovable } from "../helpers/matches.js";
import type { TestServer } from "../helpers/server.js";
import { MODES, startLiveServer, watch } from "./support.js";

/** A subscription builds only the fields of `match` it selects: however it selects them, each is the read's. */
const QUERY = `subscription($id: ID!, $after: Int) {
  matchUpdated(matchId: $id, afterVersion: $after) { version match { v: version ...Turn ... on Match { state seating { seat open } } } }
}
fragment Turn on Match { toAct phase dice legalMoves }`;

describe.each(MODES)("a subscription's selection of the match (%s mode)", (mode) => {
  let t: TestServer;
  beforeAll(async () => void (t = await startLiveServer(mode)));
  afterAll(() => t?.close());

  it("answers every field selected through aliases and fragments with the values a read gives that seat", async () => {
    const created = await createViaRest(t);
    const movable = await rollUntilMovable(t, created);
    const token = created.tokens[movable.seat!];
    const watcher = watch(t, movable.id, { token, query: QUERY, variables: { id: movable.id, after: movable.version - 1 } });
    const [first] = await watcher.results$(1);
    void watcher.dispose();
    expect(first.errors).toBeUndefined();
    const read = await getMatch(t, movable.id, token);
    const { version, toAct, phase, dice, legalMoves, state, seating } = read;
    expect(first.data.matchUpdated).toEqual({
      version,
      match: { v: version, toAct, phase, dice, legalMoves, state, seating: (seating as { seat: number; open: boolean }[]).map(({ seat, open }) => ({ seat, open })) },
    });
    expect(legalMoves.length).toBeGreaterThan(0);
  });
});
