import { freshTurn, kickoff } from "./kickoff.js";
import type { TurnEndReason } from "./notes.js";
import { other, type HomeAway } from "../common/home-away.js";
import { turnsPerHalf, type GolState } from "./state.js";
import type { Note } from "../ruleset.js";

/**
 * Ends the turn under way and starts what follows (17.18-17.19, 17.22): every turn counts on the
 * clock, however it ended. After 2 x minutesPerHalf turns the half ends: half time brings away's
 * kickoff, full time ends the match. Otherwise a goal brings the conceding side's kickoff (even
 * after its own goal, so it may play twice in a row); else the other side plays, attacking if it
 * has the ball. The ending side's tripped pieces have sat out their turn: they are free again.
 */
export function finishTurn(state: GolState, reason: TurnEndReason, conceded: HomeAway | null): { state: GolState; notes: Note[] } {
  const turn = state.turn!;
  const notes: Note[] = [{ type: "turnEnded", side: turn.side, tempos: turn.tempo, reason }];
  const counted: GolState = { ...state, frozen: { ...state.frozen, [turn.side]: [] }, turnsInHalf: state.turnsInHalf + 1 };
  if (counted.turnsInHalf >= turnsPerHalf(counted)) {
    const score = { ...state.score };
    if (state.half === 1) {
      notes.push({ type: "halfTime", score }, { type: "kickoff", side: "away", reason: "secondHalf" });
      return { state: kickoff({ ...counted, half: 2, turnsInHalf: 0 }, "away"), notes };
    }
    notes.push({ type: "fullTime", score });
    // After a last-minute goal the pieces go back as for the kickoff that will not be played.
    const final = conceded === null ? counted : kickoff(counted, conceded);
    return { state: { ...final, turn: null }, notes };
  }
  if (conceded !== null) {
    notes.push({ type: "kickoff", side: conceded, reason: "goal" });
    return { state: kickoff(counted, conceded), notes };
  }
  const next = other(turn.side);
  const role = counted.possession === next ? "attack" : "defence";
  const free = role === "attack" && counted.freeTempos === next;
  return { state: { ...counted, freeTempos: free ? null : counted.freeTempos, turn: freshTurn(next, role, false, free) }, notes };
}
