import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CAMPAIGN_SPEEDS, XP_AWARD_REASONS, awardProblems, bodyPointsGained, emptyAllocation, lastPurchase, nextRankCost,
  planAward, planPowerPurchase, planRefund, planSkillPurchase, withItemIds, xpAvailable, xpTotalsFromLog,
} from "../../src/rules";
import type { CampaignSpeed, PowerPurchaseInput, SkillKey, XpState } from "../../src/rules";
import { skillsWith } from "./helpers";

const fresh = (earned = 0): XpState => ({ earned, spent: 0, log: [] });
let counter = 0;
const stamp = () => ({ id: `e${++counter}`, date: 1_700_000_000_000 + counter, user: "gm" });

describe("awards (§1.20)", () => {
  it("1–4 XP with a reason of that size, or the GM's own", () => {
    for (const [amount, reasons] of Object.entries(XP_AWARD_REASONS)) {
      for (const reason of reasons) expect(awardProblems(Number(amount), reason), `${amount} ${reason}`).toEqual([]);
      expect(awardProblems(Number(amount), "other")).toEqual([]);
    }
    expect(awardProblems(0, "other")).toEqual([{ code: "awardAmount", value: 0, limit: 4 }]);
    expect(awardProblems(5, "other")).toEqual([{ code: "awardAmount", value: 5, limit: 4 }]);
    expect(awardProblems(1.5, "other")[0].code).toBe("awardAmount");
    expect(awardProblems(1, "majorQuest")).toEqual([{ code: "awardReason", subject: "majorQuest", value: 1 }]);
  });

  it("adds to earned and logs the award", () => {
    const plan = planAward(fresh(2), { ...stamp(), amount: 3, reason: "essential", note: "held the bridge" });
    expect(plan.problems).toEqual([]);
    expect(plan.state.earned).toBe(5);
    expect(plan.state.spent).toBe(0);
    expect(plan.entry).toMatchObject({ kind: "award", xp: 3, reason: "essential", note: "held the bridge", user: "gm" });
    expect(plan.state.log).toEqual([plan.entry]);
  });

  it("a refused award changes nothing", () => {
    const state = fresh(2);
    const plan = planAward(state, { ...stamp(), amount: 7, reason: "other" });
    expect(plan.state).toBe(state);
    expect(plan.entry).toBeNull();
  });
});

