import type { TestServer } from "./server.js";
import { actor, type Created, getMatch, type MatchJson } from "./matches.js";

/**
 * Plays `commands` commands of any ruleset through REST as its seats would: the seat to act
 * rolls when dice are due, else plays its first legal move. Stops early once the match ends.
 */
export async function playCommands(t: TestServer, created: Created, commands: number): Promise<MatchJson> {
  let view = await getMatch(t, created.match.id);
  for (let i = 0; i < commands && view.status !== "FINISHED"; i++) {
    const seat = actor(view);
    const token = created.tokens[seat]!;
    const mine = await getMatch(t, view.id, token);
    const reply =
      mine.phase === "roll"
        ? await t.rest("POST", `/api/matches/${view.id}/dice`, { token })
        : await t.rest("POST", `/api/matches/${view.id}/moves`, { token, json: { move: mine.legalMoves[0], expectedVersion: mine.version } });
    if (reply.status !== 200) throw new Error(`command failed: ${reply.status} ${reply.raw}`);
    view = reply.body;
  }
  return view;
}
