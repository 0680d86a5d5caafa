/**
 * Shared vocabulary of the rules core. Key lists are `as const` arrays so that code can
 * iterate them and the union types stay derived from one source.
 */

export const SKILL_KEYS = [
  "accuracy", "agility", "strength", "stamina",
  "celestial", "elemental", "soul", "spellcraft",
  "intuition", "ingenuity", "knowledge", "perception",
  "creativity", "charisma", "manipulation", "will",
] as const;
export type SkillKey = (typeof SKILL_KEYS)[number];

export const ATTRIBUTE_KEYS = ["body", "magic", "mind", "spirit"] as const;
export type AttributeKey = (typeof ATTRIBUTE_KEYS)[number];

export const SIZES = ["tiny", "small", "medium", "large", "huge"] as const;
export type Size = (typeof SIZES)[number];

/** Ordered lightest to heaviest; the index is the weight step used by encumbrance. */
export const ARMOR_WEIGHTS = ["none", "light", "medium", "heavy"] as const;
export type ArmorWeight = (typeof ARMOR_WEIGHTS)[number];
/** Weights a real piece of armor or a shield can have. */
export type WornWeight = Exclude<ArmorWeight, "none">;

/** In the book's B / L / N / P / S / X order. */
export const DAMAGE_TYPES = ["ballistic", "blunt", "energy", "piercing", "slashing", "explosive"] as const;
export type DamageType = (typeof DAMAGE_TYPES)[number];

export const CAMPAIGN_SPEEDS = ["fast", "normal", "slow"] as const;
export type CampaignSpeed = (typeof CAMPAIGN_SPEEDS)[number];

export const MAGIC_SKILLS = ["celestial", "elemental", "soul", "spellcraft"] as const;
export type MagicSkill = (typeof MAGIC_SKILLS)[number];

export const SCHOOLS = [
  "fate", "force", "space", "time",
  "air", "earth", "fire", "water",
  "death", "emotion", "life", "nature",
  "alchemy", "arcane", "enchantment", "illusion",
] as const;
export type School = (typeof SCHOOLS)[number];

export const DIFFICULTIES = ["simple", "easy", "normal", "hard", "difficult", "extreme"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** The skills initiative may count against (§4.6). */
export const INITIATIVE_SKILLS = ["agility", "intuition"] as const;
export type InitiativeSkill = (typeof INITIATIVE_SKILLS)[number];

export const CALLED_SHOTS = ["head", "arm", "leg"] as const;
export type CalledShot = (typeof CALLED_SHOTS)[number];

/** Cover as a percentage; 100 % means the target cannot be targeted by line-of-sight attacks. */
export const COVER_LEVELS = [0, 25, 50, 75, 100] as const;
export type CoverPercent = (typeof COVER_LEVELS)[number];

export const CONDITION_KEYS = [
  "bleeding", "burning", "chilled", "frozen", "deafened", "entangled", "exhausted",
  "persistent", "petrified", "poisoned", "stunned", "blind", "prone", "grappled",
  "pacified", "dying", "encumbered", "defenseless",
] as const;
export type ConditionKey = (typeof CONDITION_KEYS)[number];

export const MELEE_WEAPON_GROUPS = [
  "axe", "club", "energyBlade", "hammer", "knife", "massDriver", "pick", "polearm",
  "sickle", "sword", "whip",
] as const;
export const RANGED_WEAPON_GROUPS = [
  "automatic", "beam", "bow", "crossbow", "handgun", "muzzleloader", "powerarm", "rifle",
  "shotgun", "thrower",
] as const;
export const OTHER_WEAPON_GROUPS = ["unarmed", "shield", "grenade", "launcher", "missile"] as const;
export type WeaponGroup =
  | (typeof MELEE_WEAPON_GROUPS)[number]
  | (typeof RANGED_WEAPON_GROUPS)[number]
  | (typeof OTHER_WEAPON_GROUPS)[number];

export const WEAPON_PROPERTIES = [
  "arcShot", "armorPiercing", "autofire", "autofireOnly", "doubleShot", "dualWield",
  "entangle", "finesse", "flourish", "parry", "reach", "shotOrSlug", "stunning", "thrown",
  "wounding", "burningOnHit",
] as const;
export type WeaponProperty = (typeof WEAPON_PROPERTIES)[number];

export const MISSILE_GUIDANCE = ["rocket", "dumb", "guided", "smart"] as const;
export type MissileGuidance = (typeof MISSILE_GUIDANCE)[number];
export const MISSILE_PROPULSION = ["hellfire", "standard", "cruise"] as const;
export type MissilePropulsion = (typeof MISSILE_PROPULSION)[number];
export const MISSILE_PAYLOADS = ["explosive", "fragmentation", "incendiary", "concussion"] as const;
export type MissilePayload = (typeof MISSILE_PAYLOADS)[number];

/** A per-damage-type record, used for resistances, allocations and armor. */
export type Resistances = Record<DamageType, number>;

/** Encumbrance state from armor worn against the Strength limit. */
export type Encumbrance = "none" | "encumbered" | "step-only";

/**
 * A validation finding, keyed for localization (`CLOCKWORK.Rules.Problem.<code>`).
 * `subject` names the offending entry (a damage type, a skill); `value` and `limit` carry numbers.
 */
export interface RuleProblem {
  code: string;
  subject?: string;
  value?: number;
  limit?: number;
}
