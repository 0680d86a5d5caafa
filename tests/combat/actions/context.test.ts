/** The sheet's combat action list (pure): weapons, species attacks, costs and reasons. */
import { describe, expect, it } from "vitest";
import { actionWeapons, buildCombatActionsContext, type ActionsActor } from "../../../src/combat/actions/context";
import { speciesAttackItem, speciesAttacksOf } from "../../../src/combat/actions/species-attacks";

const BREATH = {
  key: "dragonkinBreath", action: "dragonkinBreath", counters: 4, skills: ["stamina"], damage: { dice: 8, type: "energy" },
  area: { shape: "cone", size: 3 }, recharge: 10,
  kinds: [{ key: "cold", conditions: [{ key: "chilled", trigger: "damaged" }] }, { key: "fire", conditions: [{ key: "burning", trigger: "damaged" }] }],
};

function actor(options: { statuses?: string[]; items?: ActionsActor["items"]; flags?: Record<string, unknown>; equipped?: Record<string, string> } = {}): ActionsActor {
  return {
    name: "Ada",
    system: { equipped: options.equipped ?? { mainHand: "sword" }, encumbrance: "none", health: {}, species: null },
    items: options.items ?? [
      { id: "sword", name: "Longsword", type: "weapon", system: { category: "melee", counters: 2, hands: "main" } },
      { id: "bow", name: "Longbow", type: "weapon", system: { category: "ranged", counters: 3, hands: "two" } },
    ],
    statuses: options.statuses ?? [],
    flags: options.flags ?? {},
  };
}

const all = (context: ReturnType<typeof buildCombatActionsContext>) => context.groups.flatMap((g) => g.actions);

describe("the action list", () => {
  it("weapons: held ones can attack; a stowed one must be drawn first", () => {
    expect(actionWeapons(actor()).map((w) => [w.id, w.slot])).toEqual([["sword", "main"], ["bow", null]]);
    const list = all(buildCombatActionsContext(actor(), { inCombat: true, counters: { available: 6, reserved: 0, hadTurn: true, passed: false } }));
    expect(list.find((a) => a.weaponId === "sword")).toMatchObject({ label: "CLOCKWORK.Combat.Attack.Action.attackWith", cost: "2", disabled: false });
    expect(list.find((a) => a.weaponId === "bow")).toMatchObject({ cost: "3", disabled: true, reasonKey: "notDrawn" });
    expect(list.find((a) => a.key === "draw")).toMatchObject({ cost: "1", disabled: false });
  });

  it("Stunned adds 1 to every cost; a defenseless combatant can pay nothing", () => {
    const stunned = all(buildCombatActionsContext(actor({ statuses: ["stunned"] }), { inCombat: true, counters: { available: 6, reserved: 0, hadTurn: true, passed: false } }));
    expect(stunned.find((a) => a.weaponId === "sword")?.cost).toBe("3");
    expect(stunned.find((a) => a.key === "step")?.cost).toBe("2");
    const fresh = all(buildCombatActionsContext(actor(), { inCombat: true, counters: { available: 0, reserved: 0, hadTurn: false, passed: false } }));
    expect(fresh.every((a) => a.disabled)).toBe(true);
    expect(fresh.find((a) => a.key === "step")?.reasonKey).toBe("defenseless");
  });

  it("outside combat everything costs 0 and the situation still counts", () => {
    const context = buildCombatActionsContext(actor({ statuses: ["prone"] }), { inCombat: false, counters: null });
    expect(context.inCombat).toBe(false);
    expect(all(context).every((a) => a.cost.startsWith("0"))).toBe(true);
    expect(all(context).find((a) => a.key === "stand")?.disabled).toBe(false);
    expect(all(context).find((a) => a.key === "dropProne")?.reasonKey).toBe("prone");
  });

  it("species attacks: the breath's kind chosen on the actor, its recharge, its weapon", () => {
    const species = { id: "sp", name: "Dragonkin", type: "species", system: {}, flags: { clockwork: { speciesAttacks: [BREATH] } } };
    const drake = actor({ items: [species], flags: { clockwork: { speciesKinds: { dragonkinBreath: "fire" } } } });
    const [breath] = speciesAttacksOf(drake);
    expect(breath).toMatchObject({ kind: "fire", conditions: [{ key: "burning", trigger: "damaged" }] });
    expect(speciesAttackItem(breath)?.system).toMatchObject({ category: "ranged", counters: 4, damage: { dice: 8, types: ["energy"] }, area: { shape: "cone", size: 3 } });
    const ready = all(buildCombatActionsContext(drake, { inCombat: true, counters: { available: 6, reserved: 0, hadTurn: true, passed: false } }));
    expect(ready.find((a) => a.key === "dragonkinBreath")).toMatchObject({ cost: "4", disabled: false, speciesAttack: "dragonkinBreath" });
    const spent = actor({ items: [species], flags: { clockwork: { speciesSpent: { dragonkinBreath: true } } } });
    const waiting = all(buildCombatActionsContext(spent, { inCombat: true, counters: { available: 6, reserved: 0, hadTurn: true, passed: false } }));
    expect(waiting.find((a) => a.key === "dragonkinBreath")).toMatchObject({ disabled: true, reasonKey: "onCooldown" });
  });
});

