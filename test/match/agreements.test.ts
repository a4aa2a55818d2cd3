import { describe, expect, it } from "vitest";
import { getRuleset, RULESETS, type RulesetId } from "../../src/engine/registry.js";
import { DAY, MatchDriver } from "../support/match-driver.js";

const started = (ruleset: RulesetId, options: unknown = {}) => {
  const d = new MatchDriver();
  d.run({ type: "CreateMatch", matchId: "m", ruleset, options, diceCommitment: "c", timeControl: { daysPerMove: 3 } });
  return d;
};
const sidesOf = (d: MatchDriver) => getRuleset(d.match.ruleset).sides(d.match.game);
/** A seat of another side than `seat`'s. */
const opponentOf = (d: MatchDriver, seat: number) => sidesOf(d).find((s) => !s.seats.includes(seat))!.seats[0]!;

describe.each(RULESETS.map((r) => [r] as const))("%s", (ruleset) => {
  it("resigning concedes the match: the other sides win, by resignation", () => {
    const d = started(ruleset).untilEverySideMoved();
    const events = d.run({ type: "Resign", seat: 0 });
    expect(events.map((e) => e.type)).toEqual(["Resigned", "MatchFinished"]);
    const others = sidesOf(d).filter((s) => !s.seats.includes(0));
    expect(d.match.outcome).toMatchObject({ reason: "resignation", winners: others.flatMap((s) => s.seats), detail: { resigned: 0 } });
    expect(d.match.status).toBe("FINISHED");
    expect(d.match.diceSeed).not.toBeNull();
  });

  it("may be aborted until every side has moved, not after", () => {
    const d = started(ruleset);
    expect(d.run({ type: "Abort", seat: 1 }).map((e) => e.type)).toEqual(["Aborted", "MatchFinished"]);
    expect(d.match.outcome).toMatchObject({ reason: "aborted", winners: [], winningSide: null });
    const late = started(ruleset).untilEverySideMoved();
    expect(late.refused({ type: "Abort", seat: 0 }).code).toBe("TOO_LATE_TO_ABORT");
  });

  const draws = ruleset === "gol" || ruleset === "golnard-football";
  it(draws ? "a draw offered and accepted ends the match drawn; declined or lapsed, play goes on" : "cannot end in a draw", () => {
    const d = started(ruleset).untilEverySideMoved();
    if (!draws) {
      expect(d.refused({ type: "OfferDraw", seat: 0 }).code).toBe("DRAW_NOT_ALLOWED");
      return;
    }
    const other = opponentOf(d, 0);
    expect(d.refused({ type: "AcceptDraw", seat: other }).code).toBe("NO_OFFER");
    d.run({ type: "OfferDraw", seat: 0 });
    expect(d.match.offer).toEqual({ kind: "draw", seat: 0 });
    expect(d.refused({ type: "OfferDraw", seat: other }).code).toBe("OFFER_PENDING");
    expect(d.refused({ type: "AcceptDraw", seat: 0 }).code).toBe("NO_OFFER");
    d.run({ type: "DeclineDraw", seat: other });
    expect(d.match.offer).toBeNull();
    d.run({ type: "OfferDraw", seat: 0 });
    // A seat of the other side that plays on instead of answering declines it.
    while (sidesOf(d).find((s) => s.seats.includes(d.toAct))!.seats.includes(0)) d.step();
    d.step();
    expect(d.match.offer).toBeNull();
    d.run({ type: "OfferDraw", seat: other });
    const events = d.run({ type: "AcceptDraw", seat: 0 });
    expect(events.map((e) => e.type)).toEqual(["DrawAccepted", "MatchFinished"]);
    expect(d.match.outcome).toMatchObject({ reason: "drawAgreed", winners: [], winningSide: null, detail: { offeredBy: other, acceptedBy: 0 } });
  });

  it("after a deadline, only the timeout is accepted", () => {
    const d = started(ruleset).untilEverySideMoved().wait(3 * DAY);
    expect(d.refused({ type: "Resign", seat: 0 }).code).toBe("DEADLINE_PASSED");
    expect(d.refused({ type: "OfferDraw", seat: 0 }).code).toBe(draws ? "DEADLINE_PASSED" : "DRAW_NOT_ALLOWED");
    d.run({ type: "ClaimTimeout", seat: 0 });
    expect(d.match.outcome?.reason).toBe("timeout");
  });
});

describe("golnard-football with a shoot-out", () => {
  it("has no draws to offer", () => {
    const d = started("golnard-football", { shootout: true }).untilEverySideMoved();
    expect(d.refused({ type: "OfferDraw", seat: 0 })).toMatchObject({ code: "DRAW_NOT_ALLOWED", message: expect.stringMatching(/with these options/) });
  });
});

describe("backgammon resignations, as gnubg offers them", () => {
  it("a single, gammon or backgammon offered and accepted scores the game for that times the cube; in a 1-point match that ends it", () => {
    const d = started("backgammon").untilEverySideMoved();
    d.run({ type: "Resign", seat: 1, value: "gammon" });
    expect(d.match.offer).toEqual({ kind: "resignation", seat: 1, value: "gammon" });
    expect(d.refused({ type: "AcceptResignation", seat: 1 }).code).toBe("NO_OFFER");
    const events = d.run({ type: "AcceptResignation", seat: 0 });
    expect(events.map((e) => e.type)).toEqual(["ResignationAccepted", "MatchFinished"]);
    expect(events[0]!.data).toEqual({ seat: 0, resigned: 1, value: "gammon" });
    expect(d.match.outcome).toMatchObject({ reason: "resignation", winner: 0, detail: { points: 2, resultType: "gammon", score: [2, 0] } });
  });

  it("in a longer match the next game starts; declined, the game goes on", () => {
    const d = started("backgammon", { matchLength: 3 }).untilEverySideMoved();
    d.run({ type: "Resign", seat: 0, value: "single" });
    d.run({ type: "DeclineResignation", seat: 1 });
    expect(d.match.offer).toBeNull();
    d.run({ type: "Resign", seat: 0, value: "single" });
    expect(d.run({ type: "AcceptResignation", seat: 1 }).map((e) => e.type)).toEqual(["ResignationAccepted"]);
    expect(d.match.status).toBe("ACTIVE");
    expect(d.match.game).toMatchObject({ score: [0, 1], game: { number: 2, phase: "opening" } });
  });

  it("refuses a value that is not one of single, gammon, backgammon; other rulesets refuse any value", () => {
    const d = started("backgammon").untilEverySideMoved();
    expect(d.refused({ type: "Resign", seat: 0, value: "double" })).toMatchObject({ code: "BAD_USER_INPUT", details: { reason: "UNKNOWN_RESIGNATION_VALUE" } });
    expect(started("gol").untilEverySideMoved().refused({ type: "Resign", seat: 0, value: "single" }).code).toBe("BAD_USER_INPUT");
  });
});
