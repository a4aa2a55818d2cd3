import { TabulaError } from "../errors.js";
import { MATCH_STATUSES, type MatchStatus } from "../match/state.js";
import type { InboxPage } from "../store/match-index.js";
import { requirePlayer } from "./authenticate-player.js";
import type { ServiceDeps } from "./deps.js";
import type { Bearer } from "./credential.js";

export const INBOX_PAGE_MAX = 100;
export const INBOX_PAGE_DEFAULT = 50;

export interface MyMatchesQuery {
  readonly status?: MatchStatus | undefined;
  readonly toMove?: boolean | undefined;
  readonly after?: string | undefined;
  readonly limit?: number | undefined;
}

/**
 * The correspondence inbox of the token's player, and of no one else: the matches where it is
 * to act first (soonest deadline first), then the others going or waiting for players (the same
 * order), then the finished ones (latest first); one read of the player, one index query.
 */
export async function myMatches(deps: ServiceDeps, token: Bearer, query: MyMatchesQuery = {}): Promise<InboxPage> {
  const limit = query.limit ?? INBOX_PAGE_DEFAULT;
  if (!Number.isInteger(limit) || limit < 1 || limit > INBOX_PAGE_MAX) throw new TabulaError("BAD_USER_INPUT", `\`limit\` must be an integer from 1 to ${INBOX_PAGE_MAX}`);
  if (query.status !== undefined && !MATCH_STATUSES.includes(query.status)) throw new TabulaError("BAD_USER_INPUT", `\`status\` is one of ${MATCH_STATUSES.join(", ")}`);
  if (query.after !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(query.after)) throw new TabulaError("BAD_USER_INPUT", "`after` must be a cursor from an earlier page (`next`)");
  const player = await requirePlayer(deps, token);
  return deps.index.inbox(player.id, { status: query.status, toMove: query.toMove, after: query.after, limit });
}
