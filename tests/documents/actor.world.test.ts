/**
 * ClockworkActor in the test world: applying species, equipping and stowing, and token-bar
 * edits, each checked through the derived numbers a sheet shows. Actors live in the world (a GM
 * client), so every write goes through core's write path.
 */
import { createWorld, type World } from "../world";
import { beforeEach, describe, expect, it } from "vitest";
import type { ClockworkActor } from "../../src/documents/actor";
import {
  AMULET_OF_VITALITY, AXE, BATTLEAXE, BODY_8_RANKS, BUCKLER, CHANGELING, DAGGER, DWARF, FEATURE_TITAN_GRIP, FIRE_FLASK,
  FOCUS_AXE, FOCUS_BOW, FOCUS_HISTORY, FRAG_GRENADE, HANDAXE, HEALTH_POTION, HUMAN, HUMAN_SCALEMAIL_E31, KITE_SHIELD,
  MYCORREAN, ORC, SCALEMAIL, copy, creature, type ItemFixture,
} from "../fixtures/actors";

let world: World;

beforeEach(async () => {
  world = await createWorld({ packs: false, users: [{ name: "Gamemaster", role: "gm" }] });
  // The fixtures' grant UUIDs are not valid document ids; the world answers them from these sources.
  world.gm.uuidOverrides.set("Item.focusAxe000001", { ...copy(FOCUS_AXE) });
  world.gm.uuidOverrides.set("Item.focusBow000001", { ...copy(FOCUS_BOW) });
});

/** A character in the world, owned by the GM's client. */
async function makeActor(items: ItemFixture[] = [], system: object = creature(BODY_8_RANKS)): Promise<ClockworkActor> {
  const [id] = await world.seed("Actor", [{ name: "Tester", type: "character", system: copy(system), items: copy(items) }]);
  return world.gm.game.actors.get(id) as unknown as ClockworkActor;
}

const item = (actor: ClockworkActor, id: string) => actor.items.get(id) as Item.Implementation;
const names = (actor: ClockworkActor) => actor.items.map((i) => i.name).sort();

