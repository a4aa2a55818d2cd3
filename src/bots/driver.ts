import { TabulaError } from "../errors.js";
import { BOT_LEVELS } from "../engine/bots.js";
import type { Logger } from "../logger.js";
import { botPlayer, isBot } from "../match/player-ref.js";
import type { Credential } from "../service/credential.js";
import type { ServiceDeps } from "../service/deps.js";
import { bySeat, handleCommand } from "../service/handle-command.js";
import { CoalescedRuns } from "../service/coalesced-runs.js";
import { loadMatch } from "../service/load-match.js";
import { openSeats } from "../match/seating.js";
import { nextBotAction } from "./next-action.js";

/** How long a bot waits before it acts, so that a person can follow its moves; a second. */
export const BOT_THINK_MS = 1000;

/** How many bot-less matches a driver remembers (the oldest forgotten first: one read more, no harm). */
const BOTLESS_KEPT = 10_000;

/** Refusals that only say the match moved on meanwhile: the commit that moved it brings the bot back. */
const MOVED_ON = new Set(["VERSION_CONFLICT", "NOT_YOUR_TURN", "MATCH_FINISHED", "NO_OFFER", "DICE_NOT_DUE", "ALREADY_ROLLED", "WAITING_FOR_PLAYERS", "DEADLINE_PASSED"]);

export interface BotDriverOptions {
  /** The service's own dependencies: a bot's command goes the way a person's does. */
  readonly deps: ServiceDeps;
  readonly logger: Logger;
  /** The wait before each action; default BOT_THINK_MS. */
  readonly thinkMs?: number | undefined;
}

/**
 * Plays the bot seats. Told of each committed match (`committed`, from the store's record of its
 * writes, as webhooks are; on AWS from the table's stream), it loads the match and, while a bot
 * seat is due, waits its think time and sends the bot's command through the service like any
 * client: with the seat's own credential (the hash of its token, which nobody was shown), the
 * version it decided on as its expected version, and an idempotency key of that version. So
 * a duplicate delivery or a retry never makes it act twice (the second is a VERSION_CONFLICT, or
 * the first's answer again), a person who acted meanwhile wins, and every bot move is logged,
 * replayed and checked as any other. `start` resumes the matches where a bot was due when the
 * server stopped (its inbox: bots sit as players).
 */
export class BotDriver {
  /** One run per match at a time; a commit during a run asks for one more. */
  private readonly runs = new CoalescedRuns(() => this.closed);
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly sleeps = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  private closed = false;
  /**
   * Matches no bot will ever act in: finished, or every seat taken and none a bot's (a bot only
   * takes a seat at creation or an open one). Their commits, most of a server's, cost no read.
   */
  private readonly botless = new Set<string>();

  constructor(private readonly options: BotDriverOptions) {}

  /** A commit of this match was acknowledged: a bot may be due (in the background). */
  committed(matchId: string): void {
    this.track(this.play([matchId]));
  }

  /** Plays the bots due in these matches, each until none is; resolves when done. */
  async play(matchIds: readonly string[]): Promise<void> {
    await Promise.all([...new Set(matchIds)].map((matchId) => this.runs.run(matchId, () => this.actWhileDue(matchId))));
  }

  /** Every match where a bot is to act, from the bots' inboxes: what a restart resumes. */
  async start(): Promise<void> {
    const levels = new Set(Object.values(BOT_LEVELS).flat());
    const due = new Set<string>();
    for (const level of levels) {
      let after: string | undefined;
      do {
        const page = await this.options.deps.index.inbox(botPlayer(level).id, { toMove: true, limit: 100, after });
        for (const row of page.rows) due.add(row.matchId);
        after = page.next ?? undefined;
      } while (after && !this.closed);
    }
    await this.play([...due]);
  }

  /** `start` in the background (errors logged). */
  begin(): void {
    this.track(this.start());
  }

  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Stops: a bot thinking stops thinking, and no new command is sent. */
  async close(): Promise<void> {
    this.closed = true;
    for (const sleep of this.sleeps) {
      clearTimeout(sleep.timer);
      sleep.resolve();
    }
    await this.idle();
  }

  private track(work: Promise<unknown>): void {
    const tracked = work.catch((error: unknown) => {
      if (!this.closed) this.options.logger.error("bot failed", error);
    });
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
  }

  private async actWhileDue(matchId: string): Promise<void> {
    while (!this.closed && (await this.actOnce(matchId)));
  }

  /**
   * Sends the next bot command of the match, if a bot is due; whether one was sent. A command the
   * match has moved past (another's came first) is no error: the commit that moved it brings the
   * bot back. On Lambda the stream calls this once per commit (functions/bot-play.ts).
   */
  async actOnce(matchId: string): Promise<boolean> {
    const { deps, logger } = this.options;
    if (this.botless.has(matchId)) return false;
    const { state, secrets } = await loadMatch(deps.store, matchId);
    if (state.status === "FINISHED" || (openSeats(state.seating).length === 0 && !state.seating.some((s) => isBot(s.player)))) {
      this.botless.add(matchId);
      if (this.botless.size > BOTLESS_KEPT) this.botless.delete(this.botless.values().next().value!);
      return false;
    }
    const action = nextBotAction(state);
    if (!action) return false;
    await this.think();
    if (this.closed) return false;
    const credential: Credential = { hash: secrets.seatTokenHashes[action.seat]!, playerToken: false, playerId: null };
    try {
      await handleCommand(deps, {
        matchId,
        expectedVersion: state.version,
        idempotencyKey: `bot-${state.version}`,
        resolve: (loaded) => {
          const resolved = bySeat(credential, () => action.command)(loaded);
          // The seat its credential opens, and one a bot still holds in the match as it is now.
          if (resolved.seat !== action.seat || !isBot(loaded.state.seating[action.seat]?.player)) throw new TabulaError("FORBIDDEN", `seat ${action.seat} is not a bot's`);
          return resolved;
        },
      });
      return true;
    } catch (error) {
      if (error instanceof TabulaError && MOVED_ON.has(error.code)) {
        logger.debug("bot's command overtaken", { matchId, seat: action.seat, code: error.code });
        return false;
      }
      throw error;
    }
  }

  private think(): Promise<void> {
    const ms = this.options.thinkMs ?? BOT_THINK_MS;
    // Closing ends every think under way; one that would begin after it never starts.
    if (ms <= 0 || this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const sleep = {
        timer: setTimeout(() => {
          this.sleeps.delete(sleep);
          resolve();
        }, ms),
        resolve,
      };
      this.sleeps.add(sleep);
    });
  }
}
