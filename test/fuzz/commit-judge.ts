import { hashSeatToken } from "../../src/service/seat-tokens.js";
import type { CommandClaim, Exchange, Finding } from "./exchange.js";
import type { ObservedCommit } from "./observed-commits.js";
import type { FuzzMatch, World } from "./world.js";

const normalized = (jsonText: string | undefined): string | undefined => {
  if (jsonText === undefined) return undefined;
  try {
    return JSON.stringify(JSON.parse(jsonText));
  } catch {
    return jsonText;
  }
};

/**
 * Holds what the store acknowledged during one exchange against what its answers claimed, and
 * adds the writes to the model. A write is explained only by a command whose answer accepted it,
 * sent with a token of the seat that acted, at the version it expected, with a key not used
 * before; a rejected command, a read, a subscription or a stream explains none. A command whose
 * answer never came (a WebSocket session that ended first) may explain one, but need not.
 */
export function judgeCommits(exchange: Exchange, commits: readonly ObservedCommit[], world: World, origin: FuzzMatch["origin"]): Finding[] {
  const findings: Finding[] = [];
  const open = exchange.claims.filter((c) => c.accepted || c.unanswered);
  const take = (predicate: (c: CommandClaim) => boolean) => {
    const index = open.findIndex(predicate);
    return index === -1 ? undefined : open.splice(index, 1)[0];
  };
  const rejectedOn = (matchId: string) =>
    exchange.claims
      .filter((c) => !c.accepted && c.matchId === matchId)
      .map((c) => c.code ?? "?")
      .join(", ");

  for (const commit of commits) {
    const first = commit.events[0];
    const known = world.get(commit.matchId);
    if (!known) {
      const claim = take((c) => c.kind === "create");
      if (!claim) findings.push({ kind: "unexplained write", detail: `match ${commit.matchId} was created by a request that created nothing it answered for (${exchange.operation})` });
      const problem = world.absorb(commit, origin);
      if (problem) findings.push({ kind: "log gap", detail: problem });
      const created = world.get(commit.matchId);
      const tokens = exchange.created.get(commit.matchId);
      if (created && tokens) {
        const hashes = commit.snapshot?.secrets.seatTokenHashes ?? [];
        if (tokens.length !== hashes.length || tokens.some((t, seat) => hashSeatToken(t) !== hashes[seat])) findings.push({ kind: "tokens", detail: `the tokens handed out for ${commit.matchId} are not the ones stored` });
        world.setTokens(created, tokens);
      }
      continue;
    }
    const before = world.version(known);
    const kind = first?.type === "DiceRolled" ? "roll" : first?.type === "MovePlayed" ? "move" : "other";
    const claim = take((c) => c.kind === kind && c.matchId === commit.matchId);
    if (!claim) {
      const rejected = rejectedOn(commit.matchId);
      findings.push({
        kind: "unexplained write",
        detail: `match ${commit.matchId} got ${commit.events.map((e) => e.type).join("+")} at version ${first?.version} from ${exchange.transport} ${exchange.operation}, which accepted no such command${rejected ? ` (it was refused: ${rejected})` : ""}`,
      });
    } else {
      const owner = claim.token ? world.tokenOwner(claim.token) : undefined;
      const seat = first && "seat" in first.data ? first.data.seat : undefined;
      // A command that is no seat's move (a timeout claimed, a join) may name no seat.
      if (!owner || owner.match !== known || (seat !== undefined && owner.seat !== seat)) findings.push({ kind: "wrong actor", detail: `a ${claim.kind} on ${known.id} was accepted for seat ${seat} with ${owner ? `the token of seat ${owner.seat} of ${owner.match.id}` : "no seat's token"}` });
      if (claim.expectedVersion !== undefined && claim.expectedVersion !== before) findings.push({ kind: "stale version accepted", detail: `a ${claim.kind} on ${known.id} expecting version ${claim.expectedVersion} was accepted at version ${before}` });
      if (claim.key !== undefined && owner && known.keys.some((k) => k.key === claim.key && k.seat === owner.seat)) findings.push({ kind: "idempotency key reused", detail: `the key ${JSON.stringify(claim.key).slice(0, 80)} of seat ${owner.seat} of ${known.id} was accepted for a second write` });
      const last = commit.events.at(-1)?.version;
      if (claim.responseVersion !== undefined && claim.responseVersion !== last) findings.push({ kind: "answer disagrees with the log", detail: `a ${claim.kind} on ${known.id} answered version ${claim.responseVersion}; the store wrote up to ${last}` });
    }
    const problem = world.absorb(commit, origin);
    if (problem) findings.push({ kind: "log gap", detail: problem });
  }

  // An accepted command that wrote nothing must be a retry with the key of an accepted identical move.
  for (const claim of open) {
    if (claim.unanswered) continue;
    const match = claim.matchId ? world.get(claim.matchId) : undefined;
    const owner = claim.token ? world.tokenOwner(claim.token) : undefined;
    const replay = claim.kind === "move" && claim.key !== undefined && match?.keys.some((k) => k.key === claim.key && k.seat === owner?.seat && normalized(k.move) === normalized(claim.moveJson));
    if (!replay) findings.push({ kind: "accepted without a write", detail: `${exchange.transport} ${exchange.operation}: a ${claim.kind}${claim.matchId ? ` on ${claim.matchId}` : ""} was answered as accepted but the store wrote nothing` });
    else if (match && claim.responseVersion !== undefined && claim.responseVersion !== world.version(match)) findings.push({ kind: "answer disagrees with the log", detail: `a keyed retry on ${match.id} answered version ${claim.responseVersion}; the log is at ${world.version(match)}` });
  }
  return findings;
}