describe("applySpecies", () => {
  it("adds the species, the chosen grant and the picks, and the sheet numbers follow", async () => {
    const actor = await makeActor();
    const species = await actor.applySpecies(copy(ORC), { bonusSkills: ["strength", "stamina"], grants: ["Item.focusAxe000001"] });
    expect(species.name).toBe("Orc");
    expect(names(actor)).toEqual(["Axe Fighter", "Orc"]);
    expect(actor.creature.speciesBonusSkills).toEqual(["strength", "stamina"]);
    expect(actor.creature.resistances.slashing.species).toBe(3);
    expect(actor.creature.skills.strength).toMatchObject({ bonus: true, focus: true, dice: 9 });
    expect(actor.items.getName("Axe Fighter")?.getFlag("clockwork", "grantedBySpecies")).toBe(true);
  });

  it("replaces a previous species and what it granted, keeping everything else", async () => {
    const actor = await makeActor([FOCUS_HISTORY]);
    await actor.applySpecies(copy(ORC), { bonusSkills: ["strength", "will"], grants: ["Item.focusBow000001"] });
    await actor.applySpecies(copy(DWARF), { bonusSkills: ["creativity", "ingenuity"] });
    expect(names(actor)).toEqual(["Dwarf", "History"]);
    expect(actor.creature.speciesBonusSkills).toEqual(["creativity", "ingenuity"]);
    expect(actor.creature.resistances.blunt.species).toBe(3);
    expect(actor.creature.resistances.slashing.species).toBe(2);
  });

  it("lets a Human pick any two skills and place the +1", async () => {
    const actor = await makeActor();
    await actor.applySpecies(copy(HUMAN), { bonusSkills: ["accuracy", "knowledge"], resistanceType: "energy" });
    expect(actor.creature.speciesResistance).toBe("energy");
    expect(actor.creature.resistances.energy.species).toBe(3);
  });

  it("uses a Mycorrean's chosen size", async () => {
    const actor = await makeActor();
    await actor.applySpecies(copy(MYCORREAN), { bonusSkills: ["charisma", "soul"], sizeChoice: "large" });
    expect(actor.creature.size).toBe("large");
    expect(actor.creature.defense.base).toBe(2);
  });

  it("accepts the species as a document as well as a source", async () => {
    const cls = CONFIG.Item.documentClass as unknown as new (data: object) => Item.Implementation;
    const actor = await makeActor();
    await actor.applySpecies(new cls(copy(GNOLL_LIKE)), { bonusSkills: ["accuracy", "stamina"] });
    expect(actor.species?.name).toBe("Gnoll");
  });

  it.each([
    ["three picks", { bonusSkills: ["strength", "stamina", "will"], grants: ["Item.focusAxe000001"] }, "Pick exactly 2 different species bonus skills."],
    ["a skill the species does not offer", { bonusSkills: ["strength", "agility"], grants: ["Item.focusAxe000001"] }, "Agility is not one of this species' bonus skills."],
    ["no grant chosen", { bonusSkills: ["strength", "stamina"] }, "Choose exactly 1 of the granted options"],
    ["a grant from elsewhere", { bonusSkills: ["strength", "stamina"], grants: ["Item.focusAxe000001", "Item.zzzzzzzzzzzzzzzz"] }, "is not one of this species' granted options."],
  ])("refuses %s with a localized reason and changes nothing", async (_case, picks, message) => {
    const actor = await makeActor([FOCUS_HISTORY]);
    const before = actor.toObject();
    await expect(actor.applySpecies(copy(ORC), picks)).rejects.toThrow(message);
    expect(actor.toObject()).toEqual(before);
  });

  it("refuses a pick that collides with the personal bonus skill", async () => {
    const actor = await makeActor([], creature(BODY_8_RANKS, { personalBonusSkill: "will" }));
    await expect(actor.applySpecies(copy(ORC), { bonusSkills: ["strength", "will"], grants: ["Item.focusAxe000001"] })).rejects.toThrow(
      "Will is already a species bonus skill",
    );
    expect(actor.species).toBeUndefined();
  });

  it("refuses a Changeling bonus on ballistic and a Human without a choice", async () => {
    const actor = await makeActor();
    await expect(actor.applySpecies(copy(CHANGELING), { bonusSkills: ["charisma", "intuition"], resistanceType: "ballistic" })).rejects.toThrow(
      "resistance bonus",
    );
    await expect(actor.applySpecies(copy(HUMAN), { bonusSkills: ["charisma", "intuition"] })).rejects.toThrow("resistance bonus");
    expect(actor.items.size).toBe(0);
  });

  it("refuses a granted item that cannot be found, before changing anything", async () => {
    const actor = await makeActor();
    const species = copy(ORC);
    (species.system.grants as { options: string[] }[])[0].options.push("Item.missingFocus0001");
    await expect(actor.applySpecies(species, { bonusSkills: ["strength", "stamina"], grants: ["Item.missingFocus0001"] })).rejects.toThrow(
      "could not be found",
    );
    expect(actor.items.size).toBe(0);
  });

  it("refuses something that is not a species", async () => {
    await expect((await makeActor()).applySpecies(copy(AXE), { bonusSkills: [] })).rejects.toThrow("Axe is not a species.");
  });

  it("keeps one species per actor when a second is dropped directly", async () => {
    const actor = await makeActor([ORC]);
    const created = await actor.createEmbeddedDocuments("Item", [copy(DWARF)] as never);
    expect(created).toEqual([]);
    expect(names(actor)).toEqual(["Orc"]);
    expect(world.gm.notifications).toContainEqual({ type: "warn", message: expect.stringContaining("already has a species") });
  });
});

const GNOLL_LIKE: ItemFixture = { ...ORC, _id: "speciesGnoll0002", name: "Gnoll", system: { ...ORC.system, resistanceBonus: "slashing", bonusSkills: ["accuracy", "perception", "stamina"], grants: [] } };

