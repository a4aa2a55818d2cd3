import type { World } from "./world.js";

/** Seat tokens are `tbl_` and 43 base64url characters (32 random bytes). */
const TOKEN = /tbl_[A-Za-z0-9_-]{43}/g;
/** Dice seeds and token hashes are 64 hex digits; any hex run is searched, at every offset. */
const HEX_RUN = /[0-9a-fA-F]{64,}/g;

/**
 * Every secret of the world that `text` discloses: a seat token of any match (or its stored hash),
 * or the dice seed of a match that is not finished. A secret the request itself carried is not counted: echoing what
 * the client sent tells it nothing (and its own token is how it asked).
 *
 * `finishedHere` names a match that the text shows finished (a push of its MatchFinished), whose
 * seed may appear in it even if the model has not seen the end yet.
 */
export function leakedSecrets(text: string, world: World, sent: string, finishedHere?: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const [token] of text.matchAll(TOKEN)) {
    const owner = world.tokenOwner(token);
    if (owner && !sent.includes(token)) found.push(`the token of seat ${owner.seat} of match ${owner.match.id}`);
  }
  for (const [run] of text.matchAll(HEX_RUN)) {
    const lower = run.toLowerCase();
    for (let at = 0; at + 64 <= lower.length; at++) {
      const hashed = world.tokenHashOwner(lower.slice(at, at + 64));
      if (hashed) found.push(`the token hash of seat ${hashed.seat} of match ${hashed.match.id}`);
      const owner = world.seedOwner(lower.slice(at, at + 64));
      if (owner && !world.finished(owner) && !finishedHere?.has(owner.id) && !sent.includes(lower.slice(at, at + 64))) {
        found.push(`the dice seed of unfinished match ${owner.id}`);
      }
    }
  }
  return [...new Set(found)];
}
