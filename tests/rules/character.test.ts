import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ARMOR_WEIGHTS, ATTRIBUTE_KEYS, ATTRIBUTE_SKILLS, SIZES, SKILL_KEYS, attributeRank, attributesFromSkills, blockBonus, deriveCharacter, dodgeBonus,
  armorBurden, encumbranceFor, movementScore, movementWeightFor, reachFor, speedFromScore,
} from "../../src/rules";
import { skillsWith } from "./helpers";

describe("attributeRank (§1.4)", () => {
  it("adds the two lowest ranks", () => {
    expect(attributeRank([12, 12, 12, 12])).toBe(5);
    expect(attributeRank([4, 4, 12, 12])).toBe(10);
    expect(attributeRank([7, 6, 12, 9])).toBe(8);
    expect(attributeRank([10, 10, 11, 12])).toBe(6);
    expect(attributeRank([12, 5, 12, 6])).toBe(9);
  });
  it("property: agrees with sorting and the band table, and stays within 5..10", () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 4, max: 12 }), { minLength: 4, maxLength: 4 }), (ranks) => {
      const [a, b] = [...ranks].sort((x, y) => x - y);
      const sum = a + b;
      const expected = sum === 8 ? 10 : sum <= 11 ? 9 : sum <= 15 ? 8 : sum <= 19 ? 7 : sum <= 23 ? 6 : 5;
      return attributeRank(ranks) === expected;
    }));
  });
  it("property: the derived attributes equal attributeRank over each attribute's four skills", () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 4, max: 12 }), { minLength: 16, maxLength: 16 }), (ranks) => {
      const skills = skillsWith(Object.fromEntries(SKILL_KEYS.map((k, i) => [k, ranks[i]])));
      const attributes = attributesFromSkills(skills);
      for (const attribute of ATTRIBUTE_KEYS) {
        expect(attributes[attribute]).toBe(attributeRank(ATTRIBUTE_SKILLS[attribute].map((k) => skills[k])));
      }
    }));
  });
  it("maps the four attributes from their own skills", () => {
    expect(attributesFromSkills(skillsWith({ strength: 7, accuracy: 8, knowledge: 4, perception: 4, will: 9 }))).toEqual({ body: 8, magic: 5, mind: 10, spirit: 6 });
  });
});

