import fc from "fast-check";
import type { Json } from "../../src/engine/ruleset.js";
import { RULESETS } from "../../src/engine/registry.js";
import { edgyNumberText, hostileJsonText, nastyString } from "./hostile-values.js";
import type { FuzzMatch, World } from "./world.js";

/**
 * Generated requests name matches, tokens, versions, keys and moves abstractly (an index, a
 * kind); they are resolved against the world only when the request is sent, so the same seed
 * gives the same traffic and every request can aim at what exists at that moment.
 */

export type MatchRef =
  | { readonly kind: "pool"; readonly pick: number; readonly among: "setup" | "any" | "unfinished" | "finished" }
  | { readonly kind: "unknown"; readonly id: string }
  | { readonly kind: "mangled"; readonly pick: number; readonly how: "upper" | "suffix" | "prefix" | "truncate" | "space" };

export const matchRef: fc.Arbitrary<MatchRef> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ kind: fc.constant("pool" as const), pick: fc.nat(), among: fc.constantFrom("setup" as const, "setup" as const, "any" as const, "unfinished" as const, "finished" as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("unknown" as const), id: fc.oneof(nastyString, fc.base64String({ minLength: 16, maxLength: 16 })) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("mangled" as const), pick: fc.nat(), how: fc.constantFrom("upper" as const, "suffix" as const, "prefix" as const, "truncate" as const, "space" as const) }) },
);

function pickMatch(world: World, pick: number, among: "setup" | "any" | "unfinished" | "finished" | "playable"): FuzzMatch | null {
  const candidates = world.matches.filter((m) => {
    if (among === "setup") return m.origin === "setup";
    if (among === "unfinished") return !world.finished(m);
    if (among === "finished") return world.finished(m);
    if (among === "playable") return !world.finished(m) && m.tokens !== null && !m.held;
    return true;
  });
  const pool = candidates.length > 0 ? candidates : world.matches;
  return pool[pick % pool.length] ?? null;
}

export function resolveMatch(ref: MatchRef, world: World): { match: FuzzMatch | null; id: string } {
  if (ref.kind === "unknown") return { match: world.get(ref.id) ?? null, id: ref.id };
  const match = pickMatch(world, ref.pick, ref.kind === "pool" ? ref.among : "any");
  if (!match) return { match: null, id: "nothing-yet" };
  if (ref.kind === "pool") return { match, id: match.id };
  const id = { upper: match.id.toUpperCase(), suffix: `${match.id}x`, prefix: `x${match.id}`, truncate: match.id.slice(0, -1), space: ` ${match.id}` }[ref.how];
  return { match: world.get(id) ?? null, id };
}

export const playableMatch = (world: World, pick: number): FuzzMatch | null => {
  const match = pickMatch(world, pick, "playable");
  return match && !world.finished(match) && match.tokens ? match : null;
};

/** Who a request claims to be. */
export type AuthRef =
  | { readonly kind: "none" }
  | { readonly kind: "seat"; readonly which: "actor" | "other" | "any"; readonly pick: number; readonly spelling: "Bearer" | "bearer" | "BEARER" | "tab" | "trailing-space" }
  | { readonly kind: "other-match"; readonly pick: number }
  | { readonly kind: "garbage"; readonly token: string }
  | { readonly kind: "malformed"; readonly value: string }
  | { readonly kind: "bytes"; readonly bytes: readonly number[] };

const MALFORMED_AUTHORIZATION = ["Bearer", "Bearer ", "Bearer  ", "Basic dXNlcjpwYXNz", "Bearer a b", "Token tbl_x", "Bearer tbl_a, Bearer tbl_b", `Bearer ${"x".repeat(600)}`, "Bearer\u00e9", "bearer\ttbl_\t\tx", " ", "null", "Bearer null", "Bearer undefined"];

