import type { Json } from "../../src/engine/ruleset.js";
import type { MatchEvent } from "../../src/match/events.js";
import { KEYS_KEPT } from "../../src/match/snapshot.js";
import type { ObservedCommit } from "./observed-commits.js";

/** What the fuzzer knows of one match: its secrets and the log it expects the store to hold. */
export interface FuzzMatch {
  readonly id: string;
  readonly ruleset: string;
  /** Created before the fuzzing began (with a purpose), or by a fuzzed request. */
  readonly origin: "setup" | "fuzz";
  /** Every seat's token, when the creating answer showed them (a GraphQL selection may not). */
  tokens: string[] | null;
  seed: string | null;
  /** The model: every event the store acknowledged for this match, in order. */
  readonly log: MatchEvent[];
  /** The log as it was when the fuzzing began (the audit compares the end against it). */
  before: readonly MatchEvent[];
  /** What the last view of the current version said (stale once the log moves on). */
  view: { version: number; toAct: number[]; phase: string; dice: number[] | null | undefined } | null;
  /** The last legal moves seen, of the seat that could play them. */
  legal: { version: number; seat: number; moves: Json[] } | null;
  /** Kept in the state setup left it in: legal play never picks it. */
  held?: boolean;
  /** Idempotency keys of accepted keyed moves, oldest first. */
  readonly keys: { seat: number; key: string; move: string }[];
  /** The webhook setup registered for seat 0 (fuzzed requests aim the webhook routes at it). */
  webhookId?: string;
}

export class World {
  readonly matches: FuzzMatch[] = [];
  private readonly byId = new Map<string, FuzzMatch>();
  private readonly tokenOwners = new Map<string, { match: FuzzMatch; seat: number }>();
  private readonly seedOwners = new Map<string, FuzzMatch>();
  /** The stored SHA-256 of every seat token: server-side only, like the tokens. */
  private readonly hashOwners = new Map<string, { match: FuzzMatch; seat: number }>();
  /** Legal moves seen per ruleset, for moves sent to another seat, match or ruleset. */
  readonly moveBank = new Map<string, Json[]>();
  /** Every webhook signing secret handed out (`whsec_...`), with its webhook's id. */
  private readonly webhookSecrets = new Map<string, string>();
  /** Keyed moves as sent, by match and key (a commit records only the key and a fingerprint). */
  private readonly keyedMoves = new Map<string, string>();

  get(id: string): FuzzMatch | undefined {
    return this.byId.get(id);
  }

  version(match: FuzzMatch): number {
    return match.log.at(-1)?.version ?? 0;
  }

  finished(match: FuzzMatch): boolean {
    return match.log.some((event) => event.type === "MatchFinished");
  }

  tokenOwner(token: string): { match: FuzzMatch; seat: number } | undefined {
    return this.tokenOwners.get(token);
  }

  seedOwner(seed: string): FuzzMatch | undefined {
    return this.seedOwners.get(seed);
  }

  /** The webhook a signing secret is of, if it was handed out. */
  webhookOfSecret(secret: string): string | undefined {
    return this.webhookSecrets.get(secret);
  }

  /** The secrets handed out for one webhook (the current one, and those before rotations). */
  secretsOfWebhook(webhookId: string): string[] {
    return [...this.webhookSecrets].flatMap(([secret, id]) => (id === webhookId ? [secret] : []));
  }

  noteWebhookSecret(webhookId: string, secret: string): void {
    this.webhookSecrets.set(secret, webhookId);
  }

  tokenHashOwner(hash: string): { match: FuzzMatch; seat: number } | undefined {
    return this.hashOwners.get(hash);
  }

  /** The seats that may act, as the last view of the current version said (seat 0 when unknown). */
  actors(match: FuzzMatch): number[] {
    return match.view && match.view.version === this.version(match) && match.view.toAct.length > 0 ? match.view.toAct : [0];
  }

  setTokens(match: FuzzMatch, tokens: string[]): void {
    match.tokens = tokens;
    tokens.forEach((token, seat) => this.tokenOwners.set(token, { match, seat }));
  }

  /**
   * Adds what the store acknowledged to the model. Returns a description of anything that does
   * not continue the log exactly (a gap, an overlap, a second creation), or null.
   */
  absorb(commit: ObservedCommit, origin: FuzzMatch["origin"]): string | null {
    const first = commit.events[0];
    if (!first) return `an empty commit for ${commit.matchId}`;
    let match = this.byId.get(commit.matchId);
    if (!match) {
      if (first.type !== "MatchCreated" || first.version !== 1) return `a first commit of ${commit.matchId} that is not MatchCreated at version 1`;
      match = { id: commit.matchId, ruleset: first.data.ruleset, origin, tokens: null, seed: null, log: [], before: [], view: null, legal: null, keys: [] };
      this.matches.push(match);
      this.byId.set(match.id, match);
    }
    const expected = this.version(match) + 1;
    const versions = commit.events.map((e) => e.version);
    if (versions.some((v, i) => v !== expected + i)) return `match ${match.id}: a commit of versions ${versions.join(",")} after version ${expected - 1}`;
    match.log.push(...commit.events);
    commit.snapshot?.secrets.seatTokenHashes.forEach((hash, seat) => this.hashOwners.set(hash, { match: match!, seat }));
    const seed = commit.snapshot?.secrets.diceSeed;
    if (seed && !match.seed) {
      match.seed = seed;
      this.seedOwners.set(seed, match);
    }
    if (commit.idempotency) {
      // Every keyed commit counts, so the window of remembered keys is the server's.
      const move = this.keyedMoves.get(`${match.id} ${commit.idempotency.key}`) ?? "(unknown)";
      match.keys.push({ seat: commit.idempotency.seat, key: commit.idempotency.key, move });
      // The server honours only the most recent keyed moves; older keys may be accepted afresh.
      if (match.keys.length > KEYS_KEPT) match.keys.splice(0, match.keys.length - KEYS_KEPT);
    }
    return null;
  }

  /** Records the move a keyed request sent, so a later reuse of the key can be judged. */
  noteKeyedMove(matchId: string, key: string, moveJson: string): void {
    this.keyedMoves.set(`${matchId} ${key}`, moveJson);
  }

  /** What a match view in some answer says of the match's current version. */
  noteView(view: { id?: unknown; version?: unknown; toAct?: unknown; phase?: unknown; dice?: unknown; seat?: unknown; legalMoves?: unknown }): void {
    if (typeof view.id !== "string" || typeof view.version !== "number") return;
    const match = this.byId.get(view.id);
    if (!match || view.version !== this.version(match)) return;
    if (Array.isArray(view.toAct) && typeof view.phase === "string") match.view = { version: view.version, toAct: view.toAct as number[], phase: view.phase, dice: view.dice as number[] | null | undefined };
    if (typeof view.seat === "number" && Array.isArray(view.legalMoves) && view.legalMoves.length > 0) {
      match.legal = { version: view.version, seat: view.seat, moves: view.legalMoves as Json[] };
      const bank = this.moveBank.get(match.ruleset) ?? [];
      if (bank.length < 400) bank.push(...(view.legalMoves as Json[]).slice(0, 8));
      this.moveBank.set(match.ruleset, bank);
    }
  }
}
