import { TabulaError } from "../errors.js";
import type { PlayerRef } from "../match/player-ref.js";
import { openSeats } from "../match/seating.js";
import { playerOf } from "./authenticate-player.js";
import { asCredential, type Bearer } from "./credential.js";
import type { ServiceDeps } from "./deps.js";
import { type CommandResult, handleCommand } from "./handle-command.js";
import type { LoadedState } from "./load-match.js";
import { hashSeatToken, hashToken, makeSeatToken, seatOfTokenHash } from "./seat-tokens.js";

export interface JoinMatchInput {
  readonly matchId: string;
  /** The seat's invitation code; not needed by the player a seat is reserved for. */
  readonly invitation?: string | undefined;
  /** Which open seat, when the caller cares; the invitation's seat otherwise. */
  readonly seat?: number | undefined;
  /** A player token binds the seat to its player (then it also acts for the seat); none: anonymous. */
  readonly token?: Bearer;
}

export interface JoinedMatch extends CommandResult {
  readonly seat: number;
  /** The seat's own token, shown once, here. */
  readonly seatToken: string;
}

/** The open seat an invitation (or, without one, a reservation for the player) opens. */
function seatToTake(loaded: LoadedState, input: JoinMatchInput, player: PlayerRef | null): number {
  const { state, secrets } = loaded;
  const held = player ? state.seating.findIndex((s) => s.player?.id === player.id) : -1;
  if (held >= 0) throw new TabulaError("ALREADY_JOINED", `${player!.name} already holds seat ${held} of this match`);
  const open = openSeats(state.seating);
  if (state.status !== "FINISHED" && open.length === 0) throw new TabulaError("MATCH_FULL", "every seat of this match is taken", { openSeats: [] });
  let seat: number | null = null;
  if (input.invitation !== undefined) {
    seat = seatOfTokenHash(hashToken(input.invitation), secrets.invitationHashes ?? []);
    if (seat === null) throw new TabulaError("INVITATION_INVALID", "this invitation is not one of this match's");
  } else if (player) {
    const reserved = state.seating.findIndex((s) => s.open?.reservedFor?.id === player.id);
    if (reserved >= 0) seat = reserved;
  }
  if (seat === null) throw new TabulaError("INVITATION_INVALID", "joining needs the seat's invitation (or a seat reserved for your player)");
  if (input.seat !== undefined && input.seat !== seat) throw new TabulaError("INVITATION_INVALID", `this invitation is for seat ${seat}, not ${input.seat}`);
  return seat;
}

/**
 * Takes an open seat and hands out its credentials: a new seat token, and with a player token
 * the seat is bound to the player (its token acts for it too). Whatever is refused, nothing is
 * written.
 */
export async function joinMatch(deps: ServiceDeps, input: JoinMatchInput): Promise<JoinedMatch> {
  let player: PlayerRef | null = null;
  const credential = asCredential(input.token);
  if (credential !== undefined) {
    player = await playerOf(deps, credential);
    if (!player) throw new TabulaError("FORBIDDEN", "join with a player token (tbp_...) or without any token");
  }
  let seatToken = "";
  const result = await handleCommand(deps, {
    matchId: input.matchId,
    resolve: (loaded) => {
      const seat = seatToTake(loaded, input, player);
      seatToken = makeSeatToken(deps.randomBytes(32));
      const { secrets } = loaded;
      const playerHashes = secrets.playerTokenHashes ?? Array.from({ length: loaded.state.seats }, () => null);
      return {
        seat,
        command: { type: "JoinSeat", seat, player },
        secrets: {
          ...secrets,
          seatTokenHashes: secrets.seatTokenHashes.map((h, s) => (s === seat ? hashSeatToken(seatToken) : h)),
          playerTokenHashes: playerHashes.map((h, s) => (s === seat && player ? credential!.hash : h)),
        },
      };
    },
  });
  return { ...result, seat: result.seat as number, seatToken };
}