describe("deriveCharacter (§4.19)", () => {
  const base = skillsWith({ agility: 6, strength: 7, stamina: 9, accuracy: 8, celestial: 8, elemental: 8 });

  it("E32: Agility 6 in Medium armor → movement score 14", () => {
    expect(deriveCharacter({ skills: base, size: "medium", armor: "medium" }).movementScore).toBe(14);
  });
  it("E33: the same character as Large → 15, Run 7, Walk 3", () => {
    const c = deriveCharacter({ skills: base, size: "large", armor: "medium" });
    expect([c.movementScore, c.run, c.walk]).toEqual([15, 7, 3]);
  });
  it("E34: Strength 7 wears Medium freely; Heavy encumbers; Strength 12 in Heavy can only step", () => {
    expect(deriveCharacter({ skills: base, size: "medium", armor: "medium" }).encumbrance).toBe("none");
    const heavy = deriveCharacter({ skills: base, size: "medium", armor: "heavy" });
    expect([heavy.maxArmor, heavy.encumbrance, heavy.canRun, heavy.canWalk]).toEqual(["medium", "encumbered", false, true]);
    const weak = deriveCharacter({ skills: skillsWith(), size: "medium", armor: "heavy" });
    expect([weak.encumbrance, weak.canWalk]).toEqual(["step-only", false]);
  });
  it("E28 / E29: Body 7 gives 3 points, Medium 3 more", () => {
    const c = deriveCharacter({ skills: skillsWith({ strength: 8, agility: 9 }), size: "medium" });
    expect(c.attributes.body).toBe(7);
    expect([c.bodyResistancePoints, c.sizeResistancePoints, c.resistancePoints]).toEqual([3, 3, 6]);
  });
  it("E30: a Medium Orc with Body 8 allocates 7 points", () => {
    expect(deriveCharacter({ skills: base, size: "medium" }).resistancePoints).toBe(7);
  });
  it("grit = size base + Stamina bonus; vitals 6; mana from Magic", () => {
    const c = deriveCharacter({ skills: base, size: "medium" });
    expect(c.grit).toBe(5 + 2);
    expect(c.vitals).toBe(6);
    expect(c.attributes.magic).toBe(7);
    expect(c.mana).toBe(18);
  });
  it("defense: base by size, dodge with the armor penalty, block by shield weight", () => {
    const none = deriveCharacter({ skills: base, size: "medium" });
    expect([none.baseDefense, none.dodge, none.block]).toEqual([3, 4, 0]);
    expect(deriveCharacter({ skills: base, size: "medium", armor: "heavy", shield: "medium" })).toMatchObject({ dodge: 2, block: 3 });
    expect(deriveCharacter({ skills: base, size: "small", shield: "heavy" })).toMatchObject({ baseDefense: 4, block: 5 });
  });
  it("Dwarves: armor dodge penalty reduced by 1, armor one class lighter for movement", () => {
    const dwarf = deriveCharacter({ skills: base, size: "medium", armor: "heavy", lighterArmorForMovement: true, dodgePenaltyReduction: 1 });
    expect(dwarf.dodge).toBe(4 - 1);
    expect(dwarf.movementWeight).toBe("medium");
    expect(dwarf.movementScore).toBe(8 + 6);
    expect(deriveCharacter({ skills: base, size: "medium", armor: "medium", dodgePenaltyReduction: 1 }).dodge).toBe(4);
  });
  it("RULING 78: the heavier of armor and shield sets the movement row", () => {
    expect(deriveCharacter({ skills: base, size: "medium", armor: "light", shield: "heavy" }).movementScore).toBe(4 + 6);
    expect(movementWeightFor("light", "heavy", true)).toBe("medium");
    expect(movementWeightFor("none", "none", true)).toBe("none");
  });
  it("Gnolls and Satyrs: +1 Run, Walk recomputed", () => {
    const c = deriveCharacter({ skills: base, size: "medium", armor: "medium", runBonus: 1 });
    expect([c.run, c.walk]).toEqual([8, 4]);
  });
  it("Slow below 0 run leaves only stepping", () => {
    const slowed = speedFromScore(2, -5);
    expect(slowed).toEqual({ run: 0, walk: 0 });
  });
  it("extras: base vitals for NPCs, vitals, mana and grit bonuses", () => {
    const c = deriveCharacter({ skills: base, size: "medium", baseVitals: 1, vitalsBonus: 1, manaBonus: 6, gritBonus: -1 });
    expect([c.vitals, c.mana, c.grit]).toEqual([2, 18 + 6, 6]);
  });
  it("Enlarge: grit +1, reach +1, base defense −1, dodge and block −1; no effect on Huge", () => {
    const normal = deriveCharacter({ skills: base, size: "medium", shield: "light" });
    const big = deriveCharacter({ skills: base, size: "medium", shield: "light", sizeShift: 1 });
    expect([big.grit - normal.grit, big.reach - normal.reach, big.baseDefense - normal.baseDefense, big.dodge - normal.dodge, big.block - normal.block]).toEqual([1, 1, -1, -1, -1]);
    const huge = deriveCharacter({ skills: base, size: "huge" });
    expect(deriveCharacter({ skills: base, size: "huge", sizeShift: 1 })).toEqual(huge);
    const small = deriveCharacter({ skills: base, size: "tiny", sizeShift: -1 });
    expect(small).toEqual(deriveCharacter({ skills: base, size: "tiny" }));
  });
  it("reach: 1 up to Medium, 2 Large, 3 Huge, +1 for the Reach property", () => {
    expect(SIZES.map((s) => reachFor(s))).toEqual([1, 1, 1, 2, 3]);
    expect(reachFor("medium", { reachProperty: true })).toBe(2);
    expect(reachFor("small", { sizeShift: -1 })).toBe(1);
    expect(reachFor("large", { sizeShift: 1 })).toBe(3);
  });
  it("Enlarge adds 1 to the current reach and Shrink takes 1 (minimum 1), whatever the new size's row says (L1339, L1341, §4.9)", () => {
    // A Small or Tiny creature reaches 1; enlarged it reaches 2, though a Medium reaches 1.
    expect(reachFor("small", { sizeShift: 1 })).toBe(2);
    expect(reachFor("tiny", { sizeShift: 1 })).toBe(2);
    expect(deriveCharacter({ skills: base, size: "small", sizeShift: 1 }).reach).toBe(2);
    expect(deriveCharacter({ skills: base, size: "tiny", sizeShift: 1 }).reach).toBe(2);
    expect(reachFor("medium", { sizeShift: -1 })).toBe(1);
    expect(reachFor("huge", { sizeShift: 1 })).toBe(3);
    expect(reachFor("tiny", { sizeShift: -1 })).toBe(1);
    expect(reachFor("small", { sizeShift: 1, reachProperty: true })).toBe(3);
  });
  it("property: a size spell moves reach by exactly its applied step, never below 1 (L1339, L1341)", () => {
    fc.assert(fc.property(fc.constantFrom(...SIZES), fc.constantFrom(-1, 0, 1), fc.boolean(), (size, shift, prop) => {
      const plain = reachFor(size, { reachProperty: prop });
      const shifted = reachFor(size, { sizeShift: shift, reachProperty: prop });
      const noEffect = (size === "huge" && shift === 1) || (size === "tiny" && shift === -1);
      const expected = noEffect ? plain : Math.max(1 + (prop ? 1 : 0), plain + shift);
      expect(shifted).toBe(expected);
      expect(deriveCharacter({ skills: base, size, sizeShift: shift }).reach).toBe(reachFor(size, { sizeShift: shift }));
    }));
  });
  it("property: derived values stay inside the book's ranges", () => {
    const rank = fc.integer({ min: 4, max: 12 });
    fc.assert(fc.property(
      fc.array(rank, { minLength: 16, maxLength: 16 }), fc.constantFrom(...SIZES), fc.constantFrom(...ARMOR_WEIGHTS), fc.constantFrom(...ARMOR_WEIGHTS),
      (ranks, size, armor, shield) => {
        const keys = Object.keys(skillsWith()) as (keyof ReturnType<typeof skillsWith>)[];
        const skills = skillsWith(Object.fromEntries(keys.map((k, i) => [k, ranks[i]])));
        const c = deriveCharacter({ skills, size, armor, shield });
        return c.movementScore >= 2 && c.movementScore <= 22 && c.run >= 4 && c.run <= 9
          && c.grit >= 4 && c.grit <= 12 && c.mana >= 6 && c.mana <= 36 && c.dodge >= 0 && c.dodge <= 5
          && c.resistancePoints >= 2 && c.resistancePoints <= 11;
      }));
  });
});

