/**
 * The derivation as it was before issue 9 (commit 7cf6ca0), kept verbatim so `npm run bench`
 * measures the current build against it in the same run. Not used by src/ or by tests.
 */
/**
 * Derived actor data as a pure function of plain inputs: the stored system data and the
 * actor's items. It only gathers inputs (which species, which armor is worn, which foci and
 * magic items apply) and hands them to the rules core; every number comes from there.
 * No Foundry globals, so tests and benchmarks call it directly.
 */
import {
  CARRY_SLOTS, DAMAGE_TYPES, SKILL_ATTRIBUTE, SKILL_KEYS,
  boxCapacity, deriveCharacter, lighterBy, poolSize, resistanceProfile, vitalsPenalty,
} from "../../../src/rules";
import type { ArmorWeight, DamageType, SkillKey, Size, WornWeight } from "../../../src/rules";
import type { ActorDerivedData, DerivedResistance, DerivedSkill } from "../../../src/data/actor/derived";

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
}

const DEFAULT_SIZE: Size = "medium";

/** Luck uses per session (digest §4.5); the rules tables do not name it yet. */
export const LUCK_PER_SESSION = 3;

function isType<T extends "species" | "armor" | "shield" | "focus" | "artifact" | "enchantment">(item: ItemInput, type: T): item is Of<T> {
  return item.type === type;
}

/** One pass over the items: the lookups the derivation needs. */
function indexItems(items: readonly ItemInput[]) {
  const byId = new Map<string, ItemInput>();
  const foci = new Map<string, string[]>();
  const artifactFocus = new Set<string>();
  const armorEnchantments: Of<"enchantment">[] = [];
  let species: Of<"species"> | undefined;
  let vitalsBonus = 0;
  let manaBonus = 0;
  const carried: Record<string, number> = {};
  for (const item of items) {
    byId.set(item.id, item);
    if (isType(item, "species")) species ??= item;
    else if (isType(item, "focus")) {
      const names = foci.get(item.system.skill) ?? [];
      names.push(item.name);
      foci.set(item.system.skill, names);
    } else if (isType(item, "artifact") && item.system.equipped) {
      vitalsBonus += item.system.effects.vitals;
      manaBonus += item.system.effects.mana;
      if (item.system.effects.focusSkill) artifactFocus.add(item.system.effects.focusSkill);
    } else if (isType(item, "enchantment") && item.system.target === "armor") armorEnchantments.push(item);
    if (item.type === "equipment" || item.type === "weapon") {
      const { container, quantity } = item.system as CarriedInput;
      carried[container] = (carried[container] ?? 0) + quantity;
    }
  }
  return { byId, foci, artifactFocus, armorEnchantments, species, vitalsBonus, manaBonus, carried };
}

function equippedOfType<T extends "armor" | "shield">(byId: Map<string, ItemInput>, id: string, type: T): Of<T> | undefined {
  const item = id ? byId.get(id) : undefined;
  return item && isType(item, type) ? item : undefined;
}

function sizeOf(source: CreatureSource, species: SpeciesInput | undefined): Size {
  if (!species) return (source.sizeChoice || DEFAULT_SIZE) as Size;
  const picked = source.sizeChoice && species.sizeChoices.includes(source.sizeChoice);
  return (picked ? source.sizeChoice : species.size) as Size;
}

/** Everything `prepareDerivedData` adds, from stored data and owned items. */
export function deriveActorData(source: CreatureSource, items: readonly ItemInput[], { kind }: DeriveOptions = { kind: "character" }): ActorDerivedData {
  const index = indexItems(items);
  const speciesItem = index.species;
  const species = speciesItem?.system;
  const size = sizeOf(source, species);
  const armor = equippedOfType(index.byId, source.equipped.armor, "armor");
  const shield = equippedOfType(index.byId, source.equipped.shield, "shield");

  // Enchantments count only while applied to the armor being worn.
  const enchantments = armor ? index.armorEnchantments.filter((e) => e.system.appliedTo === armor.id) : [];
  const armorWeight = (armor?.system.weight ?? "none") as ArmorWeight;
  const lighterSteps = enchantments.some((e) => e.system.effects.lighterArmor) ? 1 : 0;
  const shieldWeight = (shield?.system.weight ?? "none") as ArmorWeight;

  const npc = kind === "npc";
  const ranks = {} as Record<SkillKey, number>;
  for (const key of SKILL_KEYS) ranks[key] = source.skills[key].rank;

  const character = deriveCharacter({
    skills: ranks,
    size,
    armor: lighterBy(armorWeight, lighterSteps),
    shield: shieldWeight,
    runBonus: species?.runBonus ?? 0,
    lighterArmorForMovement: species?.lighterArmorForMovement ?? false,
    dodgePenaltyReduction: species?.dodgePenaltyReduction ?? 0,
    baseVitals: npc ? (source.minion ? 1 : (source.vitalsMax ?? undefined)) : undefined,
    vitalsBonus: index.vitalsBonus + enchantments.reduce((sum, e) => sum + e.system.effects.vitals, 0),
    manaBonus: index.manaBonus,
  });

  const speciesType = species?.resistanceBonus === "any" ? source.speciesResistance : (species?.resistanceBonus ?? "");
  const profile = resistanceProfile({
    allocation: source.resistanceAllocation,
    speciesBonusType: (speciesType || undefined) as DamageType | undefined,
    armor: armor?.system.resistances,
    armorBonuses: enchantments.map((e) => e.system.effects.resistance).filter((r) => r.type) as { type: DamageType; value: number }[],
  });
  const resistances = {} as Record<DamageType, DerivedResistance>;
  for (const type of DAMAGE_TYPES) {
    const override = npc ? source.resistanceOverride?.[type] : null;
    const row = profile[type];
    resistances[type] = { species: row.species, armor: row.armor, total: override ?? row.total };
  }

  const vitalsMax = character.vitals;
  const vitalsRemaining = Math.max(0, vitalsMax - source.health.vitalsLost);
  const bonusSkills = new Set([...source.speciesBonusSkills, source.personalBonusSkill].filter(Boolean));
  const skills = {} as Record<SkillKey, DerivedSkill>;
  for (const key of SKILL_KEYS) {
    const attribute = SKILL_ATTRIBUTE[key];
    const foci = index.foci.get(key) ?? [];
    const focus = foci.length > 0 || index.artifactFocus.has(key);
    const pool = { attribute: character.attributes[attribute], bonusSkill: bonusSkills.has(key), vitalsRemaining, physical: attribute === "body" };
    skills[key] = { rank: ranks[key], attribute, dice: poolSize(pool), diceWithFocus: poolSize({ ...pool, focus: true }), bonus: pool.bonusSkill, focus, foci };
  }

  const allocated = DAMAGE_TYPES.reduce((sum, type) => sum + source.resistanceAllocation[type], 0);

  return {
    size,
    species: speciesItem ? { id: speciesItem.id, name: speciesItem.name, identifier: speciesItem.identifier ?? "" } : null,
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
    carry: {
      belt: { used: index.carried.belt ?? 0, max: CARRY_SLOTS.belt },
      bandolier: { used: index.carried.bandolier ?? 0, max: CARRY_SLOTS.bandolier },
    },
  };
}
