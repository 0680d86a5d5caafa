/**
 * A table-sized world for the benches (issue 9, item 6): 500 characters with 33 items and
 * 500 NPCs with 7, built from the actor fixtures with varied ranks, species, gear and damage,
 * so every branch of the derivation runs. Deterministic (no randomness), plain objects only.
 */
import {
  AMULET_OF_VITALITY, AMULET_OF_WIZARDRY, AXE, BATTLEAXE, BULWARK, CHANGELING, DAGGER, DWARF, FIRE_FLASK, FOCUS_AXE,
  FOCUS_BOW, FOCUS_HISTORY, FRAG_GRENADE, GRAVITY_REDUCTION, HANDAXE, HEALTH_POTION, HUMAN, KITE_SHIELD, LEATHER,
  MYCORREAN, ORC, PIERCING_PROTECTION, PLATEMAIL, SCALEMAIL, STAFF_OF_ARCANA, TOWER_SHIELD, BUCKLER, copy, creature,
  type CreatureFixture, type ItemFixture,
} from "../fixtures/actors";

export interface WorldActor {
  name: string;
  type: "character" | "npc";
  system: CreatureFixture;
  items: ItemFixture[];
}

const SKILLS = [
  "accuracy", "agility", "strength", "stamina", "celestial", "elemental", "soul", "spellcraft",
  "intuition", "ingenuity", "knowledge", "perception", "creativity", "charisma", "manipulation", "will",
] as const;

const SPECIES = [ORC, HUMAN, CHANGELING, DWARF, MYCORREAN];
const ARMORS = [SCALEMAIL, PLATEMAIL, LEATHER];
const SHIELDS = [KITE_SHIELD, TOWER_SHIELD, BUCKLER];

/** A 16-character id unique per actor and slot. */
function id(actor: number, slot: number): string {
  return `w${String(actor).padStart(6, "0")}i${String(slot).padStart(8, "0")}`;
}

function withId(item: ItemFixture, actor: number, slot: number, extra: Record<string, unknown> = {}): ItemFixture {
  const copyOf = copy(item);
  return { ...copyOf, _id: id(actor, slot), name: `${item.name} ${slot}`, system: { ...copyOf.system, ...extra } };
}

function ranks(n: number): Record<string, number> {
  const out: Record<string, number> = {};
  SKILLS.forEach((key, i) => (out[key] = 4 + ((n * 7 + i * 5) % 9)));
  return out;
}

const spell = (actor: number, slot: number): ItemFixture => ({
  _id: id(actor, slot), name: `Spell ${slot}`, type: "spell",
  system: { skill: "elemental", school: "fire", level: 1 + (slot % 4), mana: 2, damage: { dice: 6, types: ["energy"] } },
});
const feature = (actor: number, slot: number): ItemFixture => ({
  _id: id(actor, slot), name: `Feature ${slot}`, type: "feature", system: { identifier: `feature-${slot}`, level: 1 + (slot % 4) },
});
const gear = (actor: number, slot: number): ItemFixture => ({
  _id: id(actor, slot), name: `Gear ${slot}`, type: "equipment", system: { category: "gear", quantity: 1 + (slot % 3), container: "backpack" },
});

/** 33 items: species, armor, shield, 3 enchantments, 3 artifacts, 3 foci, 5 weapons, 8 gear, 6 spells, 3 features. */
function characterItems(n: number): ItemFixture[] {
  const items: ItemFixture[] = [];
  let slot = 0;
  const add = (item: ItemFixture) => items.push(item);
  const species = SPECIES[n % SPECIES.length];
  add(withId(species, n, slot++));
  const armor = withId(ARMORS[n % ARMORS.length], n, slot++);
  add(armor);
  add(withId(SHIELDS[n % SHIELDS.length], n, slot++));
  for (const enchantment of [PIERCING_PROTECTION, BULWARK, GRAVITY_REDUCTION]) add(withId(enchantment, n, slot++, { appliedTo: armor._id }));
  for (const artifact of [AMULET_OF_VITALITY, AMULET_OF_WIZARDRY, STAFF_OF_ARCANA]) add(withId(artifact, n, slot++, { equipped: (n + slot) % 2 === 0 }));
  for (const focus of [FOCUS_AXE, FOCUS_BOW, FOCUS_HISTORY]) add(withId(focus, n, slot++));
  for (const weapon of [AXE, BATTLEAXE, HANDAXE, DAGGER, FRAG_GRENADE]) add(withId(weapon, n, slot++));
  add(withId(HEALTH_POTION, n, slot++, { quantity: 1 }));
  add(withId(FIRE_FLASK, n, slot++));
  while (slot < 19) add(gear(n, slot++));
  while (slot < 25) add(spell(n, slot++));
  while (slot < 28) add(feature(n, slot++));
  while (items.length < 33) add(gear(n, slot++));
  return items;
}

/** 7 items: species, armor, 2 weapons, a focus, 2 gear. */
function npcItems(n: number): ItemFixture[] {
  return [
    withId(SPECIES[n % SPECIES.length], n, 0),
    withId(ARMORS[n % ARMORS.length], n, 1),
    withId(AXE, n, 2),
    withId(DAGGER, n, 3),
    withId(FOCUS_AXE, n, 4),
    gear(n, 5),
    gear(n, 6),
  ];
}

function character(n: number): WorldActor {
  const items = characterItems(n);
  const system = creature(ranks(n), {
    speciesBonusSkills: ["strength", "stamina"],
    personalBonusSkill: "will",
    speciesResistance: "energy",
    sizeChoice: n % SPECIES.length === 4 ? "small" : "",
    health: { hits: n % 3, wounds: n % 2, vitalsLost: n % 4, barrier: 0, dying: false, dead: false },
    // A medium or heavy shield takes the off hand; a buckler leaves it to the dagger.
    equipped: { mainHand: items[12]._id, offHand: n % SHIELDS.length === 2 ? items[15]._id : "", armor: items[1]._id, shield: items[2]._id },
  });
  return { name: `Character ${n}`, type: "character", system, items };
}

function npc(n: number): WorldActor {
  const items = npcItems(n);
  const system = creature(ranks(n + 1000), {
    health: { hits: n % 2, wounds: 0, vitalsLost: n % 3, barrier: 0, dying: false, dead: false },
    equipped: { mainHand: items[2]._id, offHand: items[3]._id, armor: items[1]._id, shield: "" },
    vitalsMax: 4 + (n % 5),
    minion: n % 10 === 0,
    resistanceOverride: { ballistic: null, blunt: n % 4 === 0 ? 5 : null, energy: null, piercing: null, slashing: null, explosive: null },
    defenseOverride: n % 6 === 0 ? 4 : null,
  });
  return { name: `NPC ${n}`, type: "npc", system, items };
}

/** 500 characters (33 items each) and 500 NPCs (7 items each). */
export function tableWorld(characters = 500, npcs = 500): WorldActor[] {
  const actors: WorldActor[] = [];
  for (let n = 0; n < characters; n++) actors.push(character(n));
  for (let n = 0; n < npcs; n++) actors.push(npc(n));
  return actors;
}

/** The shape `prepareCreature` reads: items with id, name, type and system. */
export function actorLike(actor: WorldActor): { items: { id: string; name: string; type: string; system: unknown }[] } {
  return { items: actor.items.map((item) => ({ id: item._id, name: item.name, type: item.type, system: item.system })) };
}
