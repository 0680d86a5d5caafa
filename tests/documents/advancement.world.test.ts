/**
 * XP on real actors booted in the test world: awards to several characters, a rank that
 * raises Body with its new resistance point, a paired spell bought with XP, the log, and
 * refunds that undo each purchase in turn.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createWorld } from "../world";
import {
  awardXp, buyPower, buySkillRank, campaignSpeed, refundLastPurchase, xpStateOf, XpError,
} from "../../src/documents/advancement";
import type { ClockworkActor } from "../../src/documents";
import { xpTotalsFromLog } from "../../src/rules";
import { items } from "../packs/load-sources";

const spell = (name: string) => {
  const doc = items("spells").find((d) => d.name === name)!;
  const { _id: _i, _key: _k, ...rest } = structuredClone(doc);
  return rest as unknown as Parameters<typeof buyPower>[1];
};
const feature = (name: string) => {
  const doc = items("features").find((d) => d.name === name)!;
  const { _id: _i, _key: _k, ...rest } = structuredClone(doc);
  return rest as unknown as Parameters<typeof buyPower>[1];
};

async function character(name: string): Promise<ClockworkActor> {
  return (await CONFIG.Actor.documentClass.create({
    name, type: "character",
    system: { skills: { strength: { rank: 8 }, stamina: { rank: 8 }, knowledge: { rank: 10 } }, resistanceAllocation: { slashing: 3, blunt: 2, piercing: 1 } },
  } as never)) as unknown as ClockworkActor;
}

let ada: ClockworkActor;
let brom: ClockworkActor;

beforeAll(async () => {
  await createWorld({ users: [{ name: "Gamemaster", role: "gm" }] });
});

beforeEach(async () => {
  ada = await character("Ada");
  brom = await character("Brom");
});

describe("the campaign speed setting", () => {
  it("defaults to normal", () => {
    expect(campaignSpeed()).toBe("normal");
  });
});

describe("awards", () => {
  it("go to every chosen character with the same reason, logged", async () => {
    expect(await awardXp([ada, brom], { amount: 4, reason: "majorQuest", note: "the mine" })).toEqual(["Ada", "Brom"]);
    for (const actor of [ada, brom]) {
      const state = xpStateOf(actor);
      expect(state.earned).toBe(4);
      expect(state.log).toHaveLength(1);
      expect(state.log[0]).toMatchObject({ kind: "award", xp: 4, reason: "majorQuest", note: "the mine" });
      expect(typeof state.log[0].date).toBe("number");
    }
  });

  it("refuse a wrong size or reason and write nothing", async () => {
    await expect(awardXp([ada], { amount: 5, reason: "other" })).rejects.toBeInstanceOf(XpError);
    await expect(awardXp([ada], { amount: 1, reason: "majorQuest" })).rejects.toThrow(XpError);
    expect(xpStateOf(ada)).toEqual({ earned: 0, spent: 0, log: [] });
  });
});

describe("purchases and refunds", () => {
  it("a rank that raises Body needs its new point placed, then writes rank, point, XP and log together", async () => {
    for (let i = 0; i < 3; i++) await awardXp([ada], { amount: 4, reason: "extremeChallenge" });
    // Strength 8 + Stamina 8 = 16 → Body 7; Strength 7 → 15 → Body 8: one more point.
    await expect(buySkillRank(ada, "strength")).rejects.toThrow(XpError);
    expect(ada.creature.skills.strength.rank).toBe(8);
    const entry = await buySkillRank(ada, "strength", { piercing: 1 });
    expect(entry).toMatchObject({ kind: "skill", skill: "strength", fromRank: 8, toRank: 7, xp: 10, resistance: { piercing: 1 } });
    expect(ada.creature.skills.strength.rank).toBe(7);
    expect(ada.creature.attributes.body).toBe(8);
    expect(ada.creature.resistanceAllocation.piercing).toBe(2);
    expect(ada.creature.resistancePoints.remaining).toBe(0);
    expect(xpStateOf(ada)).toMatchObject({ earned: 12, spent: 10 });
  });

  it("a paired spell comes with its other half at one price; refunds undo purchases last first", async () => {
    for (let i = 0; i < 3; i++) await awardXp([ada], { amount: 4, reason: "extremeChallenge" });
    await buySkillRank(ada, "knowledge");
    const bought = await buyPower(ada, spell("Haste"), spell("Slow"));
    expect(bought).toMatchObject({ kind: "spell", name: "Haste", xp: 4 });
    expect(ada.items.map((i) => i.name).sort()).toEqual(["Haste", "Slow"]);
    expect(xpStateOf(ada).spent).toBe(6 + 4);
    await expect(buyPower(ada, spell("Slow"))).rejects.toThrow(XpError);

    const refund = await refundLastPurchase(ada);
    expect(refund).toMatchObject({ kind: "refund", xp: 4, name: "Haste" });
    expect(ada.items.size).toBe(0);
    expect(xpStateOf(ada).spent).toBe(6);

    await refundLastPurchase(ada);
    expect(ada.creature.skills.knowledge.rank).toBe(10);
    const state = xpStateOf(ada);
    expect(state.spent).toBe(0);
    expect(xpTotalsFromLog(state.log)).toEqual({ earned: state.earned, spent: state.spent });
    await expect(refundLastPurchase(ada)).rejects.toThrow(XpError);
  });

  it("features check prerequisites and XP; foci can never be bought", async () => {
    await awardXp([ada], { amount: 4, reason: "extremeChallenge" });
    await expect(buyPower(ada, feature("Dire Animal Companion"))).rejects.toThrow(XpError);
    await buyPower(ada, feature("Animal Companion"));
    await expect(buyPower(ada, feature("Dire Animal Companion"))).rejects.toThrow(/6 XP/);
    const focus = { name: "Medicine", type: "focus", system: { identifier: "medicine", level: 1 } };
    await expect(buyPower(ada, focus)).rejects.toThrow(XpError);
    expect(ada.items.map((i) => i.name)).toEqual(["Animal Companion"]);
  });
});
