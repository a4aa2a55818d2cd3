import type { Json } from "../engine/ruleset.js";
import type { ServiceDeps } from "./deps.js";
import { bySeat, type CommandResult, handleCommand } from "./handle-command.js";
import type { Bearer } from "./credential.js";

export interface SubmitMoveInput {
  readonly matchId: string;
  readonly token: Bearer;
  readonly move: Json;
  readonly expectedVersion?: number | undefined;
  readonly idempotencyKey?: string | undefined;
}

export const submitMove = (deps: ServiceDeps, input: SubmitMoveInput): Promise<CommandResult> =>
  handleCommand(deps, {
    matchId: input.matchId,
    expectedVersion: input.expectedVersion,
    idempotencyKey: input.idempotencyKey,
    resolve: bySeat(input.token, (seat) => ({ type: "SubmitMove", seat, move: input.move })),
  });
