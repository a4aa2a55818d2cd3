import type { Json } from "../boards/drawing.js";

/** What the page shell hands the script in `data-config`: the server's own type (a type only: nothing of the server is bundled). */
export type { EmbedConfig } from "../api/embed/page.js";

export interface SeatInfo {
  readonly seat: number;
  readonly player: { readonly id: string; readonly name: string } | null;
  readonly open: boolean;
}

export interface SeatClock {
  readonly seat: number;
  readonly deadline: string | null;
  readonly bankSeconds: number;
}

export interface Offer {
  readonly kind: "draw" | "resignation";
  readonly seat: number;
  readonly value?: string | null;
}

/** The fields of a match view the page uses (src/service/match-view-schema.ts). */
export interface View {
  readonly id: string;
  readonly ruleset: string;
  readonly status: "WAITING" | "ACTIVE" | "FINISHED";
  readonly version: number;
  readonly seat: number | null;
  readonly toMove: number | null;
  readonly toAct: readonly number[];
  readonly phase: "roll" | "move" | "over";
  readonly awaiting: string;
  readonly dice: readonly number[] | null;
  readonly legalMoves: readonly Json[];
  readonly movablePieces: readonly string[];
  readonly state: Json;
  readonly result: { readonly reason: string; readonly winningSide: string | null; readonly winners: readonly number[] } | null;
  readonly seating: readonly SeatInfo[];
  readonly clock: { readonly seats: readonly SeatClock[] } | null;
  readonly offer: Offer | null;
  readonly drawAllowed: boolean;
  readonly sides: readonly { readonly side: string; readonly seats: readonly number[] }[];
}

export interface MatchEvent {
  readonly version: number;
  readonly type: string;
  readonly at: string;
  readonly data: { readonly [key: string]: Json };
}

/** One subscription message: an event and the match right after it. */
export interface Update {
  readonly version: number;
  readonly event: MatchEvent;
  readonly match: View;
}

/** The same selection for the GraphQL subscription as the REST view gives, so both read alike. */
export const VIEW_FIELDS =
  "id ruleset status version seat toMove toAct phase awaiting dice legalMoves movablePieces state result seating { seat player { id name } open } clock { seats { seat deadline bankSeconds } } offer { kind seat value } drawAllowed sides { side seats }";
