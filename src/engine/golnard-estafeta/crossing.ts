import { FINISH_FACE, gateOf, type Gate, type Lane, type ZoneIndex } from "./board.js";
import type { Variant } from "./options.js";
import type { TokenState } from "./state.js";

/** What the gate step g0 -> h0 out of a token's zone does right now. */
export const GATE_KINDS = ["closed", "cross", "finish"] as const;
export type GateKind = (typeof GATE_KINDS)[number];

export interface GateRule {
  readonly kind: GateKind;
  readonly gate: Gate;
  /** The step is the team's first crossing of this face in this lap (it advances `progress`). */
  readonly first: boolean;
  /** Why the gate is closed, for error messages. */
  readonly why?: "NOT_GATHERED" | "GATE_CLOSED";
}

export const isLeadingZone = (zone: ZoneIndex, progress: number): boolean => zone === progress % 4;
export const isTrailingZone = (zone: ZoneIndex, progress: number): boolean => progress > 0 && zone === (progress - 1) % 4;

/**
 * The gate rule for `mover`, standing on g0 of its zone's face, when its team has made
 * `progress` first crossings ("Handoff, gathering, crossing, finishing"):
 * - in the leading zone the step is the team's first crossing of the face, allowed only when
 *   the team is gathered: its n active tokens fill g0..g(n-1) (the mover is on g0);
 * - a token still behind (trailing zone) crosses freely: the team's first token already did;
 * - the step over F41 finishes: always in sprint; in stayer for the first token of the team
 *   across it in a lap, and in lap 4 (where only one token is left).
 * Whether h0 is free is the caller's test: it is a cell like any other.
 */
export function gateRule(variant: Variant, lane: Lane, tokens: readonly TokenState[], progress: number, mover: number, zone: ZoneIndex): GateRule {
  const gate = gateOf(lane, zone);
  const leading = isLeadingZone(zone, progress);
  if (!leading && !isTrailingZone(zone, progress)) return { kind: "closed", gate, first: false, why: "GATE_CLOSED" };
  if (leading) {
    let others = 0;
    for (let i = 0; i < tokens.length; i++) if (i !== mover && tokens[i]!.status === "active") others++;
    // Gathered: each other active token on one of g1..g(others); cells are distinct, so this fills them.
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (i === mover || t.status !== "active") continue;
      let onFormation = false;
      for (let j = 1; j <= others; j++) if (gate.g[j] === t.cell) onFormation = true;
      if (!onFormation) return { kind: "closed", gate, first: true, why: "NOT_GATHERED" };
    }
  }
  if (zone !== FINISH_FACE) return { kind: "cross", gate, first: leading };
  // Trailing over F41 means the lap `progress / 4` has been opened by the team's first finisher.
  const finishes = variant === "sprint" || leading || progress / 4 >= 4;
  return { kind: finishes ? "finish" : "cross", gate, first: leading };
}
