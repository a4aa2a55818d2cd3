import { requireSeat } from "./authenticate.js";
import { botOfLevel } from "./create-match.js";
import type { Bearer } from "./credential.js";
import type { ServiceDeps } from "./deps.js";
import { type CommandResult, handleCommand } from "./handle-command.js";
import { hashSeatToken, makeSeatToken } from "./seat-tokens.js";

export interface AddBotInput {
  readonly matchId: string;
  readonly seat: number;
  readonly level: string;
}

/**
 * Seats a bot in an open seat, asked by a seat of the match (its token, or its player's): the
 * correspondence player who would rather not wait for an opponent. The seat is taken as a
 * joining player takes it (SeatJoined; the last seat taken starts the match); its new token is
 * shown to nobody, and the bot acts with its hash. Its invitation stops working with the seat.
 */
export function addBot(deps: ServiceDeps, input: AddBotInput, bearer: Bearer): Promise<CommandResult> {
  return handleCommand(deps, {
    matchId: input.matchId,
    resolve: (loaded) => {
      const seat = requireSeat(bearer, loaded.secrets);
      const player = botOfLevel(loaded.state.ruleset, input.level);
      const token = makeSeatToken(deps.randomBytes(32));
      const { secrets } = loaded;
      return {
        seat,
        command: { type: "JoinSeat", seat: input.seat, player },
        secrets: { ...secrets, seatTokenHashes: secrets.seatTokenHashes.map((h, s) => (s === input.seat ? hashSeatToken(token) : h)) },
      };
    },
  });
}
