import { writeNotation } from "../../interop/match-notation.js";
import type { MatchEvent } from "../../match/events.js";
import { matchArchive } from "../../service/match-archive.js";
import * as z from "../../zod.js";
import { defineOperation } from "../operation.js";
import { ref } from "../rest/openapi-refs.js";
import { MatchId } from "./inputs.js";
import { PAST_FOREVER } from "./matches.js";

/** The archive is the log; its text is a courtesy, so a match its notation cannot hold gets null rather than no archive. */
function notationOrNull(events: readonly MatchEvent[]): string | null {
  try {
    return writeNotation(events);
  } catch {
    return null;
  }
}

const READ = ["UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND"] as const;

export const getMatchArchive = defineOperation({
  summary: "Take a finished match away",
  description:
    "The whole finished match as one self-contained JSON document (`MatchArchive`, docs/records.md): the rules version it was played under, its options, every event, the revealed dice seed, the outcome and the match as text in its ruleset's notation. `tabula verify-match` re-checks it offline. A match not finished yet is MATCH_NOT_FINISHED: its dice seed is revealed only at the end.",
  restNote: "Open to spectators. A finished match never changes, so the answer is cached for good (`immutable`).",
  caller: "optionalToken",
  input: z.strictObject({ matchId: MatchId }),
  errors: [...READ, "MATCH_NOT_FINISHED"],
  // Over GraphQL the archive is a field of a match already read (and its token already checked).
  restOnly: READ,
  answers: "value",
  run: (deps, { matchId }, bearer) => matchArchive(deps, matchId, bearer, notationOrNull),
  rest: {
    method: "GET",
    path: "/api/matches/{id}/archive",
    tag: "matches",
    params: { id: "matchId" },
    body: "none",
    headers: () => ({ "cache-control": PAST_FOREVER }),
    responds: { description: "The archive.", schema: ref("MatchArchive") },
  },
  graphql: { field: "Match.archive", returns: "JSON", fromParent: { matchId: "id" } },
});
