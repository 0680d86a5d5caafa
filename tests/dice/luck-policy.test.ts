import { describe, expect, it } from "vitest";
import { canSpendMoreLuck, standingAttempt } from "../../src/dice/luck-policy";

describe("luck policy (§4.5)", () => {
  it("allows one luck per roll, or any number with keep-best", () => {
    expect(canSpendMoreLuck({ spent: 0, keepBest: false })).toBe(true);
    expect(canSpendMoreLuck({ spent: 1, keepBest: false })).toBe(false);
    expect(canSpendMoreLuck({ spent: 3, keepBest: true })).toBe(true);
  });

  it("lets the new result stand even if worse", () => {
    expect(standingAttempt([5, 1], false)).toBe(1);
  });

  it("keeps the best with keep-best, the earliest among equals", () => {
    expect(standingAttempt([5, 1], true)).toBe(0);
    expect(standingAttempt([2, 6, 4], true)).toBe(1);
    expect(standingAttempt([3, 3, 3], true)).toBe(0);
  });

  it("falls back to the latest when attempts cannot be ranked", () => {
    expect(standingAttempt([null, null], true)).toBe(1);
    expect(() => standingAttempt([], true)).toThrow(RangeError);
  });
});
