/**
 * Initiative planning (src/combat/initiative.ts) with scripted dice: rolls against the better
 * skill or the owner's pick, roll-offs with earlier rolls, companions after their controller,
 * scores that sort into the resolved order, and the dice buffer that runs the pure planner on
 * asynchronously rolled dice.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { initiativeCardContext, planInitiative, shownGains, withFoundryDice, type InitiativeCombatantLike } from "../../src/combat/initiative";
import type { DiceRoller } from "../../src/rules";

function who(id: string, ranks: { agility: number; intuition: number } | null, extra: Partial<InitiativeCombatantLike["system"]> = {}, initiative: number | null = null): InitiativeCombatantLike {
  return {
    id, name: id.toUpperCase(), initiative,
    system: { initiativeSkill: "", controllerId: "", ...extra },
    actor: ranks ? { system: { skills: { agility: { rank: ranks.agility }, intuition: { rank: ranks.intuition } } } } : null,
  };
}

/** Dice from a script; throws when it runs out (a test that asks for more dice is wrong). */
function scripted(...faces: number[]): DiceRoller & { left: () => number } {
  const queue = [...faces];
  const roller = ((count: number) => {
    if (queue.length < count) throw new Error(`script ran out: wanted ${count}, had ${queue.length}`);
    return queue.splice(0, count);
  }) as unknown as DiceRoller & { left: () => number };
  roller.left = () => queue.length;
  return roller;
}

const twelve = (face: number) => Array.from({ length: 12 }, () => face);
/** 12 dice with exactly `gains` gains against rank 8 (9s gain, 5s do not). */
const withGains = (gains: number) => [...Array.from({ length: gains }, () => 9), ...Array.from({ length: 12 - gains }, () => 5)];
const score = (plan: ReturnType<typeof planInitiative>, id: string) => plan.updates.find((u) => u._id === id)?.initiative as number;

describe("planInitiative", () => {
  it("rolls 12 dice against the better of Agility and Intuition, or the owner's pick", () => {
    const roller = scripted(...withGains(3), ...twelve(7));
    const plan = planInitiative([who("a", { agility: 8, intuition: 10 }), who("b", { agility: 10, intuition: 8 }, { initiativeSkill: "agility" })], ["a", "b"], roller);
    expect(plan.rolls.map((r) => [r.id, r.skill, r.rank, r.gains])).toEqual([["a", "agility", 8, 3], ["b", "agility", 10, 0]]);
    expect(plan.order).toEqual(["a", "b"]);
    expect(score(plan, "a")).toBeGreaterThan(score(plan, "b"));
    expect(Math.floor(score(plan, "a"))).toBe(3);
    expect(roller.left()).toBe(0);
  });

  it("rolls off ties one d12 at a time until resolved, and reports the dice", () => {
    const roller = scripted(...withGains(2), ...withGains(2), ...withGains(1), 6, 6, 11, 3);
    const plan = planInitiative([who("a", { agility: 8, intuition: 8 }), who("b", { agility: 8, intuition: 8 }), who("c", { agility: 8, intuition: 8 })], ["a", "b", "c"], roller);
    expect(plan.order).toEqual(["a", "b", "c"]);
    expect(plan.rollOffs).toEqual([{ id: "a", name: "A", dice: [6, 11], gains: 2 }, { id: "b", name: "B", dice: [6, 3], gains: 2 }]);
    expect(roller.left()).toBe(0);
  });

  it("a late roller ties with an earlier roll: both roll off, the earlier one keeps its old roll", () => {
    const earlier = who("a", { agility: 8, intuition: 8 }, { initiativeRoll: { gains: 2, skill: "agility", rank: 8, faces: withGains(2), tieBreaks: [] } }, 2.5);
    const roller = scripted(...withGains(2), 4, 9);
    const plan = planInitiative([earlier, who("b", { agility: 8, intuition: 8 })], ["b"], roller);
    expect(plan.rolls.map((r) => r.id)).toEqual(["b"]);
    expect(plan.rollOffs).toEqual([{ id: "a", name: "A", dice: [4], gains: 2 }, { id: "b", name: "B", dice: [9], gains: 2 }]);
    expect(plan.order).toEqual(["b", "a"]);
    expect(plan.updates.find((u) => u._id === "a")).toMatchObject({ "system.initiativeRoll": { gains: 2, tieBreaks: [4] } });
  });

  it("companions roll nothing and act right after their controller, showing its gains", () => {
    const roller = scripted(...withGains(1), ...withGains(4));
    const all = [who("pet", { agility: 8, intuition: 8 }, { controllerId: "a" }), who("a", { agility: 8, intuition: 8 }), who("b", { agility: 8, intuition: 8 })];
    const plan = planInitiative(all, ["pet", "a", "b"], roller);
    expect(plan.rolls.map((r) => r.id)).toEqual(["a", "b"]);
    expect(plan.order).toEqual(["b", "a", "pet"]);
    expect(Math.floor(score(plan, "pet"))).toBe(1);
    expect(score(plan, "a")).toBeGreaterThan(score(plan, "pet"));
    expect(plan.companions).toEqual([{ id: "pet", name: "PET", controller: "A" }]);
  });

  it("skips a combatant without ranks", () => {
    const plan = planInitiative([who("x", null)], ["x"], scripted());
    expect(plan.skipped).toEqual(["x"]);
    expect(plan.updates).toEqual([]);
  });

  it("scores always sort into the resolved order (property)", () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 8 }), fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 400, maxLength: 400 }), (gains, tie) => {
      const faces = gains.flatMap(withGains);
      let t = 0;
      const roller: DiceRoller = (count) => (count === 12 ? faces.splice(0, 12) : [tie[t++ % tie.length]]);
      const all = gains.map((_, i) => who(`c${i}`, { agility: 8, intuition: 8 }));
      const plan = planInitiative(all, all.map((c) => c.id as string), roller);
      const sorted = [...plan.order].sort((a, b) => score(plan, b) - score(plan, a));
      expect(sorted).toEqual(plan.order);
      for (const id of plan.order) expect(Math.floor(score(plan, id))).toBe(plan.rolls.find((r) => r.id === id)?.gains);
    }), { numRuns: 60 });
  });
});

