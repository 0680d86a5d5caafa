/**
 * What a companion made by a spell is, as numbers an NPC can hold (issue 11 item 8): the animal
 * Call of the Wild brings (table 1.37) and the golem Golemancy builds (table 1.39, §4.20). The
 * book names the animals of each row but gives them no numbers: each row's stat block here is
 * ClockWork's (docs/rulings.md 134), its animals differing in their natural attack only. A golem is
 * built like a character (§4.20): its design gives its size, its material the resistance of the
 * balanced prebuilt armor of its class (docs/rulings.md 135) and its runes. Keys only; the words
 * live in lang/en.json under `CLOCKWORK.Magic.Table.*`.
 */
import { ruleError } from "./errors";
import { callOfTheWildChoices, golemAffordable, golemCost, GOLEM_MATERIAL_ARMOR, type CallOfTheWildRow, type GolemDesign, type GolemRunes } from "./spells-tables";
import type { DamageType, Size } from "./types";

/** The rows that bring an animal. */
export type AnimalRow = Exclude<CallOfTheWildRow, "hostile" | "nobody" | "any">;
export const ANIMAL_ROWS: readonly AnimalRow[] = ["small", "medium", "large", "giant", "huge"];

/** A natural attack: an unarmed strike of its damage type (2 counters, like any melee attack). */
export const NATURAL_ATTACKS = { bite: "piercing", beak: "piercing", horn: "piercing", tusks: "piercing", claws: "slashing", talons: "slashing", hooves: "blunt", slam: "blunt" } as const satisfies Record<string, DamageType>;
export type NaturalAttack = keyof typeof NATURAL_ATTACKS;

/** The animals of each row of table 1.37, with the attack each makes. */
export const CALL_OF_THE_WILD_ANIMALS: Readonly<Record<AnimalRow, Readonly<Record<string, NaturalAttack>>>> = {
  small: { turtle: "bite", rabbit: "bite", gecko: "bite", snake: "bite", smallBird: "beak", squirrel: "bite" },
  medium: { houseCat: "claws", dog: "bite", falcon: "talons", smallDinosaur: "bite", tortoise: "bite" },
  large: { wolf: "bite", badger: "claws", eagle: "talons", tiger: "claws", horse: "hooves", orangutan: "slam", alligator: "bite" },
  giant: { giraffe: "hooves", elephant: "tusks", rhino: "horn", whale: "slam", terrorBird: "beak", largeDinosaur: "bite", smallDragon: "claws" },
  huge: { giganticDinosaur: "bite", adultDragon: "claws", magicalBeast: "claws" },
};

/** Skill ranks a stat block sets (lower is better; the rest stay untrained). */
export type CompanionRanks = Partial<Record<"accuracy" | "agility" | "strength" | "stamina" | "perception" | "intuition" | "knowledge" | "will", number>>;

/** A companion as an NPC holds it. */
export interface CompanionStats {
  size: Size;
  ranks: CompanionRanks;
  vitalsMax: number;
  /** Resistance in every damage type (species and armor in one: the NPC's override). */
  resistance: number;
  /** Mana it starts with (a golem has none, §4.20). */
  mana: number;
  attack: { key: NaturalAttack; dice: number; type: DamageType } | null;
  /** Golemancy's runes (spell resistance, table 1.39). */
  runes: GolemRunes;
}

interface RowStats {
  size: Size;
  ranks: CompanionRanks;
  vitalsMax: number;
  resistance: number;
  dice: number;
}

/** Each row's stat block (docs/rulings.md 134): bigger rows hit harder and last longer. */
export const CALL_OF_THE_WILD_STATS: Readonly<Record<AnimalRow, RowStats>> = {
  small: { size: "tiny", ranks: { accuracy: 10, agility: 7, strength: 11, stamina: 10, perception: 8, will: 10 }, vitalsMax: 2, resistance: 0, dice: 2 },
  medium: { size: "small", ranks: { accuracy: 9, agility: 7, strength: 10, stamina: 9, perception: 7, will: 9 }, vitalsMax: 3, resistance: 0, dice: 4 },
  large: { size: "medium", ranks: { accuracy: 8, agility: 7, strength: 7, stamina: 7, perception: 8, will: 8 }, vitalsMax: 5, resistance: 1, dice: 6 },
  giant: { size: "large", ranks: { accuracy: 8, agility: 9, strength: 5, stamina: 5, perception: 9, will: 8 }, vitalsMax: 7, resistance: 2, dice: 8 },
  huge: { size: "huge", ranks: { accuracy: 7, agility: 9, strength: 4, stamina: 4, perception: 8, will: 7 }, vitalsMax: 9, resistance: 3, dice: 10 },
};

/** The animal rows Call of the Wild's gains let the caster pick from (8+: every row). */
export function animalRowsFor(gains: number): AnimalRow[] {
  const choices = callOfTheWildChoices(gains);
  if (choices.includes("any")) return [...ANIMAL_ROWS];
  return choices.filter((row): row is AnimalRow => (ANIMAL_ROWS as readonly string[]).includes(row));
}

/** The row an animal belongs to, or null. */
export function animalRow(animal: string): AnimalRow | null {
  return ANIMAL_ROWS.find((row) => Object.hasOwn(CALL_OF_THE_WILD_ANIMALS[row], animal)) ?? null;
}

/**
 * The animal Call of the Wild brings: one of the rows the gains reach (RULING 79), with its row's
 * stat block and its own attack; with 8+ gains it is smarter than usual (Intuition and Knowledge 8).
 */
export function animalCompanion(animal: string, gains: number): CompanionStats {
  const row = animalRow(animal);
  if (!row) ruleError("animal", "must be an animal of table 1.37", "Call of the Wild", animal);
  if (!animalRowsFor(gains).includes(row)) ruleError("animal", `is not within reach of ${gains} gains`, "the caster may take the rolled row or a lower one (RULING 79)", animal);
  const stats = CALL_OF_THE_WILD_STATS[row];
  const key = CALL_OF_THE_WILD_ANIMALS[row][animal];
  const smart = callOfTheWildChoices(gains).includes("any");
  return {
    size: stats.size,
    ranks: smart ? { ...stats.ranks, intuition: 8, knowledge: 8 } : { ...stats.ranks },
    vitalsMax: stats.vitalsMax,
    resistance: stats.resistance,
    mana: 0,
    attack: { key, dice: stats.dice, type: NATURAL_ATTACKS[key] },
    runes: "none",
  };
}

/** Resistance in every type of the balanced prebuilt armor of each class (§1.25: Graphene, Lamellar, Riot Gear). */
export const ARMOR_CLASS_RESISTANCE = { none: 0, light: 2, medium: 3, heavy: 4 } as const;

/**
 * The golem a design builds, when the gains buy it (§4.20): its size, its material's armor as
 * resistance, its runes, no mana and no natural attack (it uses weapons; slam is the unarmed strike).
 */
export function golemCompanion(design: GolemDesign, gains: number): CompanionStats {
  if (!golemAffordable(design, gains)) ruleError("golem design", `costs ${golemCost(design)} gains, more than the ${gains} rolled`, "material + size + runes must not exceed the casting gains (§4.20)", design);
  return {
    size: design.size,
    ranks: {},
    vitalsMax: 6,
    resistance: ARMOR_CLASS_RESISTANCE[GOLEM_MATERIAL_ARMOR[design.material]],
    mana: 0,
    attack: null,
    runes: design.runes ?? "none",
  };
}
