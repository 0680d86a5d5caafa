/** Reading an attack from the documents: the weapon, the attacker's pool, each target, the cost. */
import { describe, expect, it } from "vitest";
import {
  attackBaseCost, attackInput, attackerOf, defaultDeclaration, modesOf, resistanceShares, skillChoices, targetOf, weaponConditions, weaponProfile,
} from "../../../src/combat/attack/source";
import { creature, feature, weapon } from "./fixtures";

const SWORD = weapon("Longsword");
const RIFLE = weapon("Assault Rifle", { category: "ranged", group: "rifle", damage: { dice: 8, types: ["ballistic"] }, rangeIncrement: 9, properties: [{ key: "autofire", damageType: "" }] });
const GRENADE = weapon("Grenade", { category: "explosive", group: "grenade", counters: 4, damage: { dice: 10, types: ["explosive"] }, rangeIncrement: 3, area: { shape: "radius", size: 2 }, conditions: [{ key: "stunned", trigger: "proc" }] });

describe("the weapon", () => {
  it("melee reach comes from the actor, +1 for the Reach property; ranged weapons keep their increment", () => {
    const actor = creature("Ada");
    expect(weaponProfile(actor, SWORD, { damageType: "slashing" })).toMatchObject({ kind: "melee", reach: 1, damageDice: 8 });
    expect(weaponProfile(actor, weapon("Pike", { properties: [{ key: "reach", damageType: "" }] }), { damageType: "slashing" }).reach).toBe(2);
    expect(weaponProfile(actor, RIFLE, { damageType: "ballistic" })).toMatchObject({ kind: "ranged", rangeIncrement: 9 });
  });

  it("Far Shot adds 1 to the increment; Improved Unarmed Strike a damage die to unarmed strikes", () => {
    const actor = creature("Ada", { items: [feature("far-shot"), feature("improved-unarmed-strike")] });
    expect(weaponProfile(actor, RIFLE, { damageType: "ballistic" }).rangeIncrement).toBe(10);
    expect(weaponProfile(actor, weapon("Fist", { group: "unarmed", damage: { dice: 6, types: ["blunt"] } }), { damageType: "blunt" }).damageDice).toBe(7);
  });

  it("armor piercing only for its damage type", () => {
    const ap = weapon("Pierce", { damage: { dice: 6, types: ["slashing", "piercing"] }, properties: [{ key: "armorPiercing", damageType: "piercing" }] });
    expect(weaponProfile(creature("A"), ap, { damageType: "piercing" }).armorPiercing).toBe(true);
    expect(weaponProfile(creature("A"), ap, { damageType: "slashing" }).armorPiercing).toBe(false);
  });

  it("conditions by trigger: Stunning and Wounding procs, Burning on hit, listed conditions", () => {
    const item = weapon("Odd", { properties: [{ key: "stunning", damageType: "blunt" }, { key: "burningOnHit", damageType: "" }], conditions: [{ key: "bleeding", trigger: "proc" }, { key: "prone", trigger: "always" }, { key: "chilled", trigger: "damaged" }] });
    expect(weaponConditions(item)).toEqual({
      onHit: ["burning"], always: ["prone"], damaged: ["chilled"],
      procs: [{ key: "stunning", condition: "stunned", damageType: "blunt" }, { key: "bleeding", condition: "bleeding" }],
    });
  });

  it("fire modes: single and the autofire modes for autofire weapons, the area for area weapons", () => {
    expect(modesOf(SWORD)).toEqual(["single"]);
    expect(modesOf(RIFLE)).toEqual(["single", "autofire", "strafe", "spray"]);
    expect(modesOf(weapon("MG", { properties: [{ key: "autofireOnly", damageType: "" }] }))).toEqual(["autofire", "strafe", "spray"]);
    expect(modesOf(GRENADE)).toEqual(["area"]);
  });

  it("costs: the weapon's counters, +1 autofire, + Power Attack (melee only)", () => {
    expect(attackBaseCost(SWORD, { mode: "single", powerAttack: 2 })).toBe(4);
    expect(attackBaseCost(RIFLE, { mode: "autofire", powerAttack: 0 })).toBe(3);
    expect(attackBaseCost(GRENADE, { mode: "area", powerAttack: 0 })).toBe(4);
  });
});

