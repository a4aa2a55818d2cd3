import type { ServiceDeps } from "./deps.js";
import { type CommandResult, handleCommand } from "./handle-command.js";

export const rollDice = (deps: ServiceDeps, matchId: string, token: string | undefined): Promise<CommandResult> =>
  handleCommand(deps, { matchId, token, command: (seat) => ({ type: "RollDice", seat }) });