describe("skill ranks (§1.21)", () => {
  const TABLE: Record<number, [number, number, number]> = {
    11: [1, 2, 3], 10: [2, 4, 6], 9: [3, 6, 9], 8: [4, 8, 12], 7: [5, 10, 15], 6: [6, 12, 18], 5: [7, 14, 21], 4: [8, 16, 24],
  };

  it("costs the table's price for the new rank at each campaign speed", () => {
    for (const [newRank, prices] of Object.entries(TABLE)) {
      CAMPAIGN_SPEEDS.forEach((speed, i) => {
        const skills = skillsWith({ knowledge: Number(newRank) + 1 });
        const plan = planSkillPurchase(fresh(100), { ...stamp(), skill: "knowledge", skills, speed, allocation: emptyAllocation() });
        expect(plan.problems, `${newRank} ${speed}`).toEqual([]);
        expect(plan.cost, `${newRank} ${speed}`).toBe(prices[i]);
        expect(plan.state.spent).toBe(prices[i]);
        expect(plan.skills.knowledge).toBe(Number(newRank));
        expect(plan.entry).toMatchObject({ kind: "skill", skill: "knowledge", fromRank: Number(newRank) + 1, toRank: Number(newRank), xp: prices[i] });
      });
    }
    expect(nextRankCost(4, "fast")).toBeNull();
  });

  it("one rank at a time: 12 → 9 normal is three purchases of 2 + 4 + 6 = 12 (RULING 21)", () => {
    let state = fresh(12);
    let skills = skillsWith();
    for (let i = 0; i < 3; i++) {
      const plan = planSkillPurchase(state, { ...stamp(), skill: "perception", skills, speed: "normal", allocation: emptyAllocation() });
      expect(plan.problems).toEqual([]);
      state = plan.state;
      skills = plan.skills;
    }
    expect(skills.perception).toBe(9);
    expect(state.spent).toBe(12);
    expect(xpAvailable(state)).toBe(0);
  });

  it("refuses rank 4, missing XP and unknown skills or speeds", () => {
    const at4 = planSkillPurchase(fresh(100), { ...stamp(), skill: "will", skills: skillsWith({ will: 4 }), speed: "fast", allocation: emptyAllocation() });
    expect(at4.problems).toEqual([{ code: "rankAtMinimum", subject: "will", value: 4, limit: 4 }]);
    const poor = planSkillPurchase(fresh(5), { ...stamp(), skill: "will", skills: skillsWith({ will: 8 }), speed: "normal", allocation: emptyAllocation() });
    expect(poor.problems).toEqual([{ code: "notEnoughXp", value: 10, limit: 5 }]);
    expect(poor.state.spent).toBe(0);
    expect(planSkillPurchase(fresh(5), { ...stamp(), skill: "luck" as SkillKey, skills: skillsWith(), speed: "fast", allocation: emptyAllocation() }).problems[0].code).toBe("invalidSkill");
    expect(planSkillPurchase(fresh(5), { ...stamp(), skill: "will", skills: skillsWith(), speed: "glacial" as CampaignSpeed, allocation: emptyAllocation() }).problems[0].code).toBe("invalidSpeed");
  });

  it("a rank that raises Body brings resistance points, placed at once under the cap of 5", () => {
    // Strength 8 + Stamina 8 = 16 → Body 7 (3 points); Strength 7 → 15 → Body 8 (4 points).
    const skills = skillsWith({ strength: 8, stamina: 8 });
    expect(bodyPointsGained(skills, "strength", 7)).toBe(1);
    expect(bodyPointsGained(skills, "knowledge", 11)).toBe(0);
    const allocation = { ...emptyAllocation(), slashing: 3, piercing: 2, blunt: 1 };
    const base = { skill: "strength" as const, skills, speed: "fast" as const, allocation };
    expect(planSkillPurchase(fresh(20), { ...stamp(), ...base }).problems).toEqual([{ code: "resistanceUnallocated", value: 0, limit: 1 }]);
    expect(planSkillPurchase(fresh(20), { ...stamp(), ...base, placement: { slashing: 1 } }).problems)
      .toEqual([{ code: "resistanceOverCap", subject: "slashing", value: 6, limit: 5 }]);
    expect(planSkillPurchase(fresh(20), { ...stamp(), ...base, placement: { blunt: 1, energy: 1 } }).problems)
      .toEqual([{ code: "resistanceOverspent", value: 2, limit: 1 }]);
    const plan = planSkillPurchase(fresh(20), { ...stamp(), ...base, placement: { piercing: 1 } });
    expect(plan.problems).toEqual([]);
    expect(plan.bodyPoints).toBe(1);
    expect(plan.allocation.piercing).toBe(3);
    expect(plan.entry?.resistance).toEqual({ piercing: 1 });
  });

  it("a rank that does not raise Body takes no placement", () => {
    const plan = planSkillPurchase(fresh(20), { ...stamp(), skill: "will", skills: skillsWith(), speed: "fast", allocation: emptyAllocation(), placement: { blunt: 1 } });
    expect(plan.problems).toEqual([{ code: "resistanceOverspent", value: 1, limit: 0 }]);
  });
});

