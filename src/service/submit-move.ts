import type { Json } from "../engine/ruleset.js";
import type { ServiceDeps } from "./deps.js";
import { type CommandResult, handleCommand } from "./handle-command.js";

export interface SubmitMoveInput {
  readonly matchId: string;
  readonly token: string | undefined;
  readonly move: Json;
  readonly expectedVersion?: number | undefined;
  readonly idempotencyKey?: string | undefined;
}

export const submitMove = (deps: ServiceDeps, input: SubmitMoveInput): Promise<CommandResult> =>
  handleCommand(deps, {
    matchId: input.matchId,
    token: input.token,
    expectedVersion: input.expectedVersion,
    idempotencyKey: input.idempotencyKey,
    command: (seat) => ({ type: "SubmitMove", seat, move: input.move }),
  });
