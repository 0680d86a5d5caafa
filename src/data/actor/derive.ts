/**
 * Derived actor data as a pure function of plain inputs: the stored system data and the
 * actor's items. It only gathers inputs (which species, which armor is worn, which foci and
 * magic items apply) and hands them to the rules core; every number comes from there.
 * No Foundry globals, so tests and benchmarks call it directly.
 */
import {
  CARRY_SLOTS, SIZES, SKILL_ATTRIBUTE,
  armorBurden, boxCapacity, deriveCharacter, lighterBy, poolSize, resistanceProfile, vitalsPenalty,
} from "../../rules";
import type { ArmorWeight, CharacterInput, DamageType, PoolInput, SkillKey, Size, WornWeight } from "../../rules";
import type { ActorDerivedData, DerivedResistance, DerivedSkill } from "./derived";
import type { ActiveInput } from "./active";
import { choices } from "../../config";

/** The stored fields of a character or NPC that the derivation reads. */
export interface CreatureSource {
  skills: Record<SkillKey, { rank: number }>;
  speciesBonusSkills: readonly string[];
  personalBonusSkill: string;
  speciesResistance: string;
  sizeChoice: string;
  resistanceAllocation: Record<DamageType, number>;
  health: { hits: number; wounds: number; vitalsLost: number };
  equipped: { mainHand: string; offHand: string; armor: string; shield: string };
  /** NPC only. */
  vitalsMax?: number;
  minion?: boolean;
  resistanceOverride?: Record<DamageType, number | null>;
  defenseOverride?: number | null;
}

/** The item fields the derivation reads, by item type. */
export interface SpeciesInput {
  size: string;
  sizeChoices: readonly string[];
  resistanceBonus: string;
  runBonus: number;
  lighterArmorForMovement: boolean;
  dodgePenaltyReduction: number;
}
export interface ArmorInput {
  weight: string;
  resistances: Record<DamageType, number>;
}
export interface ShieldInput {
  weight: string;
}
export interface FocusInput {
  skill: string;
}
export interface ArtifactInput {
  equipped: boolean;
  effects: { vitals: number; mana: number; focusSkill: string };
}
export interface EnchantmentInput {
  target: string;
  appliedTo: string;
  effects: { resistance: { type: string; value: number }; vitals: number; lighterArmor: boolean };
}
export interface CarriedInput {
  container: string;
  quantity: number;
}

/** One owned item as the derivation sees it (a plain snapshot of an embedded Item). */
export type ItemInput =
  | { id: string; name: string; identifier?: string; type: "species"; system: SpeciesInput }
  | { id: string; name: string; identifier?: string; type: "armor"; system: ArmorInput }
  | { id: string; name: string; identifier?: string; type: "shield"; system: ShieldInput }
  | { id: string; name: string; identifier?: string; type: "focus"; system: FocusInput }
  | { id: string; name: string; identifier?: string; type: "artifact"; system: ArtifactInput }
  | { id: string; name: string; identifier?: string; type: "enchantment"; system: EnchantmentInput }
  | { id: string; name: string; identifier?: string; type: "equipment" | "weapon"; system: CarriedInput }
  | { id: string; name: string; identifier?: string; type: string; system: object };

type Of<T extends ItemInput["type"]> = Extract<ItemInput, { type: T }>;

export interface DeriveOptions {
  /** NPCs use their stored vitals max, minion flag and overrides. */
  kind: "character" | "npc";
  /** Lasting spells and potions (src/data/actor/active.ts), or null. */
  active?: ActiveInput | null;
}

const DEFAULT_SIZE: Size = "medium";
/** Shared by every skill without a focus (read-only: sheets and rolls only read it). */
const NO_FOCI = Object.freeze([]) as unknown as string[];

/** Luck uses per session (digest §4.5); the rules tables do not name it yet. */
export const LUCK_PER_SESSION = 3;

function isType<T extends "species" | "armor" | "shield" | "focus" | "artifact" | "enchantment">(item: ItemInput, type: T): item is Of<T> {
  return item.type === type;
}

/**
 * The sixteen skills, spelled out: objects built with fixed property names keep one shape, where
 * a loop over the keys made every read and write a slow keyed access (issue 9). `SkillKey`
 * comes from the rules core's skill list, so the type check fails if that list changes.
 */
function mapSkills<T>(of: (key: SkillKey) => T): Record<SkillKey, T> {
  return {
    accuracy: of("accuracy"), agility: of("agility"), strength: of("strength"), stamina: of("stamina"),
    celestial: of("celestial"), elemental: of("elemental"), soul: of("soul"), spellcraft: of("spellcraft"),
    intuition: of("intuition"), ingenuity: of("ingenuity"), knowledge: of("knowledge"), perception: of("perception"),
    creativity: of("creativity"), charisma: of("charisma"), manipulation: of("manipulation"), will: of("will"),
  } satisfies Record<SkillKey, T>;
}

