import type { TestServer } from "./server.js";
import { actor, type Created, getMatch, type MatchJson } from "./matches.js";

/** One command of any ruleset through REST, by whichever seat is to act: a roll when due, else its first legal move. */
export async function actViaApi(t: TestServer, created: Created): Promise<MatchJson> {
  const match = await getMatch(t, created.match.id);
  const token = created.tokens[actor(match)]!;
  const view = await getMatch(t, match.id, token);
  const reply =
    view.phase === "roll"
      ? await t.rest("POST", `/api/matches/${match.id}/dice`, { token })
      : await t.rest("POST", `/api/matches/${match.id}/moves`, { token, json: { move: view.legalMoves[0], expectedVersion: view.version } });
  if (reply.status !== 200) throw new Error(`command failed: ${reply.status} ${reply.raw}`);
  return reply.body;
}

/** `commands` such commands, as the match's seats would play them; stops early once the match ends. */
export async function playCommands(t: TestServer, created: Created, commands: number): Promise<MatchJson> {
  let view = await getMatch(t, created.match.id);
  for (let i = 0; i < commands && view.status !== "FINISHED"; i++) view = await actViaApi(t, created);
  return view;
}