describe("spells and features (§1.22)", () => {
  const power = (over: Partial<PowerPurchaseInput> = {}): PowerPurchaseInput => ({
    ...stamp(), kind: "spell", name: "Fireball", identifier: "fireball", level: 3, speed: "normal", owned: [], ...over,
  });

  it("cost level × 1 / 2 / 3", () => {
    for (let level = 1; level <= 4; level++) {
      CAMPAIGN_SPEEDS.forEach((speed, i) => {
        const plan = planPowerPurchase(fresh(50), power({ level, speed }));
        expect(plan.problems).toEqual([]);
        expect(plan.cost).toBe(level * (i + 1));
      });
    }
  });

  it("foci, bonus skills and species can never be bought (§4.22)", () => {
    for (const kind of ["focus", "bonusSkill", "species", "skill"]) {
      expect(planPowerPurchase(fresh(50), power({ kind })).problems).toEqual([{ code: "notPurchasable", subject: kind }]);
    }
  });

  it("checks XP, duplicates (pairs included), repeatable features and prerequisites", () => {
    expect(planPowerPurchase(fresh(5), power()).problems).toEqual([{ code: "notEnoughXp", value: 6, limit: 5 }]);
    expect(planPowerPurchase(fresh(50), power({ owned: ["fireball"] })).problems).toEqual([{ code: "spellDuplicate", subject: "fireball" }]);
    expect(planPowerPurchase(fresh(50), power({ identifier: "slow", pair: "haste", owned: ["haste"] })).problems[0].code).toBe("spellDuplicate");
    const feature = (over: Partial<PowerPurchaseInput>) => power({ kind: "feature", name: "X", ...over });
    expect(planPowerPurchase(fresh(50), feature({ identifier: "diehard", level: 1, owned: ["diehard"] })).problems).toEqual([{ code: "featureDuplicate", subject: "diehard" }]);
    expect(planPowerPurchase(fresh(50), feature({ identifier: "wealthy", level: 1, repeatable: true, owned: ["wealthy"] })).problems).toEqual([]);
    expect(planPowerPurchase(fresh(50), feature({ identifier: "legendary-animal-companion", level: 4, prerequisites: ["dire-animal-companion"], owned: ["animal-companion"] })).problems)
      .toEqual([{ code: "featurePrerequisite", subject: "legendary-animal-companion", detail: "dire-animal-companion" }]);
    // After creation Legendary Animal Companion is allowed once its prerequisite is owned.
    expect(planPowerPurchase(fresh(50), feature({ identifier: "legendary-animal-companion", level: 4, prerequisites: ["dire-animal-companion"], owned: ["animal-companion", "dire-animal-companion"] })).problems).toEqual([]);
    expect(planPowerPurchase(fresh(50), power({ level: 5 })).problems[0].code).toBe("invalidLevel");
  });
});