export const authRef: fc.Arbitrary<AuthRef> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ kind: "none" as const }) },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant("seat" as const),
      which: fc.constantFrom("actor" as const, "actor" as const, "other" as const, "any" as const),
      pick: fc.nat(),
      spelling: fc.constantFrom("Bearer" as const, "Bearer" as const, "Bearer" as const, "bearer" as const, "BEARER" as const, "tab" as const, "trailing-space" as const),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("other-match" as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("garbage" as const), token: fc.oneof(fc.constant("tbl_nobody"), fc.base64String({ minLength: 1, maxLength: 60 }).map((s) => `tbl_${s.replace(/[+/=]/g, "_")}`), fc.stringMatching(/^[\x21-\x7e]{1,40}$/)) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("malformed" as const), value: fc.oneof(fc.constantFrom(...MALFORMED_AUTHORIZATION), nastyString.filter((s) => !/[\r\n]/.test(s) && /^[\x00-\xff]*$/.test(s))) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("bytes" as const), bytes: fc.array(fc.integer({ min: 0x80, max: 0xff }), { minLength: 1, maxLength: 8 }) }) },
);

export interface ResolvedAuth {
  /** The Authorization header value, or null for none. */
  readonly header: string | Buffer | null;
  /** The token as the server will read it (null: none or unreadable). */
  readonly token: string | null;
}

export function resolveAuth(ref: AuthRef, world: World, target: FuzzMatch | null): ResolvedAuth {
  switch (ref.kind) {
    case "none":
      return { header: null, token: null };
    case "seat": {
      const match = target?.tokens ? target : world.matches.find((m) => m.tokens) ?? null;
      if (!match?.tokens) return { header: null, token: null };
      const actors = world.actors(match);
      const others = match.tokens.map((_, seat) => seat).filter((seat) => !actors.includes(seat));
      const among = ref.which === "actor" || others.length === 0 ? actors : ref.which === "other" ? others : match.tokens.map((_, seat) => seat);
      const seat = among[ref.pick % among.length]! % match.tokens.length;
      const token = match.tokens[seat]!;
      const value = { Bearer: `Bearer ${token}`, bearer: `bearer ${token}`, BEARER: `BEARER ${token}`, tab: `Bearer\t${token}`, "trailing-space": `Bearer ${token}  ` }[ref.spelling];
      return { header: value, token };
    }
    case "other-match": {
      const others = world.matches.filter((m) => m.tokens && m !== target);
      const match = others[ref.pick % Math.max(1, others.length)];
      const token = match?.tokens?.[ref.pick % match.tokens.length];
      return token ? { header: `Bearer ${token}`, token } : { header: null, token: null };
    }
    case "garbage":
      return { header: `Bearer ${ref.token}`, token: ref.token };
    case "malformed":
      return { header: ref.value, token: null };
    case "bytes":
      return { header: Buffer.concat([Buffer.from("Bearer tbl_"), Buffer.from(ref.bytes)]), token: null };
  }
}

/** `expectedVersion` (or If-Match) relative to the match's current version. */
export type VersionRef =
  | { readonly kind: "absent" }
  | { readonly kind: "current" }
  | { readonly kind: "stale"; readonly by: number }
  | { readonly kind: "future"; readonly by: number }
  | { readonly kind: "raw"; readonly text: string };

export const versionRef: fc.Arbitrary<VersionRef> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: "absent" as const }) },
  { weight: 3, arbitrary: fc.constant({ kind: "current" as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("stale" as const), by: fc.integer({ min: 1, max: 20 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("future" as const), by: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("raw" as const), text: fc.oneof(edgyNumberText, hostileJsonText) }) },
);

/** The version as JSON text, or undefined when absent. */
export function resolveVersion(ref: VersionRef, world: World, match: FuzzMatch | null): string | undefined {
  const current = match ? world.version(match) : 1;
  switch (ref.kind) {
    case "absent":
      return undefined;
    case "current":
      return String(current);
    case "stale":
      return String(Math.max(0, current - ref.by));
    case "future":
      return String(current + ref.by);
    case "raw":
      return ref.text;
  }
}

/** An idempotency key: fresh, one the match already accepted (with its move or another), or hostile. */
export type KeyRef =
  | { readonly kind: "absent" }
  | { readonly kind: "fresh"; readonly n: number }
  | { readonly kind: "reuse"; readonly pick: number }
  | { readonly kind: "raw"; readonly text: string };

export const keyRef: fc.Arbitrary<KeyRef> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ kind: "absent" as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("fresh" as const), n: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("reuse" as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("raw" as const), text: fc.oneof(nastyString, fc.constantFrom("a".repeat(128), "a".repeat(129), "😀".repeat(64), "😀".repeat(65))) }) },
);

