import type { ServiceDeps } from "./deps.js";
import { bySeat, type CommandResult, handleCommand } from "./handle-command.js";
import type { Bearer } from "./credential.js";

export const rollDice = (deps: ServiceDeps, matchId: string, token: Bearer): Promise<CommandResult> =>
  handleCommand(deps, { matchId, resolve: bySeat(token, (seat) => ({ type: "RollDice", seat })) });