function readRanks(skills: CreatureSource["skills"]): Record<SkillKey, number> {
  return {
    accuracy: skills.accuracy.rank, agility: skills.agility.rank, strength: skills.strength.rank, stamina: skills.stamina.rank,
    celestial: skills.celestial.rank, elemental: skills.elemental.rank, soul: skills.soul.rank, spellcraft: skills.spellcraft.rank,
    intuition: skills.intuition.rank, ingenuity: skills.ingenuity.rank, knowledge: skills.knowledge.rank, perception: skills.perception.rank,
    creativity: skills.creativity.rank, charisma: skills.charisma.rank, manipulation: skills.manipulation.rank, will: skills.will.rank,
  } satisfies Record<SkillKey, number>;
}

/**
 * One pass over the items: the lookups the derivation needs. It runs for every actor on every
 * preparation, so it keeps to plain counters and lazily made lists (no per-item map entries).
 */
function indexItems(items: Iterable<ItemInput>, equipped: CreatureSource["equipped"]) {
  const foci: Partial<Record<string, string[]>> = {};
  const artifactFocus = new Set<string>();
  const armorEnchantments: Of<"enchantment">[] = [];
  let species: Of<"species"> | undefined;
  let armor: Of<"armor"> | undefined;
  let shield: Of<"shield"> | undefined;
  let vitalsBonus = 0;
  let manaBonus = 0;
  let belt = 0;
  let bandolier = 0;
  let hasFoci = false;
  for (const item of items) {
    if (isType(item, "species")) species ??= item;
    else if (isType(item, "focus")) {
      (foci[item.system.skill] ??= []).push(item.name);
      hasFoci = true;
    }
    else if (isType(item, "artifact")) {
      if (item.system.equipped) {
        vitalsBonus += item.system.effects.vitals;
        manaBonus += item.system.effects.mana;
        if (item.system.effects.focusSkill) artifactFocus.add(item.system.effects.focusSkill);
      }
    } else if (isType(item, "enchantment")) {
      if (item.system.target === "armor") armorEnchantments.push(item);
    } else if (isType(item, "armor")) {
      if (item.id === equipped.armor) armor = item;
    } else if (isType(item, "shield")) {
      if (item.id === equipped.shield) shield = item;
    } else if (item.type === "equipment" || item.type === "weapon") {
      const { container, quantity } = item.system as CarriedInput;
      if (container === "belt") belt += quantity;
      else if (container === "bandolier") bandolier += quantity;
    }
  }
  return { foci, hasFoci, artifactFocus, armorEnchantments, species, armor, shield, vitalsBonus, manaBonus, belt, bandolier };
}

/** The stored identifier, else what the item offers (a document's slug of its name). */
function speciesIdentifier(item: Of<"species">): string {
  return (item.system as { identifier?: string }).identifier || item.identifier || "";
}

function sizeOf(source: CreatureSource, species: SpeciesInput | undefined): Size {
  if (!species) return (source.sizeChoice || DEFAULT_SIZE) as Size;
  const picked = source.sizeChoice && species.sizeChoices.includes(source.sizeChoice);
  return (picked ? source.sizeChoice : species.size) as Size;
}

/** Everything `prepareDerivedData` adds, from stored data and owned items. */
/** One size step per `shift`, kept within tiny … huge (Enlarge has no effect on Huge). */
function shiftedSize(size: Size, shift: number): Size {
  if (!shift) return size;
  const index = SIZES.indexOf(size);
  if (index < 0) return size;
  return SIZES[Math.min(SIZES.length - 1, Math.max(0, index + shift))];
}

/** Graphene-like skin (Ironskin Potion): the same resistance in every type. */
function skinResistances(value: number): Record<DamageType, number> {
  const row = {} as Record<DamageType, number>;
  for (const type of choices.damageTypes()) row[type] = value;
  return row;
}

