import { CELLS, halfOf, isGoalZone } from "./board.js";
import { periodLength } from "./flow.js";
import { isKeeper, numberOf, ownerSeat, sideOfToken, type FootballState } from "./state.js";

/**
 * Properties every reachable state has, checked after every command by the random-match tests and
 * by `tabula selfplay`: 22 tokens, one per cell; one ball, never on a token's cell but its
 * holder's and never in a goal zone; no field token in a goal zone; within a period no side plays
 * more than three turns in a row. With `before`, the score never goes down.
 */
export function invariantProblems(s: FootballState, before?: FootballState): string[] {
  const problems: string[] = [];
  if (s.tokens.length !== 22) problems.push(`${s.tokens.length} tokens, not 22`);
  const seen = new Map<number, number>();
  s.tokens.forEach((c, i) => {
    const name = `${sideOfToken(i) === 0 ? "home" : "away"} ${numberOf(i)}`;
    if (!Number.isInteger(c) || c < 0 || c >= CELLS) problems.push(`${name} is off the field (${c})`);
    const other = seen.get(c);
    if (other !== undefined) problems.push(`${name} shares a cell with token index ${other}`);
    seen.set(c, i);
    if (isGoalZone(c) && (!isKeeper(i) || halfOf(c) !== sideOfToken(i))) problems.push(`${name} stands in a goal zone`);
  });
  const t = s.stage.kind === "turn" ? s.stage : null;
  const inHand = s.stage.kind !== "turn" || t!.step === "place" || t!.step === "keeper" || t!.step === "ball";
  if (s.ball === null) {
    if (!inHand) problems.push("no ball on the field");
  } else {
    if (inHand && s.stage.kind === "turn") problems.push(`the ball is on the field during ${t!.step}`);
    if (isGoalZone(s.ball)) problems.push("the ball lies in a goal zone");
    const on = seen.get(s.ball);
    if (s.holder === null) {
      if (on !== undefined) problems.push(`the ball lies on token index ${on}'s cell with no holder`);
    } else if (s.tokens[s.holder] !== s.ball) problems.push("the ball is not on its holder's cell");
  }
  if (s.holder !== null && (!t || t.step !== "move" || sideOfToken(s.holder) !== t.side)) problems.push("a holder outside the mover's move step");
  if (t) {
    if (t.offside.some((i) => sideOfToken(i) !== t.side || isKeeper(i))) problems.push("an offside mark on a token that is not a field token of the mover");
    if (t.forced.some((i) => ownerSeat(s, i) !== t.seat)) problems.push("a forced exit for a token of another seat");
    if (t.step === "move") {
      if (!t.dice || t.dice.length !== 2 || t.dice.some((d) => d < 1 || d > 6)) problems.push(`bad dice ${JSON.stringify(t.dice)}`);
      else if (t.used.every((u) => u)) problems.push("a move step with every die spent");
    }
    if (t.play !== "shootout") {
      if (!s.run || s.run.side !== t.side) problems.push("the run does not follow the side to move");
      else if (s.run.length > 3) problems.push(`${t.side === 0 ? "home" : "away"} plays its ${s.run.length}th turn in a row`);
      const n = periodLength(s);
      if (s.counted[0] > n || s.counted[1] > n) problems.push(`counted turns ${s.counted.join("/")} exceed ${n}`);
    }
  }
  if (s.stage.kind === "over" && s.ended === null) problems.push("over without a reason");
  if (before) {
    if (s.score[0] < before.score[0] || s.score[1] < before.score[1]) problems.push("the score went down");
    if (s.shootout && before.shootout && (s.shootout.goals[0] < before.shootout.goals[0] || s.shootout.goals[1] < before.shootout.goals[1])) problems.push("the shoot-out score went down");
  }
  return problems;
}
