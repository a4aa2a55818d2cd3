import type { ServiceDeps } from "./deps.js";
import { bySeat, type CommandResult, handleCommand } from "./handle-command.js";
import type { Bearer } from "./credential.js";

/** Any seat of the match may claim once the deadline has passed (by the server's clock); the outcome is the clock's, not the claimer's. */
export const claimTimeout = (deps: ServiceDeps, matchId: string, token: Bearer): Promise<CommandResult> =>
  handleCommand(deps, { matchId, resolve: bySeat(token, (seat) => ({ type: "ClaimTimeout", seat })) });
