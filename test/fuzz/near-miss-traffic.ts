import fc from "fast-check";
import type { Json } from "../../src/engine/ruleset.js";
import { RULESETS } from "../../src/engine/registry.js";
import type { CommandClaim, Exchange, Finding } from "./exchange.js";
import type { Target } from "./http-exchange.js";
import { commandRequest, readRequest, send, type View } from "./legal-traffic.js";
import type { FuzzMatch, World } from "./world.js";

/**
 * Commands that are well formed in every respect but one: a stale or future version, another
 * seat's or match's token, none, a key reused with another move, a roll that is not due, a move
 * before the roll, another ruleset's move, a finished match. Hostile traffic mostly fails at the
 * door (the body, the token); these reach the service and the rules, and each has the code that
 * the documented order of checks implies (token, key, version, end, turn, then the move).
 */
const MISSES = [
  "no-token",
  "other-match-token",
  "garbage-token",
  "unknown-match",
  "key-reuse-same",
  "key-reuse-different",
  "stale-version",
  "future-version",
  "finished-match",
  "wrong-seat-move",
  "wrong-seat-roll",
  "roll-not-due",
  "no-dice-roll",
  "move-before-roll",
  "other-ruleset-move",
  "other-match-move",
  "mangled-move",
] as const;
type Miss = (typeof MISSES)[number];

export interface NearMissIntent {
  readonly kind: "near-miss";
  readonly miss: Miss;
  readonly pick: number;
  readonly via: "rest" | "graphql";
  readonly by: number;
}

export const nearMissIntent: fc.Arbitrary<NearMissIntent> = fc.record({
  kind: fc.constant("near-miss" as const),
  miss: fc.constantFrom(...MISSES),
  pick: fc.nat(),
  via: fc.constantFrom("rest" as const, "graphql" as const),
  by: fc.integer({ min: 1, max: 12 }),
});

const normalized = (value: unknown) => JSON.stringify(value);

function candidates(world: World, miss: Miss): FuzzMatch[] {
  const withTokens = world.matches.filter((m) => m.tokens);
  if (miss === "finished-match") return withTokens.filter((m) => world.finished(m));
  if (miss === "no-dice-roll") return withTokens.filter((m) => m.ruleset === "gol");
  if (miss.startsWith("key-reuse")) return withTokens.filter((m) => m.keys.some((k) => k.move !== "(unknown)"));
  const playable = withTokens.filter((m) => !world.finished(m));
  // Rolls and dice need a ruleset with dice.
  if (miss === "wrong-seat-roll" || miss === "roll-not-due" || miss === "move-before-roll") return playable.filter((m) => m.ruleset !== "gol");
  return playable;
}

/** A command with its one flaw, and the codes it may get ("accepted": a 200 and no write, a replay). */
interface Plan {
  readonly token: string | undefined;
  readonly matchId: string;
  readonly move?: Json;
  readonly expectedVersion?: number;
  readonly key?: string;
  readonly expect: readonly string[];
}

