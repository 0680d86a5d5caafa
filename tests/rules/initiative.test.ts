import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { breakTies, initiativeScores, initiativeSkill, placeCompanions, rollInitiative } from "../../src/rules";
import type { DiceRoller } from "../../src/rules";

/** A roller that hands out queued faces in order. */
function queue(...faces: number[]): DiceRoller {
  const left = [...faces];
  return (count) => {
    if (left.length < count) throw new Error("queue empty");
    return left.splice(0, count);
  };
}
const twelve = (face: number, gains = 0): number[] => [...new Array(gains).fill(12), ...new Array(12 - gains).fill(face)];

describe("initiative skill (§4.6 step 1)", () => {
  it("the better (lower) rank, Agility on a tie, or the player's pick", () => {
    expect(initiativeSkill({ agility: 9, intuition: 7 })).toEqual({ skill: "intuition", rank: 7 });
    expect(initiativeSkill({ agility: 6, intuition: 7 })).toEqual({ skill: "agility", rank: 6 });
    expect(initiativeSkill({ agility: 8, intuition: 8 })).toEqual({ skill: "agility", rank: 8 });
    expect(initiativeSkill({ agility: 9, intuition: 7 }, "agility")).toEqual({ skill: "agility", rank: 9 });
    expect(() => initiativeSkill({ agility: 3, intuition: 7 })).toThrow(RangeError);
  });
});

describe("rollInitiative", () => {
  it("12 dice against the chosen rank; highest gains first", () => {
    const result = rollInitiative(
      [{ id: "a", agility: 8, intuition: 12 }, { id: "b", agility: 12, intuition: 6 }],
      queue(...twelve(2, 1), ...twelve(6)),
    );
    expect(result.rolls.map((r) => [r.id, r.skill, r.rank, r.gains])).toEqual([["a", "agility", 8, 2], ["b", "intuition", 6, 12]]);
    expect(result.order).toEqual(["b", "a"]);
  });
  it("ties roll d12s until resolved, only among the tied", () => {
    const result = rollInitiative(
      [{ id: "a", agility: 8, intuition: 8 }, { id: "b", agility: 8, intuition: 8 }, { id: "c", agility: 8, intuition: 8 }],
      // a and b tie at 2 gains, c has 0; then a/b roll 5/5, then 3/9.
      queue(...twelve(2, 1), ...twelve(2, 1), ...twelve(2), 5, 5, 3, 9),
    );
    expect(result.order).toEqual(["b", "a", "c"]);
    expect(result.rolls.find((r) => r.id === "a")?.tieBreaks).toEqual([5, 3]);
    expect(result.rolls.find((r) => r.id === "c")?.tieBreaks).toEqual([]);
  });
  it("companions roll nothing and act right after their controller", () => {
    const result = rollInitiative(
      [
        { id: "wolf", agility: 6, intuition: 6, controllerId: "ranger" },
        { id: "ranger", agility: 8, intuition: 9 },
        { id: "orc", agility: 7, intuition: 7 },
        { id: "pup", agility: 6, intuition: 6, controllerId: "wolf" },
      ],
      queue(...twelve(2), ...twelve(2, 3)),
    );
    expect(result.rolls.map((r) => r.id)).toEqual(["ranger", "orc"]);
    expect(result.order).toEqual(["orc", "ranger", "wolf", "pup"]);
  });
  it("rejects duplicate ids and rollers that return the wrong count or faces", () => {
    expect(() => rollInitiative([{ id: "a", agility: 8, intuition: 8 }, { id: "a", agility: 8, intuition: 8 }], queue())).toThrow(RangeError);
    expect(() => rollInitiative([{ id: "a", agility: 8, intuition: 8 }], () => [5])).toThrow(/12 dice/);
    expect(() => rollInitiative([{ id: "a", agility: 8, intuition: 8 }], () => new Array(12).fill(13))).toThrow(RangeError);
    expect(() => breakTies([{ id: "a", gains: 1 }, { id: "b", gains: 1 }], () => [4])).toThrow(/not resolved/);
  });
  it("property: the order is a permutation, gains never rise along it (before companions), ties resolved", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), (count, seed) => {
      let state = seed;
      const roller: DiceRoller = (n) => Array.from({ length: n }, () => {
        state = (state * 1103515245 + 12345) % 2 ** 31;
        return 1 + (state % 12);
      });
      const combatants = Array.from({ length: count }, (_, i) => ({ id: `c${i}`, agility: 4 + (i % 9), intuition: 12 - (i % 9) }));
      const { rolls, order } = rollInitiative(combatants, roller);
      expect([...order].sort()).toEqual(combatants.map((c) => c.id).sort());
      const gains = new Map(rolls.map((r) => [r.id, r]));
      for (let i = 1; i < order.length; i++) {
        const a = gains.get(order[i - 1])!;
        const b = gains.get(order[i])!;
        expect(a.gains).toBeGreaterThanOrEqual(b.gains);
        if (a.gains === b.gains) expect(a.tieBreaks.join(",")).not.toBe(b.tieBreaks.join(","));
      }
    }));
  });
});

describe("placeCompanions and initiativeScores", () => {
  it("several companions keep their order; an absent controller leaves the companion in place", () => {
    expect(placeCompanions(["a", "m1", "b", "m2"], { m1: "b", m2: "b" })).toEqual(["a", "b", "m1", "m2"]);
    expect(placeCompanions(["a", "m1", "b"], { m1: "gone" })).toEqual(["a", "m1", "b"]);
    expect(() => placeCompanions(["a", "b"], { a: "b", b: "a" })).toThrow(/cycle/);
  });
  it("scores sort into the order and show the gains", () => {
    const order = ["b", "a", "wolf", "c"];
    const scores = initiativeScores(order, { a: 5, b: 5, c: 2 }, { wolf: "a" });
    const sorted = Object.keys(scores).sort((x, y) => scores[y] - scores[x]);
    expect(sorted).toEqual(order);
    expect(order.map((id) => Math.floor(scores[id]))).toEqual([5, 5, 5, 2]);
    expect(() => initiativeScores(["x"], {})).toThrow(RangeError);
  });
});
