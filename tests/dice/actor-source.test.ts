import { describe, expect, it } from "vitest";
import { attackRollRequest, attackSkill, fociFor, hasFeature, luckKeepsBest, skillRollRequest } from "../../src/dice/actor-source";
import { buildPool } from "../../src/dice/pool";
import { fakeActor, item } from "./fake-actor";

const env = { rollMode: "gmroll" as const, inCombat: false };

describe("skill roll requests", () => {
  it("take the attribute's dice, the rank, the bonus skill and the vitals for Body rolls", () => {
    const actor = fakeActor({ ranks: { strength: 7 }, bonus: ["strength"], vitalsRemaining: 2 });
    const request = skillRollRequest(actor, "strength", {}, env);
    expect(request).toMatchObject({
      actorName: "Ada", subject: { kind: "skill", skill: "strength", attribute: "body" }, attributeDice: 8, threshold: 7,
      bonusSkill: true, physical: true, vitalsRemaining: 2, difficulty: "none", outOfCombat: true, rollMode: "gmroll",
    });
    expect(buildPool(request).dice).toBe(8 + 1 - 2);
  });

  it("do not lose dice to the vitals penalty on Mind rolls", () => {
    const request = skillRollRequest(fakeActor({ vitalsRemaining: 1 }), "knowledge", {}, env);
    expect(request.physical).toBe(false);
    expect(buildPool(request).dice).toBe(6);
  });

  it("offer the skill's foci and apply one asked for by id, name or true", () => {
    const foci = [item("fHist", "History", "focus", { skill: "knowledge" }), item("fSci", "Science", "focus", { skill: "knowledge" }), item("fBow", "Archer", "focus", { skill: "accuracy" })];
    const actor = fakeActor({ items: foci });
    expect(fociFor(actor, "knowledge")).toEqual([{ id: "fHist", name: "History" }, { id: "fSci", name: "Science" }]);
    expect(skillRollRequest(actor, "knowledge", {}, env).focusId).toBe("");
    expect(skillRollRequest(actor, "knowledge", { focus: "Science" }, env).focusId).toBe("fSci");
    expect(skillRollRequest(actor, "knowledge", { focus: "fHist" }, env).focusId).toBe("fHist");
    expect(skillRollRequest(actor, "knowledge", { focus: true }, env).focusId).toBe("fHist");
  });

  it("count an equipped staff as a focus only without a focus item (RULING 82)", () => {
    const staff = item("staff", "Staff of Arcana", "artifact", { equipped: true, effects: { focusSkill: "spellcraft" } });
    expect(fociFor(fakeActor({ items: [staff] }), "spellcraft")).toEqual([{ id: "staff", name: "Staff of Arcana" }]);
    const focus = item("fArc", "Arcanist", "focus", { skill: "spellcraft" });
    expect(fociFor(fakeActor({ items: [staff, focus] }), "spellcraft")).toEqual([{ id: "fArc", name: "Arcanist" }]);
    expect(fociFor(fakeActor({ items: [{ ...staff, system: { ...staff.system, equipped: false } }] }), "spellcraft")).toEqual([]);
  });

  it("read difficulty, opposed and defense options", () => {
    const actor = fakeActor();
    expect(skillRollRequest(actor, "will", { difficulty: "hard" }, env).difficulty).toBe("hard");
    expect(skillRollRequest(actor, "will", { difficulty: 5 }, env)).toMatchObject({ difficulty: "custom", customDifficulty: 5 });
    expect(skillRollRequest(actor, "will", { opposed: true }, env).difficulty).toBe("opposed");
    expect(skillRollRequest(actor, "will", { defense: 4 }, env)).toMatchObject({ difficulty: "defense", customDifficulty: 4 });
    expect(skillRollRequest(actor, "will", {}, { rollMode: "publicroll", inCombat: true }).outOfCombat).toBe(false);
    expect(skillRollRequest(fakeActor({ statuses: ["hexed"] }), "will", {}, env).hexed).toBe(true);
  });

  it("refuse an unknown skill or difficulty with a RangeError naming it", () => {
    expect(() => skillRollRequest(fakeActor(), "strenght", {}, env)).toThrow(/skill.*got "strenght"/);
    expect(() => skillRollRequest(fakeActor(), "will", { difficulty: "tricky" as never }, env)).toThrow(/difficulty.*got "tricky"/);
  });
});