export function deriveActorData(source: CreatureSource, items: Iterable<ItemInput>, { kind, active = null }: DeriveOptions = { kind: "character" }): ActorDerivedData {
  const index = indexItems(items, source.equipped);
  const speciesItem = index.species;
  const species = speciesItem?.system;
  // Enlarge and Shrink: one step at most (they do not stack past one size, docs/rulings.md 31).
  const sizeShift = Math.max(-1, Math.min(1, active?.sizeShift ?? 0));
  const naturalSize = sizeOf(source, species);
  const size = shiftedSize(naturalSize, sizeShift);
  const { armor, shield } = index;
  // An Ironskin Potion is worn armor only while nothing else is (light, for movement too).
  const skin = !armor && active && active.skinResistance > 0 ? skinResistances(active.skinResistance) : undefined;

  // Enchantments count only while applied to the armor being worn.
  const enchantments = armor ? index.armorEnchantments.filter((e) => e.system.appliedTo === armor.id) : [];
  const armorWeight = (armor?.system.weight ?? (skin ? "light" : "none")) as ArmorWeight;
  const lighterSteps = enchantments.some((e) => e.system.effects.lighterArmor) ? 1 : 0;
  const shieldWeight = (shield?.system.weight ?? "none") as ArmorWeight;

  const npc = kind === "npc";
  const ranks = readRanks(source.skills);

  // The natural size with the shift: grit, reach, base defense, dodge and block follow the new
  // size; movement and resistance points keep the natural one (L1339–L1341, docs/rulings.md 31).
  const characterInput: CharacterInput = {
    skills: ranks,
    size: naturalSize,
    sizeShift,
    armor: lighterBy(armorWeight, lighterSteps),
    shield: shieldWeight,
    runBonus: (species?.runBonus ?? 0) + (active?.runBonus ?? 0),
    lighterArmorForMovement: species?.lighterArmorForMovement ?? false,
    dodgePenaltyReduction: species?.dodgePenaltyReduction ?? 0,
    baseVitals: npc ? (source.minion ? 1 : (source.vitalsMax ?? undefined)) : undefined,
    vitalsBonus: index.vitalsBonus + enchantments.reduce((sum, e) => sum + e.system.effects.vitals, 0),
    manaBonus: index.manaBonus,
  };
  const character = deriveCharacter(characterInput);

  const speciesType = species?.resistanceBonus === "any" ? source.speciesResistance : (species?.resistanceBonus ?? "");
  const profile = resistanceProfile({
    allocation: source.resistanceAllocation,
    speciesBonusType: (speciesType || undefined) as DamageType | undefined,
    armor: armor?.system.resistances ?? skin,
    armorBonuses: enchantments.map((e) => e.system.effects.resistance).filter((r) => r.type) as { type: DamageType; value: number }[],
    // Setting modules' damage types (and a removed module's, still stored) have a resistance too.
    types: choices.damageTypes(),
  });
  // The profile's rows have the derived shape already; only an NPC's overrides need new rows.
  let resistances: Record<DamageType, DerivedResistance> = profile;
  if (npc && source.resistanceOverride) {
    resistances = {} as Record<DamageType, DerivedResistance>;
    for (const type of Object.keys(profile) as DamageType[]) {
      const row = profile[type];
      const override = source.resistanceOverride[type];
      resistances[type] = override === null || override === undefined ? row : { species: row.species, armor: row.armor, total: override };
    }
  }

  const vitalsMax = character.vitals;
  const vitalsRemaining = Math.max(0, vitalsMax - source.health.vitalsLost);
  // One pool object of a fixed shape, reused for all 32 pool sizes: spreading a fresh copy per
  // skill was most of the derivation's time (issue 9).
  const pool: PoolInput = { attribute: 0, bonusSkill: false, focus: false, vitalsRemaining, physical: false };
  const anyFocus = index.hasFoci || index.artifactFocus.size > 0;
  const skill = (key: SkillKey): DerivedSkill => {
    const attribute = SKILL_ATTRIBUTE[key];
    const foci = (anyFocus && index.foci[key]) || NO_FOCI;
    const bonus = key === source.personalBonusSkill || source.speciesBonusSkills.includes(key);
    pool.attribute = character.attributes[attribute];
    pool.bonusSkill = bonus;
    pool.physical = attribute === "body";
    pool.focus = false;
    const dice = poolSize(pool);
    pool.focus = true;
    const diceWithFocus = poolSize(pool);
    return { rank: ranks[key], attribute, dice, diceWithFocus, bonus, focus: foci.length > 0 || (anyFocus && index.artifactFocus.has(key)), foci };
  };
  const skills = mapSkills(skill);

  const allocated = (Object.keys(profile) as DamageType[]).reduce((sum, type) => sum + (source.resistanceAllocation[type] ?? 0), 0);

  return {
    size,
    species: speciesItem ? { id: speciesItem.id, name: speciesItem.name, identifier: speciesIdentifier(speciesItem) } : null,
    attributes: character.attributes,
    skills,
    resistances,
    resistancePoints: { available: character.resistancePoints, allocated, remaining: character.resistancePoints - allocated },
    health: {
      grit: character.grit,
      capacity: boxCapacity({ grit: character.grit, wounds: source.health.wounds }),
      vitalsMax,
      vitalsRemaining,
      penalty: vitalsPenalty(vitalsRemaining),
      value: vitalsRemaining,
      max: vitalsMax,
    },
    mana: { max: character.mana },
    luck: { max: LUCK_PER_SESSION },
    movement: { score: character.movementScore, walk: character.walk, run: character.run },
    defense: { base: (npc ? source.defenseOverride : null) ?? character.baseDefense, dodge: character.dodge, block: character.block },
    reach: character.reach,
    maxArmor: character.maxArmor as WornWeight,
    armorWeight,
    shieldWeight,
    encumbrance: character.encumbrance,
    // Derived twice more only while the armor encumbers: the sheet's warning states its cost.
    armorBurden: character.encumbrance === "none" ? null : armorBurden(characterInput),
    carry: {
      belt: { used: index.belt, max: CARRY_SLOTS.belt },
      bandolier: { used: index.bandolier, max: CARRY_SLOTS.bandolier },
    },
  };
}