describe("the attacker", () => {
  it("rolls Body against the weapon's skill rank; finesse weapons offer Strength or Agility", () => {
    const actor = creature("Ada", { ranks: { strength: 8, agility: 7, accuracy: 9 } });
    const decl = defaultDeclaration(actor, SWORD, "publicroll");
    expect(attackerOf(actor, SWORD, decl).attacker).toMatchObject({ attribute: 8, rank: 8, physical: true });
    expect(attackerOf(actor, RIFLE, defaultDeclaration(actor, RIFLE, "publicroll")).attacker.rank).toBe(9);
    expect(skillChoices(SWORD)).toEqual([]);
    expect(skillChoices(weapon("Rapier", { properties: [{ key: "finesse", damageType: "" }] }))).toEqual(["strength", "agility"]);
  });

  it("conditions and features shape the attacker: Exhausted, Prone, Blind, Point Blank for ranged weapons", () => {
    const actor = creature("Ada", { statuses: ["exhausted", "prone", "blind"], items: [feature("point-blank"), feature("deadeye")] });
    const ranged = attackerOf(actor, RIFLE, defaultDeclaration(actor, RIFLE, "publicroll")).attacker;
    expect(ranged).toMatchObject({ exhausted: true, prone: true, blind: true, pointBlank: true, deadeye: true });
    expect(attackerOf(actor, SWORD, defaultDeclaration(actor, SWORD, "publicroll")).attacker.pointBlank).toBe(false);
  });

  it("Improved Critical counts for its weapon group, or any weapon when it names none", () => {
    const actor = creature("Ada", { items: [feature("improved-critical", { clockwork: { weaponGroup: "rifle" } }), feature("improved-critical")] });
    expect(attackerOf(actor, RIFLE, defaultDeclaration(actor, RIFLE, "publicroll")).attacker.improvedCritical).toBe(2);
    expect(attackerOf(actor, SWORD, defaultDeclaration(actor, SWORD, "publicroll")).attacker.improvedCritical).toBe(1);
  });

  it("an area declaration carries the distance to the target point and no called shot", () => {
    const actor = creature("Ada");
    const input = attackInput(actor, GRENADE, { ...defaultDeclaration(actor, GRENADE, "publicroll"), calledShot: "head" }, { areaDistance: 5 });
    expect(input.options).toMatchObject({ mode: "area", calledShot: null, distance: 5 });
  });
});

describe("the target", () => {
  it("defense parts, shield, parry weapons, statuses and the Orc's Stunning rule", () => {
    const buckler = creature("Bram", { shield: true, statuses: ["prone", "grappled"], identifier: "orcs" });
    const target = targetOf(buckler, "t", "slashing", { distance: 2, cover: 50, defenseless: false });
    expect(target).toMatchObject({ baseDefense: 3, dodgeBonus: 2, blockBonus: 1, shieldDrawn: true, prone: true, grappled: true, orc: true, distance: 2, cover: 50 });
    expect(targetOf(creature("C"), "t", "slashing").shieldDrawn).toBe(false);
  });

  it("resistance shares: species and armor, or an NPC override read as natural resistance", () => {
    expect(resistanceShares(creature("A", { species: 3, armor: 2 }), "slashing")).toEqual({ species: 3, armor: 2 });
    const npc = creature("N");
    (npc.system.resistances as Record<string, { species: number; armor: number; total: number }>).slashing = { species: 2, armor: 0, total: 7 };
    expect(resistanceShares(npc, "slashing")).toEqual({ species: 7, armor: 0 });
  });
});

describe("magic-item enchantments on the weapon (flags.clockwork.magicItem)", () => {
  const enchantment = (id: string, appliedTo: string, magicItem: Record<string, unknown>) =>
    ({ id, name: id, type: "enchantment", system: { target: "weapon", appliedTo }, flags: { clockwork: { magicItem } } }) as unknown as ReturnType<typeof weapon>;

  it("Void applied to the weapon ignores cover; on another weapon it does nothing", () => {
    const voided = creature("Ada", { items: [RIFLE, enchantment("void", RIFLE.id as string, { attack: { ignoresCover: true } })] });
    expect(weaponProfile(voided, RIFLE, { damageType: "ballistic" }).ignoresCover).toBe(true);
    const elsewhere = creature("Ada", { items: [RIFLE, enchantment("void", "other", { attack: { ignoresCover: true } })] });
    expect(weaponProfile(elsewhere, RIFLE, { damageType: "ballistic" }).ignoresCover).toBeUndefined();
    // Behind 50 % cover the Void rifle meets the base defense alone.
    const target = targetOf(creature("Bo"), "bo", "ballistic", { cover: 50, distance: 3 });
    const plain = attackInput(elsewhere, RIFLE, defaultDeclaration(elsewhere, RIFLE, "publicroll"));
    const voidInput = attackInput(voided, RIFLE, defaultDeclaration(voided, RIFLE, "publicroll"));
    expect(voidInput.weapon.ignoresCover).toBe(true);
    expect(plain.weapon.ignoresCover).toBeUndefined();
    expect(target.cover).toBe(50);
  });
});
