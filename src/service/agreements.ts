import type { ServiceDeps } from "./deps.js";
import { bySeat, type CommandResult, handleCommand } from "./handle-command.js";
import type { Bearer } from "./credential.js";

/**
 * Ending a match by agreement or concession, one function per command; each acts for the seat
 * of the bearer token (a seat's, or its player's) and is decided in src/match/agreements.ts.
 */
type SeatCommand = (deps: ServiceDeps, matchId: string, token: Bearer) => Promise<CommandResult>;

/** Without `value`: concede the match now. With one (backgammon: single, gammon, backgammon): offer to lose the game for it. */
export const resign = (deps: ServiceDeps, matchId: string, token: Bearer, value?: string): Promise<CommandResult> =>
  handleCommand(deps, { matchId, resolve: bySeat(token, (seat) => ({ type: "Resign", seat, ...(value !== undefined ? { value } : {}) })) });

export const acceptResignation: SeatCommand = (deps, matchId, token) => handleCommand(deps, { matchId, resolve: bySeat(token, (seat) => ({ type: "AcceptResignation", seat })) });

export const declineResignation: SeatCommand = (deps, matchId, token) => handleCommand(deps, { matchId, resolve: bySeat(token, (seat) => ({ type: "DeclineResignation", seat })) });

export const offerDraw: SeatCommand = (deps, matchId, token) => handleCommand(deps, { matchId, resolve: bySeat(token, (seat) => ({ type: "OfferDraw", seat })) });

export const acceptDraw: SeatCommand = (deps, matchId, token) => handleCommand(deps, { matchId, resolve: bySeat(token, (seat) => ({ type: "AcceptDraw", seat })) });

export const declineDraw: SeatCommand = (deps, matchId, token) => handleCommand(deps, { matchId, resolve: bySeat(token, (seat) => ({ type: "DeclineDraw", seat })) });

export const abort: SeatCommand = (deps, matchId, token) => handleCommand(deps, { matchId, resolve: bySeat(token, (seat) => ({ type: "Abort", seat })) });