describe("a custom species' natural attack (issue 31 item 3)", () => {
  const ability = (kinds: string[], dice: number) => ({ name: "Headbutt", text: "Horns.", kinds, attack: { dice, type: "piercing" } });
  const satyrLike = (kinds: string[], dice: number) => actor({ items: [{ id: "sp", name: "Goatfolk", type: "species", system: { custom: true, ability: ability(kinds, dice) }, flags: {} }] });

  it("is listed as the Satyr's horns are: melee, 2 counters, Body / Strength or Agility, its dice and type, named by the ability", () => {
    const [attack] = speciesAttacksOf(satyrLike(["unarmedAttack", "runBonus"], 6));
    expect(attack).toMatchObject({ key: "customNatural", name: "Headbutt", counters: 2, skills: ["strength", "agility"], damage: { dice: 6, type: "piercing" } });
    expect(speciesAttackItem(attack)?.system).toMatchObject({ category: "melee", group: "unarmed", counters: 2, damage: { dice: 6, types: ["piercing"] } });
    const list = all(buildCombatActionsContext(satyrLike(["unarmedAttack"], 6), { inCombat: true, counters: { available: 6, reserved: 0, hadTurn: true, passed: false } }));
    expect(list.find((a) => a.speciesAttack === "customNatural")).toMatchObject({ cost: "2", disabled: false });
  });

  it("is not there when the ability does not name the kind, or has no dice", () => {
    expect(speciesAttacksOf(satyrLike(["runBonus"], 6))).toEqual([]);
    expect(speciesAttacksOf(satyrLike(["unarmedAttack"], 0))).toEqual([]);
  });
});

describe("a Returning enchantment (flags.clockwork.magicItem.action)", () => {
  const items = (appliedTo: string): ActionsActor["items"] => [
    { id: "axe", name: "Throwing Axe", type: "weapon", system: { category: "thrown", counters: 2, hands: "main" } },
    { id: "ret", name: "Returning", type: "enchantment", system: { target: "weapon", appliedTo }, flags: { clockwork: { magicItem: { action: { key: "recallWeapon", counters: 1 } } } } },
  ];
  const recall = (appliedTo: string) => all(buildCombatActionsContext(actor({ items: items(appliedTo), equipped: {} }), { inCombat: true, counters: { available: 6, reserved: 0, hadTurn: true, passed: false } }))
    .find((a) => a.key === "recallWeapon");

  it("makes the thrown weapon recallable for 1 counter; on another weapon it does not", () => {
    expect(actionWeapons(actor({ items: items("axe"), equipped: {} }))[0].returning).toBe(true);
    expect(recall("axe")).toMatchObject({ disabled: false, costValue: 1 });
    expect(actionWeapons(actor({ items: items("other"), equipped: {} }))[0].returning).toBe(false);
    expect(recall("other")?.disabled ?? true).toBe(true);
  });
});