describe("the card and the tracker", () => {
  it("marks every die and lists the order with the gains shown", () => {
    const plan = planInitiative([who("a", { agility: 8, intuition: 9 })], ["a"], scripted(12, 9, 1, 5, 5, 5, 5, 5, 5, 5, 5, 5));
    const context = initiativeCardContext(plan, { a: "Ada" }, { a: 2 });
    expect(context.rolls[0].dice.slice(0, 4).map((d) => d.mark)).toEqual(["double", "gain", "cancel", "none"]);
    expect(context.rolls[0].gains).toBe(2);
    expect(context.order).toEqual([{ position: 1, name: "Ada", gains: 2, hasGains: true }]);
  });

  it("groups the roll-offs by the tie they broke: the gains tied at, who, and each one's dice (issue 20)", () => {
    const roller = scripted(...withGains(2), ...withGains(2), ...withGains(5), ...withGains(5), 6, 6, 11, 3, 9, 7);
    const all = ["a", "b", "c", "d"].map((id) => who(id, { agility: 8, intuition: 8 }));
    const plan = planInitiative(all, ["a", "b", "c", "d"], roller);
    const context = initiativeCardContext(plan, { a: "A", b: "B", c: "C", d: "D" }, { a: 2, b: 2, c: 5, d: 5 });
    expect(context.ties).toEqual([
      { gains: 5, names: "C, D", rolls: [{ name: "C", dice: "6, 9" }, { name: "D", dice: "6, 7" }] },
      { gains: 2, names: "A, B", rolls: [{ name: "A", dice: "11" }, { name: "B", dice: "3" }] },
    ]);
    // Zero gains is a number worth showing too.
    expect(initiativeCardContext(plan, {}, { a: 0 }).order.find((o) => o.name === "a")).toMatchObject({ gains: 0, hasGains: true });
  });

  it("a companion shows its controller's gains (the whole part of its score)", () => {
    expect(shownGains({ initiative: 3.25, system: {} })).toBe(3);
    expect(shownGains({ initiative: 3.25, system: { initiativeRoll: { gains: 5, skill: "agility", rank: 8, faces: [], tieBreaks: [] } } })).toBe(5);
    expect(shownGains({ initiative: null, system: {} })).toBeNull();
  });
});

describe("withFoundryDice", () => {
  it("rolls what the planner asks for and runs it again on the same dice", async () => {
    let next = 1;
    const asked: number[] = [];
    const { result, rolls } = await withFoundryDice((roller) => [roller(12), roller(1), roller(1)], async (count) => {
      asked.push(count);
      const faces = Array.from({ length: count }, () => next++);
      return { roll: { count }, faces };
    });
    expect(asked).toEqual([12, 1, 1]);
    expect(rolls).toHaveLength(3);
    expect(result[0]).toHaveLength(12);
    expect(result[1]).toEqual([13]);
    expect(result[2]).toEqual([14]);
  });
});

describe("Boots of Alacrity (flags.clockwork.magicItem.initiative)", () => {
  const boots = (equipped: boolean) => ({ type: "artifact", system: { equipped }, flags: { clockwork: { magicItem: { initiative: { rerolls: 1, keep: "better" } } } } });
  const wearing = (id: string, equipped: boolean): InitiativeCombatantLike => {
    const c = who(id, { agility: 8, intuition: 10 });
    (c.actor as { items?: unknown[] }).items = [boots(equipped)];
    return c;
  };

  it("rolls twice and keeps the better roll; the card keeps the other", () => {
    const roller = scripted(...withGains(3), ...withGains(6));
    const plan = planInitiative([wearing("a", true)], ["a"], roller);
    expect(roller.left()).toBe(0);
    expect(plan.rolls[0]).toMatchObject({ gains: 6, faces: withGains(6), rerolled: [withGains(3)] });
  });

  it("keeps the first roll when the second is no better", () => {
    const plan = planInitiative([wearing("a", true)], ["a"], scripted(...withGains(5), ...withGains(5)));
    expect(plan.rolls[0]).toMatchObject({ gains: 5, faces: withGains(5), rerolled: [withGains(5)] });
  });

  it("the card's context shows the roll set aside with its dice marked and its gains", () => {
    const plan = planInitiative([wearing("a", true)], ["a"], scripted(...withGains(3), ...withGains(6)));
    const [roll] = initiativeCardContext(plan, { a: "Ada" }, { a: 6 }).rolls;
    expect(roll.gains).toBe(6);
    expect(roll.rerolled).toHaveLength(1);
    expect(roll.rerolled[0].gains).toBe(3);
    expect(roll.rerolled[0].dice.map((d) => d.face)).toEqual(withGains(3));
    expect(roll.rerolled[0].dice.filter((d) => d.mark === "gain" || d.mark === "double")).toHaveLength(3);
  });

  it("boots in the pack roll nothing extra", () => {
    const roller = scripted(...withGains(4));
    const plan = planInitiative([wearing("a", false)], ["a"], roller);
    expect(plan.rolls[0].gains).toBe(4);
    expect(plan.rolls[0].rerolled).toBeUndefined();
  });
});