describe("small helpers", () => {
  it("dodge never goes below 0", () => {
    expect(dodgeBonus(12, "heavy")).toBe(0);
    expect(dodgeBonus(12, "medium")).toBe(0);
    expect(dodgeBonus(4, "heavy")).toBe(3);
  });
  it("block and encumbrance steps", () => {
    expect(["none", "light", "medium", "heavy"].map((w) => blockBonus(w as "none"))).toEqual([0, 1, 3, 5]);
    expect(encumbranceFor("none", "light", 1)).toBe("encumbered");
    expect(encumbranceFor("medium", "light", 1)).toBe("step-only");
    expect(encumbranceFor("light", "heavy")).toBe("none");
  });
  it("movement score per armor row and size", () => {
    expect(movementScore(12, "tiny", "heavy")).toBe(2);
    expect(movementScore(4, "huge", "none")).toBe(22);
  });
});

describe("armorBurden (§1.11): what armor over the Strength limit costs", () => {
  it("Strength 8 in heavy armor: encumbered, walk 4 → 3, run 8 → 6, dodge +3 → +1 (the play-test's numbers)", () => {
    const skills = skillsWith({ strength: 8, agility: 8 });
    expect(armorBurden({ skills, size: "medium", armor: "heavy" })).toEqual({
      armor: "heavy", maxArmor: "medium", encumbrance: "encumbered",
      worn: { walk: 3, run: 6, dodge: 1, canRun: false, canWalk: true },
      without: { walk: 4, run: 8, dodge: 3, canRun: true, canWalk: true },
    });
    expect(armorBurden({ skills, size: "medium", armor: "medium" })).toBeNull();
    expect(armorBurden({ skills, size: "medium" })).toBeNull();
  });
  it("Strength 12 in heavy armor: step only", () => {
    expect(armorBurden({ skills: skillsWith({ strength: 12 }), size: "medium", armor: "heavy" })?.encumbrance).toBe("step-only");
  });
  it("property: null exactly when the sheet's derivation is not encumbered, and each side is deriveCharacter's own numbers", () => {
    const rank = fc.integer({ min: 4, max: 12 });
    fc.assert(fc.property(rank, rank, fc.constantFrom(...SIZES), fc.constantFrom(...ARMOR_WEIGHTS), fc.constantFrom(...ARMOR_WEIGHTS), fc.boolean(), fc.integer({ min: 0, max: 1 }),
      (strength, agility, size, armor, shield, lighter, reduction) => {
        const input = { skills: skillsWith({ strength, agility }), size, armor, shield, lighterArmorForMovement: lighter, dodgePenaltyReduction: reduction };
        const worn = deriveCharacter(input);
        const burden = armorBurden(input);
        expect(burden === null).toBe(worn.encumbrance === "none");
        if (!burden) return;
        const bare = deriveCharacter({ ...input, armor: "none" });
        expect(burden.worn).toEqual({ walk: worn.walk, run: worn.run, dodge: worn.dodge, canRun: worn.canRun, canWalk: worn.canWalk });
        expect(burden.without).toEqual({ walk: bare.walk, run: bare.run, dodge: bare.dodge, canRun: bare.canRun, canWalk: bare.canWalk });
        expect(burden.without.canRun).toBe(true);
        expect(burden.worn.canRun).toBe(false);
        expect(burden.maxArmor).toBe(worn.maxArmor);
      }));
  });
});