/** The key as a string (or undefined), and the move it was accepted with when reused. */
export function resolveKey(ref: KeyRef, match: FuzzMatch | null, fresh: () => string): { key: string | undefined; acceptedMove?: string; seat?: number } {
  switch (ref.kind) {
    case "absent":
      return { key: undefined };
    case "fresh":
      return { key: fresh() };
    case "reuse": {
      const record = match?.keys[ref.pick % Math.max(1, match.keys.length)];
      return record ? { key: record.key, acceptedMove: record.move, seat: record.seat } : { key: fresh() };
    }
    case "raw":
      return { key: ref.text };
  }
}

/** A move: a legal one of this match (for some seat, maybe stale), another match's or ruleset's, a mangled one, or raw JSON. */
export type MoveRef =
  | { readonly kind: "legal-here"; readonly pick: number }
  | { readonly kind: "bank"; readonly ruleset: number; readonly pick: number }
  | { readonly kind: "mangled"; readonly pick: number; readonly how: "extra-field" | "wrong-type" | "drop-field" | "wrap" | "case" | "spaces" | "append" }
  | { readonly kind: "reused-key-move"; readonly pick: number }
  | { readonly kind: "raw"; readonly text: string };

export const moveRef: fc.Arbitrary<MoveRef> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("legal-here" as const), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("bank" as const), ruleset: fc.nat(), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("mangled" as const), pick: fc.nat(), how: fc.constantFrom("extra-field" as const, "wrong-type" as const, "drop-field" as const, "wrap" as const, "case" as const, "spaces" as const, "append" as const) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("reused-key-move" as const), pick: fc.nat() }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("raw" as const), text: hostileJsonText }) },
);

/** The move as JSON text. */
export function resolveMove(ref: MoveRef, world: World, match: FuzzMatch | null): string {
  const here = match?.legal?.moves ?? [];
  switch (ref.kind) {
    case "legal-here":
      return JSON.stringify(here[ref.pick % Math.max(1, here.length)] ?? "24/18 13/8");
    case "bank": {
      const ruleset = RULESETS[ref.ruleset % RULESETS.length]!;
      const bank = world.moveBank.get(ruleset) ?? [];
      return JSON.stringify(bank[ref.pick % Math.max(1, bank.length)] ?? "double");
    }
    case "mangled":
      return JSON.stringify(mangle(here[ref.pick % Math.max(1, here.length)] ?? "13/7 8/7", ref.how));
    case "reused-key-move":
      return match?.keys[ref.pick % Math.max(1, match.keys.length)]?.move ?? '"take"';
    case "raw":
      return ref.text;
  }
}

function mangle(move: Json, how: "extra-field" | "wrong-type" | "drop-field" | "wrap" | "case" | "spaces" | "append"): Json {
  if (typeof move === "string") {
    return { "extra-field": { move }, "wrong-type": move.length, "drop-field": move.slice(1), wrap: [move], case: move.toUpperCase(), spaces: ` ${move.replace(/ /g, "  ")} `, append: `${move} 6/5` }[how];
  }
  if (move && typeof move === "object" && !Array.isArray(move)) {
    const keys = Object.keys(move);
    const first = keys[0] ?? "x";
    switch (how) {
      case "extra-field":
        return { ...move, unexpected: true };
      case "wrong-type":
        return { ...move, [first]: typeof move[first] === "number" ? String(move[first]) : 12345 };
      case "drop-field": {
        const { [first]: _dropped, ...rest } = move;
        return rest;
      }
      case "wrap":
        return [move];
      case "case":
        return Object.fromEntries(Object.entries(move).map(([k, v]) => [k.toUpperCase(), v]));
      case "spaces":
        return { ...move, [first]: ` ${JSON.stringify(move[first])} ` };
      case "append":
        return { ...move, to: { x: 999, y: -1 } };
    }
  }
  return [move, move];
}