function plan(intent: NearMissIntent, match: FuzzMatch, view: View | null, world: World): Plan | null {
  const tokens = match.tokens!;
  const current = world.version(match);
  const actors = view?.toAct ?? [];
  const actor = actors[intent.pick % Math.max(1, actors.length)] ?? 0;
  const legal = view?.legalMoves ?? [];
  const someMove: Json = legal[intent.pick % Math.max(1, legal.length)] ?? world.moveBank.get(match.ruleset)?.[intent.pick % 8] ?? "24/18 13/8";
  const others = world.matches.filter((m) => m.tokens && m !== match);
  switch (intent.miss) {
    case "no-token":
      return { token: undefined, matchId: match.id, move: someMove, expect: ["UNAUTHENTICATED"] };
    case "other-match-token": {
      const other = others[intent.pick % Math.max(1, others.length)];
      return other ? { token: other.tokens![intent.pick % other.tokens!.length], matchId: match.id, move: someMove, expect: ["FORBIDDEN"] } : null;
    }
    case "garbage-token":
      return { token: `tbl_${"A".repeat(43)}`, matchId: match.id, expect: ["FORBIDDEN"] };
    case "unknown-match":
      return { token: tokens[0], matchId: `nosuchmatch${intent.pick % 1000}`, move: someMove, expect: ["NOT_FOUND"] };
    case "key-reuse-same":
    case "key-reuse-different": {
      const keyed = match.keys.filter((k) => k.move !== "(unknown)");
      const record = keyed[intent.pick % keyed.length]!;
      const move = JSON.parse(record.move) as Json;
      if (intent.miss === "key-reuse-same") return { token: tokens[record.seat], matchId: match.id, move, key: record.key, expect: ["accepted"] };
      // Another move, and a stale version too: the key is checked first (docs/api.md).
      const bank = world.moveBank.get(match.ruleset) ?? [];
      const different = [...bank, "8/2 6/2", { other: true }].find((m) => normalized(m) !== normalized(move))!;
      return { token: tokens[record.seat], matchId: match.id, move: different, key: record.key, expectedVersion: Math.max(0, current - intent.by), expect: ["IDEMPOTENCY_KEY_REUSED"] };
    }
    case "stale-version":
      return { token: tokens[actor], matchId: match.id, move: someMove, expectedVersion: Math.max(0, current - intent.by), expect: ["VERSION_CONFLICT"] };
    case "future-version":
      return { token: tokens[actor], matchId: match.id, move: someMove, expectedVersion: current + intent.by, expect: ["VERSION_CONFLICT"] };
    case "finished-match": {
      const roll = intent.pick % 2 === 0;
      // Without dice, a roll is refused for that before the end is looked at (src/match/decide.ts).
      return { token: tokens[intent.pick % tokens.length], matchId: match.id, ...(roll ? {} : { move: someMove, expectedVersion: current }), expect: [roll && match.ruleset === "gol" ? "NO_DICE_IN_RULESET" : "MATCH_FINISHED"] };
    }
    case "wrong-seat-move":
    case "wrong-seat-roll": {
      const idle = tokens.map((_, seat) => seat).filter((seat) => !actors.includes(seat));
      if (!view || idle.length === 0) return null;
      const seat = idle[intent.pick % idle.length]!;
      return { token: tokens[seat], matchId: match.id, ...(intent.miss === "wrong-seat-move" ? { move: someMove, expectedVersion: current } : {}), expect: ["NOT_YOUR_TURN"] };
    }
    case "roll-not-due":
      if (!view || view.phase !== "move") return null;
      return { token: tokens[actor], matchId: match.id, expect: [view.dice !== null ? "ALREADY_ROLLED" : "DICE_NOT_DUE"] };
    case "no-dice-roll":
      return { token: tokens[intent.pick % tokens.length], matchId: match.id, expect: ["NO_DICE_IN_RULESET"] };
    case "move-before-roll": {
      if (!view || view.phase !== "roll") return null;
      // A move from elsewhere in the game, not one this position allows before the roll (a double).
      const bank = (world.moveBank.get(match.ruleset) ?? []).filter((m) => !legal.some((l) => normalized(l) === normalized(m)));
      const move = bank[intent.pick % Math.max(1, bank.length)];
      return move === undefined ? null : { token: tokens[actor], matchId: match.id, move, expectedVersion: current, expect: ["DICE_NOT_ROLLED", "ILLEGAL_MOVE", "BAD_USER_INPUT"] };
    }
    case "other-ruleset-move": {
      const ruleset = RULESETS.filter((r) => r !== match.ruleset)[intent.pick % (RULESETS.length - 1)]!;
      const bank = world.moveBank.get(ruleset) ?? [];
      const move = bank[intent.pick % Math.max(1, bank.length)];
      if (move === undefined || !view) return null;
      return { token: tokens[actor], matchId: match.id, move, expectedVersion: current, expect: ["BAD_USER_INPUT", "ILLEGAL_MOVE", "DICE_NOT_ROLLED"] };
    }
    case "other-match-move":
    case "mangled-move": {
      if (!view) return null;
      // Another match's legal move, or this one's respelled, may well be legal here: any answer will do, the checks still apply.
      const move = intent.miss === "other-match-move" ? (world.moveBank.get(match.ruleset) ?? [])[intent.pick % 400] : respelled(someMove, intent.pick);
      return move === undefined ? null : { token: tokens[actor], matchId: match.id, move, expectedVersion: current, expect: [] };
    }
  }
}

