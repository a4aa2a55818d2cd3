import { describe, expect, it } from "vitest";
import { deriveRoll, diceCommitment } from "../../src/match/dice.js";

// Vectors computed independently with Python's hmac/hashlib (see docs/dice.md for the recipe).
const SEED = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

describe("verifiable dice", () => {
  it("commits to the seed with its SHA-256", () => {
    expect(diceCommitment(SEED)).toBe("630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd");
  });

  it.each([
    [0, 5, [1, 2, 4, 1, 5]],
    [1, 2, [2, 2]],
    [2, 4, [3, 3, 4, 6]],
    [3, 5, [3, 5, 3, 3, 6]],
  ])("derives roll %i (%i dice) from HMAC-SHA256(seed, matchId:n)", (n, count, expected) => {
    expect(deriveRoll(SEED, "m1", n, count)).toEqual(expected);
  });

  it("skips bytes 252..255 so that no face is favoured", () => {
    // HMAC of "m1:17" starts fc fd 1b 0c: the first two bytes are rejected.
    expect(deriveRoll(SEED, "m1", 17, 2)).toEqual([4, 1]);
  });

  it("depends on the match id, so two matches with one seed still roll differently", () => {
    expect(deriveRoll(SEED, "m2", 0, 5)).not.toEqual(deriveRoll(SEED, "m1", 0, 5));
  });

  it("gives every face with equal frequency over many rolls", () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (let n = 0; n < 6000; n++) for (const die of deriveRoll(SEED, "m1", n, 2)) counts[die - 1]! += 1;
    // 12000 dice: each face 2000 expected, sd ~41; 6 sd is a bound no fair scheme misses.
    for (const count of counts) expect(Math.abs(count - 2000)).toBeLessThan(250);
  });
});
