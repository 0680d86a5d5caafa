import { describe, expect, it } from "vitest";
import { buildCharacterContext } from "../../../src/applications/context/character";
import { buildItemContext } from "../../../src/applications/context/item";
import { buildNpcContext } from "../../../src/applications/context/npc";
import { CHARACTER_SOURCE, FULL_CHARACTER, NPC, fixtureActor } from "../../fixtures/sheets/actors";
import { CHARACTER_ITEMS } from "../../fixtures/sheets/items";
import { withDefaults } from "../../fixtures/sheets/items";

describe("buildCharacterContext", () => {
  const context = buildCharacterContext(FULL_CHARACTER, { editable: true, editMode: false, activeTab: "magic" });

  it("opens the requested tab and falls back to Main for an unknown one", () => {
    expect(context.navTabs.filter((t) => t.active).map((t) => t.id)).toEqual(["magic"]);
    expect(buildCharacterContext(FULL_CHARACTER, { activeTab: "nope" }).activeTab).toBe("main");
  });

  it("marks the equipped weapon, armor and shield from the actor's slots", () => {
    const hammer = context.equipment.weapons.find((w) => w.name === "Warhammer")!;
    expect([hammer.mainHand, hammer.offHand]).toEqual([true, false]);
    expect(context.equipment.armor.filter((a) => a.equipped).map((a) => a.name)).toEqual(["Chainmail"]);
    expect(context.equipment.shields[0]).toMatchObject({ equipped: true, block: 3 });
  });

  it("sorts gear into belt, bandolier and backpack with the derived slot counts", () => {
    const byKey = Object.fromEntries(context.equipment.containers.map((c) => [c.key, c]));
    expect(byKey.belt.items.map((i) => i.name)).toEqual(["Health Potion", "Mana Potion, Minor", "Anti-toxin"]);
    expect([byKey.belt.used, byKey.belt.max, byKey.belt.over]).toEqual([3, 3, false]);
    expect(byKey.backpack.max).toBeNull();
    expect(byKey.bandolier.items.map((i) => i.name)).toEqual(["Fire Flask", "Concussion Grenade"]);
    expect([byKey.bandolier.used, byKey.bandolier.max]).toEqual([3, 3]);
  });

  it("groups spells by skill and school, lowest level first", () => {
    const elemental = context.magic.groups.find((g) => g.skill === "elemental")!;
    expect(elemental.schools.map((s) => s.school)).toEqual(["air", "earth", "fire", "water"]);
    expect(elemental.schools.find((s) => s.school === "earth")!.spells.map((s) => [s.name, s.level])).toEqual([["Ground", 1], ["Shard", 2]]);
    expect(context.magic.groups.map((g) => g.skill)).toEqual(["celestial", "elemental"]);
  });

  it("keeps a spell whose school no list knows under Other rather than dropping it", () => {
    const odd = withDefaults("splOdd0000000001", "Frost Lore", "spell", { skill: "elemental", school: "cold" });
    const actor = { ...FULL_CHARACTER, items: [...FULL_CHARACTER.items, odd] };
    const groups = buildCharacterContext(actor).magic.groups;
    expect(groups.at(-1)!.schools[0].spells.map((s) => s.name)).toEqual(["Frost Lore"]);
  });

  it("shows new derived numbers when other armor and no shield are equipped", () => {
    const source = { ...CHARACTER_SOURCE, equipped: { ...CHARACTER_SOURCE.equipped!, armor: "armLeather000001", shield: "" } };
    const swapped = buildCharacterContext(fixtureActor("Brakka", "character", source, CHARACTER_ITEMS, "actBrakka0000002"));
    const blunt = (c: typeof context) => c.resistances.find((r) => r.key === "blunt")!;
    expect([blunt(context).armor, blunt(swapped).armor]).toEqual([6, 2]);
    expect([context.stats.encumbranceLabel, swapped.stats.encumbranceLabel])
      .toEqual(["CLOCKWORK.Sheet.EncumbranceState.encumbered", "CLOCKWORK.Sheet.EncumbranceState.none"]);
    expect([context.stats.block, swapped.stats.block]).toEqual([3, 0]);
    expect(swapped.equipment.armor.find((a) => a.equipped)?.name).toBe("Leather Armor");
  });

  it("names the armor or weapon each enchantment sits on", () => {
    expect(context.equipment.enchantments.map((e) => e.appliedTo)).toEqual(["Chainmail", "Warhammer"]);
  });

  it("keeps build inputs disabled in play mode and play values editable", () => {
    expect(context.attributes[0].skills[0].rankField.disabled).toBe(true);
    expect(context.mana.field.disabled).toBe(false);
    expect(context.health.interactive).toBe(true);
  });
});

describe("buildNpcContext", () => {
  it("lists traits with the worn armor marked", () => {
    const context = buildNpcContext(NPC, { editable: true });
    expect(context.traits.find((t) => t.name === "Hide Armor")?.equipped).toBe(true);
    expect(context.traits.map((t) => t.type)).toEqual(["species", "feature", "focus", "armor"]);
  });
});

describe("buildItemContext", () => {
  it("refuses an item type it does not know, naming it", () => {
    expect(() => buildItemContext({ name: "X", type: "vehicle", system: {} })).toThrow(/unknown item type "vehicle"/);
  });

  it("shows a missile's guidance fields only for the missile group", () => {
    const legends = (group: string) => buildItemContext(withDefaults("w", "W", "weapon", { group })).groups.map((g) => g.legend);
    expect(legends("missile")).toContain("CLOCKWORK.Sheet.Missile");
    expect(legends("sword")).not.toContain("CLOCKWORK.Sheet.Missile");
  });

  it("lets every physical item's quantity be edited (weapons, gear, armor, shields, artifacts)", () => {
    for (const type of ["weapon", "equipment", "armor", "shield", "artifact"]) {
      const fields = buildItemContext(withDefaults("q", "Thing", type, { quantity: 3 })).groups.flatMap((g) => g.fields);
      const quantity = fields.find((f) => f.name === "system.quantity");
      expect(quantity && "value" in quantity ? quantity.value : undefined, type).toBe(3);
    }
  });

  it("offers an enchantment only the owner's items it can sit on", () => {
    const enchantment = withDefaults("e", "Firebrand", "enchantment", { target: "weapon" });
    const owner = [{ id: "w1", name: "Axe", type: "weapon" }, { id: "a1", name: "Mail", type: "armor" }];
    const field = buildItemContext(enchantment, { ownerItems: owner }).groups.flatMap((g) => g.fields).find((f) => f.name === "system.appliedTo");
    expect(field && "options" in field ? field.options.map((o) => o.text ?? o.value) : []).toEqual(["", "Axe"]);
  });
});
