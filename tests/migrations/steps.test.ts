/**
 * The source migration steps (src/migrations/steps.ts) as pure functions: what each changes,
 * what it leaves alone, and, for any source, that a second pass changes nothing (idempotence)
 * and nothing throws on odd data.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ACTOR_STEP_PATHS, MIGRATION_VERSION, SHAPE_STEPS, ACTOR_STEPS, ACTOR_SYSTEM_STEPS, ITEM_SOURCE_STEPS, isMarkedForPersist, markForPersist,
  isOlderVersion, migrateActorSource, migrateItemSource, migrateModelData,
} from "../../src/migrations/steps";
import { OLD_SOURCES } from "../fixtures/migrations/world-0.1.0";
import { items as packItems } from "../packs/load-sources";

type Source = Record<string, unknown>;

const weapon = (system: Source): Source => ({ _id: "weapon0000000001", name: "W", type: "weapon", system });

describe("weapon-unarmed-hands", () => {
  it("turns an unarmed weapon stored 'off' into 'none', and marks it", () => {
    const source = weapon({ group: "unarmed", hands: "off" });
    expect(migrateItemSource(source, markForPersist)).toBe(true);
    expect(source.system).toEqual({ group: "unarmed", hands: "none" });
    expect(isMarkedForPersist(source)).toBe(true);
  });

  it("leaves other groups, other hands, and partial changes without the group alone", () => {
    for (const system of [{ group: "axe", hands: "off" }, { group: "unarmed", hands: "main" }, { group: "unarmed", hands: "none" }, { hands: "off" }]) {
      const source = weapon({ ...system });
      expect(migrateItemSource(source, markForPersist)).toBe(false);
      expect(source.system).toEqual(system);
      expect(isMarkedForPersist(source)).toBe(false);
    }
  });

  it("runs from the weapon model's migrateData", () => {
    expect(migrateModelData("Item.weapon", { group: "unarmed", hands: "off" })).toEqual({ group: "unarmed", hands: "none" });
    expect(migrateModelData("Item.armor", { group: "unarmed", hands: "off" })).toEqual({ group: "unarmed", hands: "off" });
  });
});

describe("item-physical-quantity", () => {
  // Old shapes: armor, shields and artifacts stored before 0.3.0 had no quantity.
  const old = (type: string, system: Source): Source => ({ _id: "armor00000000001", name: "Old", type, system });

  it("gives an old armor, shield and artifact a quantity of one, and marks it", () => {
    for (const [type, system] of [["armor", { weight: "light", price: 250 }], ["shield", { weight: "heavy", canBash: true }], ["artifact", { slot: "ring", equipped: true }]] as const) {
      const source = old(type, { ...system });
      expect(migrateItemSource(source, markForPersist)).toBe(true);
      expect(source.system).toEqual({ ...system, quantity: 1 });
      expect(isMarkedForPersist(source)).toBe(true);
    }
  });

  it("keeps a stored quantity, and leaves weapons and non-physical items alone", () => {
    const armor = old("armor", { weight: "light", quantity: 3 });
    expect(migrateItemSource(armor)).toBe(false);
    expect((armor.system as Source).quantity).toBe(3);
    for (const type of ["weapon", "spell", "feature"]) {
      const source = old(type, {});
      expect(migrateItemSource(source)).toBe(false);
      expect(source.system).toEqual({});
    }
  });

  it("runs on whole item sources only, never on the partial changes of an update", () => {
    expect(migrateModelData("Item.armor", { price: 300 })).toEqual({ price: 300 });
  });

  it("reaches the items inside an actor source", () => {
    const actor = { type: "character", system: {}, items: [old("shield", { weight: "light" })] };
    const marked: unknown[] = [];
    expect(migrateActorSource(actor, (source) => marked.push(source))).toBe(true);
    expect(actor.items[0].system).toEqual({ weight: "light", quantity: 1 });
    expect(marked).toEqual([actor.items[0]]);
  });
});

describe("species-ability", () => {
  // Old shape: a species stored before 0.4.0 had no custom/approved flags and no ability.
  const oldSpecies = (system: Source): Source => ({ _id: "species000000001", name: "Old", type: "species", system });
  const gnolls = { size: "medium", resistanceBonus: "slashing", bonusSkills: ["accuracy", "perception", "stamina"], runBonus: 1,
    grants: [{ kind: "focus", choose: 1, options: ["Compendium.clockwork.foci.Item.bloodhound000001"] }], restHealing: 1, conditionRerolls: [] };

  it("gives an old species an ability naming the kinds its numbers already use, and marks it", () => {
    const source = oldSpecies(structuredClone(gnolls));
    expect(migrateItemSource(source, markForPersist)).toBe(true);
    expect((source.system as Source).ability).toEqual({ name: "", text: "", kinds: ["runBonus", "grantedFocus"], attack: { dice: 0, type: "piercing" } });
    expect(isMarkedForPersist(source)).toBe(true);
    // A second pass changes nothing.
    expect(migrateItemSource(source)).toBe(false);
  });

  it("gives an old species with no mechanical parts an ability with no kinds, and reads odd data without throwing", () => {
    const plain = oldSpecies({ size: "small", resistanceBonus: "energy" });
    expect(migrateItemSource(plain)).toBe(true);
    expect(((plain.system as Source).ability as Source).kinds).toEqual([]);
    const odd = oldSpecies({ runBonus: "fast", grants: "none", conditionRerolls: 7, restHealing: null });
    expect(migrateItemSource(odd)).toBe(true);
    expect(((odd.system as Source).ability as Source).kinds).toEqual([]);
  });

  it("keeps a current species (the premade packs are stored in the current shape)", () => {
    const current = oldSpecies({ ...gnolls, custom: true, approved: false, ability: { name: "Nose", text: "Keen smell.", kinds: ["runBonus"], attack: { dice: 0, type: "piercing" } } });
    const before = structuredClone(current);
    expect(migrateItemSource(current)).toBe(false);
    expect(current).toEqual(before);
    for (const doc of packItems("species")) expect(migrateItemSource(structuredClone(doc)), doc.name).toBe(false);
  });
});

describe("actor steps", () => {
  it("clear equipped ids of missing items or items of the wrong type, and dangling enchantments", () => {
    const actor = structuredClone(OLD_SOURCES.Actor[0]) as Source & { system: Source; items: Source[] };
    const marked: unknown[] = [];
    expect(migrateActorSource(actor, (source) => marked.push(source))).toBe(true);
    expect(actor.system.equipped).toEqual({ mainHand: "", offHand: "", armor: "", shield: "" });
    expect((actor.items.find((i) => i.type === "enchantment")!.system as Source).appliedTo).toBe("");
    expect(marked).toContain(actor);
    expect(marked).toContain(actor.items.find((i) => i.type === "enchantment"));
  });

  it("bring impossible health inside what the stored data allows", () => {
    const actor = { type: "character", system: { skills: { stamina: { rank: 4 } }, health: { hits: 50, wounds: 99, vitalsLost: 70 } } };
    expect(migrateActorSource(actor)).toBe(true);
    // Stamina 4: grit at most 7 (huge) + 5 = 12; 13 wounds are above any grit, so dead (issue 20).
    expect(actor.system.health).toEqual({ hits: 12, wounds: 13, vitalsLost: 18, dead: true, dying: false });
  });

  it("keep a current actor unchanged", () => {
    const actor = structuredClone(OLD_SOURCES.Actor[1]);
    const before = structuredClone(actor);
    expect(migrateActorSource(actor)).toBe(false);
    expect(actor).toEqual(before);
  });

  it("name the paths a token delta may receive", () => {
    expect([...ACTOR_STEP_PATHS].sort()).toEqual(["system.currency", "system.equipped", "system.health"]);
  });
});

describe("every step", () => {
  it("carries an id and a version no later than the latest", () => {
    const steps = [...SHAPE_STEPS, ...ITEM_SOURCE_STEPS, ...ACTOR_SYSTEM_STEPS, ...ACTOR_STEPS];
    expect(new Set(steps.map((s) => s.id)).size).toBe(steps.length);
    for (const step of steps) expect(isOlderVersion(MIGRATION_VERSION, step.version), step.id).toBe(false);
  });

  const anyValue = fc.oneof(fc.string({ maxLength: 20 }), fc.integer({ min: -5, max: 200 }), fc.constant(null), fc.boolean());
  const itemSource = fc.record({
    _id: fc.constantFrom("a000000000000001", "a000000000000002", "weapon0000000001"),
    type: fc.constantFrom("weapon", "armor", "shield", "artifact", "enchantment", "equipment"),
    system: fc.record({
      group: fc.constantFrom("unarmed", "axe", undefined), hands: fc.constantFrom("off", "main", "two", "none", undefined),
      appliedTo: fc.constantFrom("", "a000000000000001", "gone000000000001", undefined), quantity: anyValue, junk: anyValue,
    }, { requiredKeys: [] }),
  });
  const actorSource = fc.record({
    type: fc.constantFrom("character", "npc"),
    items: fc.array(itemSource, { maxLength: 5 }),
    system: fc.record({
      skills: fc.record({ stamina: fc.record({ rank: fc.oneof(fc.integer({ min: 4, max: 12 }), anyValue) }) }),
      health: fc.record({ hits: fc.nat(200), wounds: fc.nat(200), vitalsLost: fc.nat(200) }, { requiredKeys: [] }),
      equipped: fc.record({
        mainHand: fc.constantFrom("", "a000000000000001", "gone000000000001"), offHand: fc.constantFrom("", "a000000000000002"),
        armor: fc.constantFrom("", "a000000000000002"), shield: fc.constantFrom("", "weapon0000000001"),
      }),
      vitalsMax: fc.integer({ min: 1, max: 12 }),
      minion: fc.boolean(),
    }, { requiredKeys: [] }),
  }, { requiredKeys: [] });

  it("never throws, and a second pass changes nothing (idempotent)", () => {
    fc.assert(fc.property(actorSource, (actor) => {
      migrateActorSource(actor);
      const once = structuredClone(actor);
      expect(migrateActorSource(actor)).toBe(false);
      expect(actor).toEqual(once);
    }), { numRuns: 300 });
  });
});