describe("attack roll requests", () => {
  const sword = item("wSword", "Longsword", "weapon", { category: "melee", group: "sword", properties: [{ key: "parry" }] });
  const rapier = item("wRapier", "Rapier", "weapon", { category: "melee", group: "sword", properties: [{ key: "finesse" }] });
  const bow = item("wBow", "Longbow", "weapon", { category: "ranged", group: "bow" });

  it("use Strength for melee, Accuracy for ranged, the better of Strength and Agility for finesse", () => {
    const actor = fakeActor({ ranks: { strength: 9, agility: 7, accuracy: 8 } });
    expect(attackSkill(actor, sword)).toBe("strength");
    expect(attackSkill(actor, rapier)).toBe("agility");
    expect(attackSkill(fakeActor({ ranks: { strength: 6, agility: 7 } }), rapier)).toBe("strength");
    expect(attackSkill(actor, bow)).toBe("accuracy");
  });

  it("preselect a focus of the weapon's group and compare with a defense", () => {
    const archer = item("fBow", "Archer", "focus", { skill: "accuracy", weaponGroup: "bow" });
    const actor = fakeActor({ ranks: { accuracy: 8 }, items: [archer, bow] });
    const request = attackRollRequest(actor, bow, { defense: 3 }, env);
    expect(request).toMatchObject({
      subject: { kind: "attack", skill: "accuracy", attribute: "body", itemName: "Longbow" }, threshold: 8, focusId: "fBow",
      difficulty: "defense", customDifficulty: 3,
    });
    expect(attackRollRequest(actor, bow, { focus: false }, env).focusId).toBe("");
  });

  it("roll a spell with Magic and its skill, preferring a focus of its school", () => {
    const fire = item("fPyro", "Pyromancer", "focus", { skill: "elemental", school: "fire" });
    const bolt = item("sBolt", "Fire Bolt", "spell", { skill: "elemental", school: "fire" });
    const request = attackRollRequest(fakeActor({ ranks: { elemental: 6 }, attributes: { magic: 7 }, items: [fire] }), bolt, {}, env);
    expect(request).toMatchObject({ subject: { kind: "spell", skill: "elemental", attribute: "magic" }, attributeDice: 7, threshold: 6, focusId: "fPyro", physical: false });
  });

  it("use a guided missile's own pool", () => {
    const smart = item("mSmart", "Smart Missile", "weapon", { category: "explosive", group: "missile", missile: { guidance: "smart" } });
    const request = attackRollRequest(fakeActor({ vitalsRemaining: 1 }), smart, {}, env);
    expect(request).toMatchObject({ fixedPool: true, attributeDice: 10, threshold: 4 });
    expect(buildPool(request).dice).toBe(10);
  });

  it("refuse items without an attack pool", () => {
    expect(() => attackRollRequest(fakeActor(), item("a", "Plate", "armor", {}), {}, env)).toThrow(/weapon or a spell.*got "armor"/);
  });
});

describe("features and species", () => {
  it("find Diehard and the Halfling's keep-best luck", () => {
    const actor = fakeActor({ items: [item("d", "Diehard", "feature", { identifier: "diehard" }), item("h", "Halfling", "species", { luckKeepBest: true })] });
    expect(hasFeature(actor, "diehard")).toBe(true);
    expect(luckKeepsBest(actor)).toBe(true);
    expect(luckKeepsBest(fakeActor({ items: [item("o", "Orc", "species", {})] }))).toBe(false);
  });
});