describe("the XP log and refunds", () => {
  function history() {
    let state = fresh();
    state = planAward(state, { ...stamp(), amount: 4, reason: "majorQuest" }).state;
    state = planAward(state, { ...stamp(), amount: 4, reason: "extremeChallenge" }).state;
    const skills = skillsWith({ strength: 8, stamina: 8 });
    const allocation = { ...emptyAllocation(), slashing: 3 };
    const bought = planSkillPurchase(state, { ...stamp(), skill: "strength", skills, speed: "fast", allocation, placement: { blunt: 1 } });
    state = bought.state;
    const spell = planPowerPurchase(state, { ...stamp(), kind: "spell", name: "Haste", identifier: "haste", pair: "slow", level: 2, speed: "fast", owned: [] });
    state = withItemIds(spell.state, spell.entry!.id, "itemHaste000000a", "itemSlow0000000a");
    return { state, skills: bought.skills, allocation: bought.allocation };
  }

  it("lists every award and purchase with date and cost; totals agree", () => {
    const { state } = history();
    expect(state.log.map((e) => [e.kind, e.xp])).toEqual([["award", 4], ["award", 4], ["skill", 5], ["spell", 2]]);
    expect(state.log.every((e) => typeof e.date === "number" && e.date > 0)).toBe(true);
    expect(xpTotalsFromLog(state.log)).toEqual({ earned: state.earned, spent: state.spent });
    expect(state).toMatchObject({ earned: 8, spent: 7 });
  });

  it("refunds the last purchase first, then the one before; never an award", () => {
    const { state, skills, allocation } = history();
    const first = planRefund(state, { ...stamp(), skills, allocation });
    expect(first.problems).toEqual([]);
    expect(first.undo).toEqual({ itemIds: ["itemHaste000000a", "itemSlow0000000a"] });
    expect(first.state.spent).toBe(5);
    expect(first.entry).toMatchObject({ kind: "refund", xp: 2, name: "Haste", refunds: state.log[3].id });
    expect(first.state.log[3].refunded).toBe(true);

    const second = planRefund(first.state, { ...stamp(), skills, allocation });
    expect(second.problems).toEqual([]);
    expect(second.undo).toEqual({ itemIds: [], skill: "strength", rank: 8, allocation: { ...emptyAllocation(), slashing: 3 } });
    expect(second.state.spent).toBe(0);
    expect(xpTotalsFromLog(second.state.log)).toEqual({ earned: 8, spent: 0 });

    const third = planRefund(second.state, { ...stamp(), skills, allocation });
    expect(third.problems).toEqual([{ code: "nothingToRefund" }]);
    expect(lastPurchase(second.state.log)).toBeNull();
  });

  it("refuses a refund when the character changed since the purchase", () => {
    const { state, skills, allocation } = history();
    const afterSpell = planRefund(state, { ...stamp(), skills, allocation }).state;
    expect(planRefund(afterSpell, { ...stamp(), skills: { ...skills, strength: 6 }, allocation }).problems)
      .toEqual([{ code: "refundStale", subject: "strength", value: 6, limit: 7 }]);
    expect(planRefund(afterSpell, { ...stamp(), skills, allocation: { ...allocation, blunt: 0 } }).problems)
      .toEqual([{ code: "refundStale", subject: "blunt" }]);
  });

  it("property: after any sequence of awards, purchases and refunds the totals match the log and spent ≤ earned", () => {
    const step = fc.oneof(
      fc.record({ op: fc.constant("award" as const), amount: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ op: fc.constant("skill" as const), skill: fc.constantFrom<SkillKey>("will", "knowledge", "charisma") }),
      fc.record({ op: fc.constant("spell" as const), level: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ op: fc.constant("refund" as const) }),
    );
    fc.assert(fc.property(fc.array(step, { maxLength: 40 }), fc.constantFrom(...CAMPAIGN_SPEEDS), (steps, speed) => {
      let state = fresh();
      let skills = skillsWith();
      let spells = 0;
      for (const s of steps) {
        if (s.op === "award") state = planAward(state, { ...stamp(), amount: s.amount, reason: "other" }).state;
        else if (s.op === "skill") {
          const plan = planSkillPurchase(state, { ...stamp(), skill: s.skill, skills, speed, allocation: emptyAllocation() });
          if (plan.problems.length === 0) skills = plan.skills;
          state = plan.state;
        } else if (s.op === "spell") {
          state = planPowerPurchase(state, { ...stamp(), kind: "spell", name: "S", identifier: `s${spells++}`, level: s.level, speed, owned: [] }).state;
        } else {
          const plan = planRefund(state, { ...stamp(), skills, allocation: emptyAllocation() });
          if (plan.undo?.skill) skills = { ...skills, [plan.undo.skill]: plan.undo.rank! };
          state = plan.state;
        }
        if (state.spent > state.earned || state.spent < 0) return false;
        const totals = xpTotalsFromLog(state.log);
        if (totals.earned !== state.earned || totals.spent !== state.spent) return false;
      }
      return true;
    }), { numRuns: 300 });
  });
});