describe("equip", () => {
  it("wearing armor changes the derived resistances (E31)", async () => {
    const actor = await makeActor([HUMAN, SCALEMAIL], HUMAN_SCALEMAIL_E31.system);
    await actor.unequip(item(actor, SCALEMAIL._id));
    expect(actor.creature.resistances.slashing.total).toBe(4);
    await actor.equip(item(actor, SCALEMAIL._id));
    const totals = Object.fromEntries(Object.entries(actor.creature.resistances).map(([t, r]) => [t, r.total]));
    expect(totals).toEqual({ ballistic: 5, blunt: 9, energy: 7, piercing: 8, slashing: 10, explosive: 5 });
    expect(actor.creature.equipped.armor).toBe(SCALEMAIL._id);
    expect(actor.creature.encumbrance).toBe("encumbered");
  });

  it("a shield sets the block bonus by its weight", async () => {
    const actor = await makeActor([BUCKLER, KITE_SHIELD]);
    await actor.equip(item(actor, KITE_SHIELD._id));
    expect(actor.creature.defense.block).toBe(3);
    await actor.equip(item(actor, BUCKLER._id));
    expect(actor.creature.defense.block).toBe(1);
    expect(actor.creature.equipped.shield).toBe(BUCKLER._id);
  });

  it("a two-handed weapon takes both hands and displaces a kite shield but not a buckler", async () => {
    const actor = await makeActor([BATTLEAXE, KITE_SHIELD, BUCKLER, DAGGER]);
    await actor.equip(item(actor, DAGGER._id));
    await actor.equip(item(actor, KITE_SHIELD._id));
    await actor.equip(item(actor, BATTLEAXE._id));
    expect(actor.creature.equipped).toEqual({ mainHand: BATTLEAXE._id, offHand: BATTLEAXE._id, armor: "", shield: "" });
    await actor.equip(item(actor, BUCKLER._id));
    expect(actor.creature.equipped).toMatchObject({ mainHand: BATTLEAXE._id, offHand: BATTLEAXE._id, shield: BUCKLER._id });
  });

  it("puts an off-hand weapon in the free hand and a main-hand weapon in the off hand only with Titan Grip", async () => {
    const actor = await makeActor([AXE, HANDAXE, DAGGER]);
    await actor.equip(item(actor, AXE._id));
    await actor.equip(item(actor, HANDAXE._id));
    expect(actor.creature.equipped).toMatchObject({ mainHand: AXE._id, offHand: HANDAXE._id });
    await expect(actor.equip(item(actor, AXE._id), "offHand")).rejects.toThrow("only with Titan Grip");
    await actor.createEmbeddedDocuments("Item", [copy(FEATURE_TITAN_GRIP)] as never);
    await actor.equip(item(actor, AXE._id), "offHand");
    expect(actor.creature.equipped).toMatchObject({ mainHand: "", offHand: AXE._id });
  });

  it("refuses items the actor does not own or that do not equip", async () => {
    const actor = await makeActor([AXE, FOCUS_HISTORY]);
    const other = await makeActor([AXE]);
    await expect(actor.equip(item(other, AXE._id))).rejects.toThrow("does not belong to this actor");
    await expect(actor.equip(item(actor, FOCUS_HISTORY._id))).rejects.toThrow("cannot be equipped");
    await expect(actor.equip(item(actor, AXE._id), "armor")).rejects.toThrow("does not go in the");
  });

  it("wears artifacts up to one per position (two rings)", async () => {
    const ring = (id: string): ItemFixture => ({ _id: id, name: `Ring ${id}`, type: "artifact", system: { slot: "ring", gains: 6 } });
    const secondAmulet = { ...copy(AMULET_OF_VITALITY), _id: "artifactVital002", system: { ...AMULET_OF_VITALITY.system, equipped: false } };
    const actor = await makeActor([ring("ringAaaaaaaaaaaa"), ring("ringBbbbbbbbbbbb"), ring("ringCccccccccccc"), AMULET_OF_VITALITY, secondAmulet]);
    await actor.equip(item(actor, "ringAaaaaaaaaaaa"));
    await actor.equip(item(actor, "ringBbbbbbbbbbbb"));
    await expect(actor.equip(item(actor, "ringCccccccccccc"))).rejects.toThrow("Only 2 artifact(s)");
    await expect(actor.equip(item(actor, "artifactVital002"))).rejects.toThrow("Only 1 artifact(s)");
    expect(actor.creature.health.vitalsMax).toBe(7);
    await actor.unequip(item(actor, AMULET_OF_VITALITY._id));
    expect(actor.creature.health.vitalsMax).toBe(6);
  });
});

describe("stow", () => {
  it("fills the belt up to three slots and refuses more", async () => {
    const potion = { ...copy(HEALTH_POTION), system: { ...HEALTH_POTION.system, container: "backpack" } };
    const actor = await makeActor([potion, FIRE_FLASK, FRAG_GRENADE]);
    await actor.stow(item(actor, potion._id), "belt");
    expect(actor.creature.carry.belt).toEqual({ used: 3, max: 3 });
    const grenade = item(actor, FRAG_GRENADE._id);
    await expect(actor.stow(grenade, "belt")).rejects.toThrow("holds at most 3");
    await actor.stow(grenade, "backpack");
    await actor.stow(grenade, "bandolier");
    expect(actor.creature.carry.bandolier.used).toBe(3);
  });
});

describe("token bars", () => {
  it("edits remaining vitals through vitals lost", async () => {
    const actor = await makeActor();
    await actor.modifyTokenAttribute("health", -2, true);
    expect(actor.creature.health).toMatchObject({ vitalsLost: 2, value: 4, max: 6 });
    await actor.modifyTokenAttribute("health", 9);
    expect(actor.creature.health.vitalsLost).toBe(0);
  });

  it("leaves other bars to core, clamped to their maximum", async () => {
    const actor = await makeActor();
    await actor.modifyTokenAttribute("mana", 50, true);
    expect(actor.creature.mana.value).toBe(actor.creature.mana.max);
  });
});

describe("features", () => {
  it("finds features by identifier", async () => {
    const actor = await makeActor([FEATURE_TITAN_GRIP]);
    expect(actor.hasFeature("titan-grip")).toBe(true);
    expect(actor.hasFeature("diehard")).toBe(false);
  });
});
