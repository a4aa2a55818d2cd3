import type { Json, Turn } from "../ruleset.js";

/** The turn as a drawable view shows it; `seat` is kept for clients written when only one seat acted. */
export function turnView(turn: Turn): Json {
  switch (turn.phase) {
    case "roll":
      return { phase: "roll", awaiting: turn.awaiting, seats: [...turn.seats], count: turn.count };
    case "move":
      return { phase: "move", awaiting: turn.awaiting, seats: [...turn.seats], ...(turn.seats.length === 1 ? { seat: turn.seats[0]! } : {}) };
    case "over":
      return { phase: "over", awaiting: "over" };
  }
}

/** The seats that may act now (none once it is over). */
export const actingSeats = (turn: Turn): readonly number[] => (turn.phase === "over" ? [] : turn.seats);