/** A move spelled otherwise: whitespace, case, key order, an extra field. */
function respelled(move: Json, pick: number): Json {
  if (typeof move === "string") return [` ${move} `, move.toUpperCase(), move.split(" ").reverse().join(" "), `${move} `][pick % 4]!;
  if (move && typeof move === "object" && !Array.isArray(move)) {
    const entries = Object.entries(move);
    return [Object.fromEntries(entries.reverse()), { ...move, extra: 1 }, Object.fromEntries(entries.slice(1))][pick % 3]!;
  }
  return move;
}

export async function runNearMiss(intent: NearMissIntent, target: Target, emit: (exchange: Exchange) => void): Promise<void> {
  const { world } = target;
  const pool = candidates(world, intent.miss);
  const match = pool[intent.pick % Math.max(1, pool.length)];
  if (!match?.tokens) return;
  const wrap = (sent: Awaited<ReturnType<typeof send>>, purpose: "legal" | "hostile", claims: CommandClaim[] = [], findings: Finding[] = sent.answer.findings): Exchange => ({
    transport: intent.via === "rest" ? "rest" : "graphql-post",
    operation: sent.operation,
    purpose,
    outcomes: sent.answer.outcomes,
    findings,
    claims,
    repro: sent.repro,
    created: new Map(),
    disclosed: sent.answer.disclosed,
    views: sent.views,
  });
  // The view of a seat that may act now: who acts, the phase, the dice and the legal moves.
  let view: View | null = null;
  if (!world.finished(match)) {
    const seat = world.actors(match)[intent.pick % world.actors(match).length] ?? 0;
    const read = await send(target, intent.via, readRequest(intent.via, match.id, match.tokens[seat]), "getMatch");
    emit(wrap(read, "legal"));
    view = read.view && read.view.version === world.version(match) ? read.view : null;
    if (view && !view.toAct.includes(seat)) view = { ...view, legalMoves: [] };
  }
  const p = plan(intent, match, view, world);
  if (!p) return;
  if (p.key !== undefined && p.move !== undefined) world.noteKeyedMove(match.id, p.key, JSON.stringify(p.move));
  const roll = p.move === undefined;
  const sent = await send(target, intent.via, commandRequest(intent.via, p.matchId, p.token, { ...(roll ? {} : { move: p.move }), ...(p.expectedVersion !== undefined ? { expectedVersion: p.expectedVersion } : {}), ...(p.key !== undefined ? { key: p.key } : {}) }), roll ? "rollDice" : "submitMove", `near-miss ${intent.miss}`);
  const accepted = sent.answer.response?.status === 200 && sent.view !== null;
  const code = sent.answer.codes[0];
  const findings = [...sent.answer.findings];
  const got = accepted ? "accepted" : (code ?? `HTTP ${sent.answer.response?.status ?? "none"}`);
  if (p.expect.length > 0 && !p.expect.includes(got) && got !== "RATE_LIMITED") findings.push({ kind: "unexpected code", detail: `${intent.miss} on a ${match.ruleset} match at version ${world.version(match)} got ${got}; the documented order of checks gives ${p.expect.join(" or ")}` });
  const claim: CommandClaim = { kind: roll ? "roll" : "move", matchId: p.matchId, token: p.token ?? null, accepted, code, expectedVersion: p.expectedVersion, key: p.key, moveJson: roll ? undefined : JSON.stringify(p.move), responseVersion: sent.view?.version, purpose: "hostile" };
  emit({ ...wrap(sent, "hostile", [claim], findings), operation: `${sent.operation} (${intent.miss})` });
}
