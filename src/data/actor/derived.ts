/**
 * The derived (never stored) part of an actor's system data.
 *
 * `prepareDerivedData` writes these objects onto `actor.system` next to the stored fields
 * (for example `system.health.grit` sits beside the stored `system.health.hits`). Sheets,
 * rolls and macros read them; every number comes from `src/rules/`.
 */
import type { ArmorBurden, ArmorWeight, AttributeKey, DamageType, SkillKey, Size } from "../../rules";

/** One skill as the sheet shows it: `system.skills.<key>`. */
export interface DerivedSkill {
  /** Stored rank (4–12; lower is better). */
  rank: number;
  attribute: AttributeKey;
  /** Base pool: attribute + bonus die − vitals penalty (Body skills), clamped to 0..12. */
  dice: number;
  /** The pool when one of the skill's foci applies. */
  diceWithFocus: number;
  /** A species pick or the personal bonus skill. */
  bonus: boolean;
  /** At least one focus (or a staff that grants one) in this skill. */
  focus: boolean;
  /** Names of the foci in this skill, for the sheet's tooltip. */
  foci: string[];
}

/** `system.resistances.<type>`: species share, armor share and their capped total. */
export interface DerivedResistance {
  /** Base 2 + allocated points + the species' +1 when it targets this type. */
  species: number;
  /** The equipped armor's value (enchantments included, capped at 6). */
  armor: number;
  /** species + armor, capped at 12 (or an NPC's override). */
  total: number;
}

/** `system.resistancePoints`: the Body + size points the player spreads (RULING 22). */
export interface DerivedResistancePoints {
  available: number;
  allocated: number;
  /** available − allocated; negative means over-allocated. */
  remaining: number;
}

/** Derived values merged into the stored `system.health`. */
export interface DerivedHealth {
  grit: number;
  /** Hits a box holds: max(0, grit − wounds). */
  capacity: number;
  vitalsMax: number;
  vitalsRemaining: number;
  /** Dice lost on physical rolls from the remaining vitals (0..3). */
  penalty: number;
  /** Token-bar pair: remaining and maximum vitals. */
  value: number;
  max: number;
}

export interface DerivedMovement {
  score: number;
  walk: number;
  run: number;
}

export interface DerivedDefense {
  base: number;
  dodge: number;
  block: number;
}

export type Encumbrance = "none" | "encumbered" | "step-only";

/** A belt or bandolier: slots used by items stored there. */
export interface DerivedContainer {
  used: number;
  max: number;
}

/** Summary of the species item the derivation used, or null without one. */
export interface DerivedSpecies {
  id: string;
  name: string;
  identifier: string;
}

/**
 * Everything `prepareDerivedData` adds to an actor's system data. (A type alias, not an
 * interface, so it satisfies the index-signature constraint of TypeDataModel's generics.)
 */
export type ActorDerivedData = {
  size: Size;
  species: DerivedSpecies | null;
  attributes: Record<AttributeKey, number>;
  skills: Record<SkillKey, DerivedSkill>;
  resistances: Record<DamageType, DerivedResistance>;
  resistancePoints: DerivedResistancePoints;
  health: DerivedHealth;
  mana: { max: number };
  luck: { max: number };
  movement: DerivedMovement;
  defense: DerivedDefense;
  reach: number;
  /** Heaviest armor worn without penalty (from Strength). */
  maxArmor: ArmorWeight;
  /** Weight of the equipped armor and shield ("none" when nothing is worn). */
  armorWeight: ArmorWeight;
  shieldWeight: ArmorWeight;
  encumbrance: Encumbrance;
  /** Armor over the Strength limit: its state and walk, run and dodge with and without it; null (or absent) otherwise. */
  armorBurden?: ArmorBurden | null;
  carry: { belt: DerivedContainer; bandolier: DerivedContainer };
};
