import { createHash } from "node:crypto";
import type { TestServer } from "./server.js";

/** Every field of Match, for GraphQL selections. */
export const MATCH_FIELDS = `id ruleset status version seat seats sides { side seats } side toMove toAct phase awaiting dice legalMoves state winner result diceCommitment diceSeed createdAt updatedAt`;

export interface MatchJson {
  id: string;
  status: "WAITING" | "ACTIVE" | "FINISHED";
  version: number;
  seat: number | null;
  seats: number;
  toMove: number | null;
  dice: number[] | null;
  legalMoves: unknown[];
  winner: number | null;
  result: { winningSide: string | null; winner: number | null; winners: number[]; detail: unknown } | null;
  sides: { side: string; seats: number[] }[];
  side: string | null;
  toAct: number[];
  phase: "roll" | "move" | "over";
  awaiting: string;
  diceCommitment: string;
  diceSeed: string | null;
  [key: string]: unknown;
}
export interface EventJson {
  version: number;
  type: string;
  at: string;
  data: any;
}
export interface Created {
  match: MatchJson;
  tokens: string[];
}

export async function createViaRest(t: TestServer, body: Record<string, unknown> = { ruleset: "backgammon" }): Promise<Created> {
  const reply = await t.rest("POST", "/api/matches", { json: body });
  if (reply.status !== 201) throw new Error(`createMatch failed: ${reply.status} ${reply.raw}`);
  return { match: reply.body.match, tokens: reply.body.seats.map((s: { token: string }) => s.token) };
}

export async function getMatch(t: TestServer, id: string, token?: string): Promise<MatchJson> {
  const reply = await t.rest("GET", `/api/matches/${id}`, { token });
  if (reply.status !== 200) throw new Error(`getMatch failed: ${reply.status} ${reply.raw}`);
  return reply.body;
}

/** The whole log, page after page. */
export async function events(t: TestServer, id: string): Promise<EventJson[]> {
  const all: EventJson[] = [];
  for (let after = 0; ; ) {
    const reply = await t.rest("GET", `/api/matches/${id}/events?after=${after}`);
    if (reply.status !== 200) throw new Error(`events failed: ${reply.status} ${reply.raw}`);
    all.push(...reply.body.events);
    if (!reply.body.hasMore) return all;
    after = reply.body.next;
  }
}

/** What a rejected command must leave untouched. */
export async function stored(t: TestServer, id: string): Promise<{ version: number; events: EventJson[] }> {
  const [match, log] = await Promise.all([getMatch(t, id), events(t, id)]);
  return { version: match.version, events: log };
}

/** The seat that acts next (the opening roll may be asked by any seat: take seat 0). */
/** A seat that may act now: `toMove` is null when several may (a tied opening roll among some of them). */
export const actor = (match: MatchJson): number => match.toAct[0] ?? match.toMove ?? 0;

export const sha256Hex = (hex: string): string => createHash("sha256").update(Buffer.from(hex, "hex")).digest("hex");

/** Rolls until the match is in a seat's move phase with at least one legal move; returns that view. */
export async function rollUntilMovable(t: TestServer, created: Created): Promise<MatchJson> {
  for (let i = 0; i < 50; i++) {
    const match = await getMatch(t, created.match.id);
    const seat = actor(match);
    const view = await getMatch(t, match.id, created.tokens[seat]);
    if (view.dice !== null && view.legalMoves.length > 0) return view;
    const rolled = await t.rest("POST", `/api/matches/${match.id}/dice`, { token: created.tokens[seat] });
    if (rolled.status !== 200) throw new Error(`roll failed: ${rolled.raw}`);
    if (rolled.body.dice !== null && rolled.body.legalMoves.length > 0) return rolled.body;
  }
  throw new Error("never got a movable position");
}

/** Legal-looking backgammon moves; the first one not in `legal` is an illegal move to try. */
export function illegalMove(legal: readonly unknown[]): string {
  const candidates = ["24/1", "1/24", "13/12 13/12 13/12 13/12", "6/5", "8/7", "24/23", "13/11"];
  const found = candidates.find((move) => !legal.includes(move));
  if (!found) throw new Error("every candidate is legal");
  return found;
}

/** A cube match where a seat has doubled: the other seat must answer take or drop. */
export async function doubledMatch(t: TestServer): Promise<{ created: Created; doubler: number; taker: number; view: MatchJson }> {
  const created = await createViaRest(t, { ruleset: "backgammon", options: { cube: true } });
  const movable = await rollUntilMovable(t, created);
  const mover = movable.seat as number;
  const moved = await t.rest("POST", `/api/matches/${movable.id}/moves`, { token: created.tokens[mover], json: { move: movable.legalMoves[0] } });
  if (moved.status !== 200) throw new Error(`move failed: ${moved.raw}`);
  const doubler = actor(moved.body);
  const doubled = await t.rest("POST", `/api/matches/${movable.id}/moves`, { token: created.tokens[doubler], json: { move: "double" } });
  if (doubled.status !== 200) throw new Error(`double failed: ${doubled.raw}`);
  return { created, doubler, taker: 1 - doubler, view: doubled.body };
}

/** A finished match: a double dropped ends a 1-point match. */
export async function finishedMatch(t: TestServer): Promise<{ created: Created; winner: number; final: MatchJson }> {
  const { created, doubler, taker } = await doubledMatch(t);
  const dropped = await t.rest("POST", `/api/matches/${created.match.id}/moves`, { token: created.tokens[taker], json: { move: "drop" } });
  if (dropped.status !== 200 || dropped.body.status !== "FINISHED") throw new Error(`drop failed: ${dropped.raw}`);
  return { created, winner: doubler, final: dropped.body };
}
