import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { MatchEvent, NewEvent } from "../../src/match/events.js";
import { AT, commit, contextWith, given } from "../support/given.js";

const created: MatchEvent = {
  version: 1,
  type: "MatchCreated",
  at: AT,
  data: { matchId: "m", ruleset: "backgammon", options: { matchLength: 1, cube: false }, seats: 2, diceCommitment: "c" },
};
const openingRoll = (values: number[], seat = 0): MatchEvent => ({ version: 2, type: "DiceRolled", at: AT, data: { seat, n: 0, values } });

describe("createMatch", () => {
  it("given nothing, when a backgammon match is created, then MatchCreated records the options with their defaults and the rules version", () => {
    given()
      .when({ type: "CreateMatch", matchId: "m", ruleset: "backgammon", options: {}, diceCommitment: "c" })
      .then([{ type: "MatchCreated", data: { ...created.data, rulesVersion: getRuleset("backgammon").rulesVersion } }]);
  });

  it("rejects an unknown ruleset", () => {
    given().when({ type: "CreateMatch", matchId: "m", ruleset: "chess", options: {}, diceCommitment: "c" }).thenRejects("BAD_USER_INPUT");
  });

  it("rejects invalid options and a seat count the ruleset cannot seat", () => {
    given().when({ type: "CreateMatch", matchId: "m", ruleset: "backgammon", options: { matchLength: 0 }, diceCommitment: "c" }).thenRejects("BAD_USER_INPUT");
    given().when({ type: "CreateMatch", matchId: "m", ruleset: "backgammon", options: {}, seats: 3, diceCommitment: "c" }).thenRejects("BAD_USER_INPUT");
  });
});

describe("rollDice", () => {
  it("given a new match, when either seat asks for the opening roll, then the dice are rolled for both", () => {
    for (const seat of [0, 1]) {
      given(created)
        .when({ type: "RollDice", seat }, contextWith([[5, 2]]))
        .then([{ type: "DiceRolled", data: { seat, n: 0, values: [5, 2] } }]);
    }
  });

  it("given a tied opening roll, when a seat asks again, then roll n=1 is drawn", () => {
    given(created, openingRoll([4, 4]))
      .when({ type: "RollDice", seat: 1 }, contextWith([[2, 6]]))
      .then([{ type: "DiceRolled", data: { seat: 1, n: 1, values: [2, 6] } }]);
  });

  it("given the opening roll was won by seat 0, when seat 0 rolls again, then ALREADY_ROLLED; when seat 1 rolls, NOT_YOUR_TURN", () => {
    given(created, openingRoll([3, 1])).when({ type: "RollDice", seat: 0 }).thenRejects("ALREADY_ROLLED");
    given(created, openingRoll([3, 1])).when({ type: "RollDice", seat: 1 }).thenRejects("NOT_YOUR_TURN");
  });

  it("rejects commands for a match that does not exist", () => {
    given().when({ type: "RollDice", seat: 0 }).thenRejects("NOT_FOUND");
  });
});

describe("submitMove", () => {
  it("given seat 0 won the opening 3-1, when it plays 8/5 6/5, then MovePlayed", () => {
    given(created, openingRoll([3, 1]))
      .when({ type: "SubmitMove", seat: 0, move: "8/5 6/5" })
      .then([{ type: "MovePlayed", data: { seat: 0, move: "8/5 6/5" } }]);
  });

  it("given seat 1 won the opening, when seat 0 moves, then NOT_YOUR_TURN", () => {
    given(created, openingRoll([1, 3])).when({ type: "SubmitMove", seat: 0, move: "8/5 6/5" }).thenRejects("NOT_YOUR_TURN");
  });

  it("given no dice yet, when a seat moves, then DICE_NOT_ROLLED", () => {
    given(created).when({ type: "SubmitMove", seat: 0, move: "8/5 6/5" }).thenRejects("DICE_NOT_ROLLED");
  });

  it("rejects an illegal play with ILLEGAL_MOVE and a reason, and a malformed one with BAD_USER_INPUT", () => {
    given(created, openingRoll([3, 1])).when({ type: "SubmitMove", seat: 0, move: "24/18" }).thenRejects("ILLEGAL_MOVE", "NOT_A_LEGAL_PLAY");
    given(created, openingRoll([3, 1])).when({ type: "SubmitMove", seat: 0, move: { from: 8 } }).thenRejects("BAD_USER_INPUT");
  });

  it("given the play was made, the turn passes to seat 1, who must roll before moving", () => {
    const history = [created, openingRoll([3, 1]), ...commit([created, openingRoll([3, 1])], [{ type: "MovePlayed", data: { seat: 0, move: "8/5 6/5" } }])];
    given(...history).when({ type: "SubmitMove", seat: 1, move: "24/18" }).thenRejects("DICE_NOT_ROLLED");
    given(...history).when({ type: "RollDice", seat: 0 }).thenRejects("NOT_YOUR_TURN");
    given(...history)
      .when({ type: "RollDice", seat: 1 }, contextWith([[6, 6]]))
      .then([{ type: "DiceRolled", data: { seat: 1, n: 1, values: [6, 6] } }]);
  });
});

describe("notes and the rules that decide run once", () => {
  const football: MatchEvent = {
    version: 1,
    type: "MatchCreated",
    at: AT,
    data: { matchId: "m", ruleset: "golnard-football", options: getRuleset("golnard-football").optionsSchema.parse({}), seats: 2, diceCommitment: "c" },
  };

  it("records a move's canonical form and its notes: a hit in backgammon", () => {
    // Seat 0 opens 3-1 (8/5 6/5); seat 1 splits its back checkers with 2-1 to its 22 and 23
    // (seat 0's 3 and 2); seat 0 rolls 2-1: 5/3* hits one of them.
    const history: MatchEvent[] = [created, openingRoll([3, 1])];
    const add = (...events: NewEvent[]) => history.push(...commit(history, events));
    add({ type: "MovePlayed", data: { seat: 0, move: "8/5 6/5" } });
    add({ type: "DiceRolled", data: { seat: 1, n: 1, values: [2, 1] } });
    add({ type: "MovePlayed", data: { seat: 1, move: "24/22 24/23" } });
    add({ type: "DiceRolled", data: { seat: 0, n: 2, values: [2, 1] } });
    given(...history)
      .when({ type: "SubmitMove", seat: 0, move: "6/5 13/11" })
      .then([{ type: "MovePlayed", data: { seat: 0, move: "13/11 6/5" } }]);
    given(...history)
      .when({ type: "SubmitMove", seat: 0, move: "5/3 3/2" })
      .then([{ type: "MovePlayed", data: { seat: 0, move: "5/3*/2*", notes: [{ type: "hit", checkers: 2 }] } }]);
  });

  it("records the notes of a roll: the football kickoff that the opening roll decides", () => {
    given(football)
      .when({ type: "RollDice", seat: 1 }, contextWith([[2, 5]]))
      .then([{ type: "DiceRolled", data: { seat: 1, n: 0, values: [2, 5], notes: [{ type: "kickoff", side: "away", period: 1 }] } }]);
  });

  it("answers a roll asked of a ruleset without dice with NO_DICE_IN_RULESET, before any turn check", () => {
    const gol: MatchEvent = { version: 1, type: "MatchCreated", at: AT, data: { matchId: "m", ruleset: "gol", options: {}, seats: 2, diceCommitment: "c" } };
    for (const seat of [0, 1]) given(gol).when({ type: "RollDice", seat }).thenRejects("NO_DICE_IN_RULESET");
  });
});
