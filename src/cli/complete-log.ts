import type { MatchEvent } from "../match/events.js";

/** What a command needs of a log beyond its being whole. */
export interface LogNeeds {
  /** The command, for the messages. */
  readonly command: string;
  /** Only this ruleset's logs. */
  readonly ruleset?: string;
  /** Why the match must be finished, if it must. */
  readonly finished?: string;
}

/**
 * Why a log cannot be used as the whole record of a match, or null if it can: it must start
 * with MatchCreated at version 1 and run without a gap, and, when the command needs it, be of
 * its ruleset and end with MatchFinished. A page of the log, or a file cut short, is refused
 * here instead of giving a wrong answer further on.
 */
export function incompleteLog(events: readonly MatchEvent[], needs: LogNeeds): string | null {
  const first = events[0];
  if (!first) return "the log is empty";
  if (first.version !== 1) return `the log is incomplete: it starts at version ${first.version}, not 1 (read it from after=0)`;
  if (first.type !== "MatchCreated") return `the log is not a match's: version 1 is ${first.type}, not MatchCreated`;
  for (let i = 1; i < events.length; i++) {
    const [previous, event] = [events[i - 1]!.version, events[i]!.version];
    if (event === previous + 1) continue;
    return event > previous
      ? `the log is incomplete: version ${previous} is followed by ${event} (${event - previous - 1} event${event - previous === 2 ? "" : "s"} missing)`
      : `the log is out of order: version ${event} follows ${previous}`;
  }
  if (needs.ruleset !== undefined && first.data.ruleset !== needs.ruleset) {
    return `this is a ${first.data.ruleset} match: ${needs.command} handles only ${needs.ruleset} matches`;
  }
  const last = events[events.length - 1]!;
  if (needs.finished !== undefined && last.type !== "MatchFinished") {
    return `the match is not finished: the log ends at version ${last.version} with ${last.type}, and ${needs.command} needs a finished match (${needs.finished})`;
  }
  return null;
}