describe("a setting module's damage types (issue 31)", () => {
  // The configured types the shell passes: the book's six and a setting module's "frost".
  const types = ["ballistic", "blunt", "energy", "piercing", "slashing", "explosive", "frost"];
  // Strength 8 + Stamina 8 → Body 7; Strength 7 → Body 8: one new resistance point.
  const skills = skillsWith({ strength: 8, stamina: 8 });
  const withFrost = (frost: number, more: Record<string, number> = {}) => ({ ...emptyAllocation(), frost, ...more }) as ReturnType<typeof emptyAllocation>;
  const rank = (allocation: ReturnType<typeof emptyAllocation>, placement: Record<string, number>, configured: readonly string[] | null = types) =>
    planSkillPurchase(fresh(20), { ...stamp(), skill: "strength", skills, speed: "normal", allocation, placement, types: configured ?? undefined });

  it("a new Body point goes to the setting's type at the book's price, logged like any type", () => {
    const frost = rank(withFrost(1), { frost: 1 });
    const blunt = rank(withFrost(1), { blunt: 1 });
    expect(frost.problems).toEqual([]);
    expect(frost.cost).toBe(blunt.cost);
    expect(frost.cost).toBe(10);
    expect(frost.allocation).toMatchObject({ frost: 2, blunt: 0 });
    expect(frost.entry).toMatchObject({ kind: "skill", skill: "strength", fromRank: 8, toRank: 7, xp: 10, resistance: { frost: 1 } });
    expect(xpTotalsFromLog(frost.state.log).spent).toBe(frost.state.spent);
  });

  it("a type the allocation does not hold yet starts at 0", () => {
    const plan = rank(emptyAllocation(), { frost: 1 });
    expect(plan.problems).toEqual([]);
    expect((plan.allocation as Record<string, number>).frost).toBe(1);
  });

  it("the cap of 5 holds for the setting's type; without it configured the type is refused", () => {
    expect(rank(withFrost(3), { frost: 1 }).problems).toEqual([{ code: "resistanceOverCap", subject: "frost", value: 6, limit: 5 }]);
    expect(rank(withFrost(0), { frost: 1 }, null).problems).toEqual([
      { code: "resistanceInvalid", subject: "frost", value: 1 },
      { code: "resistanceUnallocated", value: 0, limit: 1 },
    ]);
  });

  it("the refund takes the setting's point back off", () => {
    const bought = rank(withFrost(1, { blunt: 2 }), { frost: 1 });
    const refund = planRefund(bought.state, { ...stamp(), skills: bought.skills, allocation: bought.allocation });
    expect(refund.problems).toEqual([]);
    expect(refund.undo).toEqual({ itemIds: [], skill: "strength", rank: 8, allocation: withFrost(1, { blunt: 2 }) });
    expect(refund.state.spent).toBe(0);
    expect(planRefund(bought.state, { ...stamp(), skills: bought.skills, allocation: withFrost(0) }).problems).toEqual([{ code: "refundStale", subject: "frost" }]);
  });

  it("a removed module's type already bought is kept, not offered, and still refundable", () => {
    const bought = rank(withFrost(1), { frost: 1 });
    // The module is gone: frost is no longer configured, but the actor still holds it.
    const bookOnly = types.slice(0, 6);
    const next = planSkillPurchase(bought.state, { ...stamp(), skill: "knowledge", skills: bought.skills, speed: "normal", allocation: bought.allocation, types: bookOnly });
    expect(next.problems).toEqual([]);
    expect((next.allocation as Record<string, number>).frost).toBe(2);
    expect(rank(bought.allocation, { frost: 1 }, bookOnly).problems[0]).toEqual({ code: "resistanceInvalid", subject: "frost", value: 1 });
    const first = planRefund(next.state, { ...stamp(), skills: next.skills, allocation: next.allocation });
    expect((first.undo?.allocation as Record<string, number>).frost).toBe(2);
    const second = planRefund(first.state, { ...stamp(), skills: bought.skills, allocation: first.undo!.allocation! });
    expect(second.problems).toEqual([]);
    expect(second.undo?.allocation).toEqual(withFrost(1));
  });

  it("property: placing new points in any configured type and refunding everything restores the allocation and the XP", () => {
    const body: SkillKey[] = ["strength", "stamina"];
    fc.assert(fc.property(
      fc.array(fc.record({ skill: fc.constantFrom(...body), type: fc.constantFrom(...types) }), { maxLength: 12 }),
      fc.constantFrom(...CAMPAIGN_SPEEDS),
      (buys, speed) => {
        // "ember" stands for a removed module's type: carried through untouched.
        const start = { ...emptyAllocation(), frost: 1, ember: 2 } as ReturnType<typeof emptyAllocation>;
        let state = fresh(400);
        let skills = skillsWith({ strength: 9, stamina: 9 });
        let allocation = start;
        for (const buy of buys) {
          if (skills[buy.skill] <= 4) continue;
          const gained = bodyPointsGained(skills, buy.skill, skills[buy.skill] - 1);
          const placement = gained > 0 ? { [buy.type]: gained } : {};
          const plan = planSkillPurchase(state, { ...stamp(), skill: buy.skill, skills, speed, allocation, placement, types });
          if (plan.problems.length) continue;
          const placed = Object.values(plan.allocation).reduce((a, b) => a + b, 0) - Object.values(allocation).reduce((a, b) => a + b, 0);
          if (placed !== gained || (plan.allocation as Record<string, number>).ember !== 2) return false;
          ({ state, skills, allocation } = plan);
        }
        for (;;) {
          const plan = planRefund(state, { ...stamp(), skills, allocation });
          if (!plan.undo) break;
          if (plan.problems.length) return false;
          skills = { ...skills, [plan.undo.skill!]: plan.undo.rank! };
          allocation = plan.undo.allocation!;
          state = plan.state;
        }
        return state.spent === 0 && JSON.stringify(allocation) === JSON.stringify(start);
      },
    ), { numRuns: 200 });
  });
});
