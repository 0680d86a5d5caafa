/**
 * The CLOCKWORK configuration (`CONFIG.CLOCKWORK`): every vocabulary the data models accept,
 * each entry with a localization key. Built from the rules tables so there is one source of
 * truth; pure (no Foundry globals), so sheets and tests can import it.
 *
 * Open for forks: add entries in an `init` hook after the system's (for example
 * `CONFIG.CLOCKWORK.conditions.dazed = { label: "MYFORK.Dazed", ... }`). The data models read
 * their choices from this object when they validate, so added keys become valid values.
 */
import {
  ARMOR_WEIGHTS, ATTRIBUTE_KEYS, CAMPAIGN_SPEEDS, CONDITION_KEYS, CONDITION_TABLE, DAMAGE_TYPE_TABLE,
  DAMAGE_TYPES, MAGIC_SCHOOLS, MAGIC_SKILLS, MELEE_WEAPON_GROUPS, MISSILE_GUIDANCE, MISSILE_PAYLOADS,
  MISSILE_PROPULSION, OTHER_WEAPON_GROUPS, RANGED_WEAPON_GROUPS, SIZE_TABLE, SIZES, SKILL_ATTRIBUTE,
  SKILL_KEYS, WEAPON_PROPERTIES,
} from "./rules";
import type {
  AttributeKey, CampaignSpeed, DamageType, MagicSkill, MissileGuidance, MissilePayload, MissilePropulsion,
  School, Size, SizeRow, SkillKey, WeaponGroup, WeaponProperty, WornWeight,
} from "./rules";

export interface ConfigEntry {
  /** Localization key of the display name. */
  label: string;
  /** Localization key of a short rules or flavour text (setting modules' entries). */
  hint?: string;
  /** The setting module that declared the entry (src/setting-modules/); absent for the system's. */
  module?: string;
}

export interface SkillEntry extends ConfigEntry {
  attribute: AttributeKey;
}

export interface DamageTypeEntry extends ConfigEntry {
  /** The book's one-letter notation (B L N P S X). */
  abbreviation: string;
}

export interface SchoolEntry extends ConfigEntry {
  skill: MagicSkill;
}

export type WeaponGroupKind = "melee" | "ranged" | "other";

export interface WeaponGroupEntry extends ConfigEntry {
  kind: WeaponGroupKind;
}

export interface ConditionEntry extends ConfigEntry {
  /** A state that only spells apply (charmed, hasted …); the rules table has no row for it. */
  spellState: boolean;
  /** A setting module's condition: its rules text (a localization key). */
  description?: string;
  /** A setting module's condition reuses this condition's mechanics ("" or absent: narrative only). */
  rulesAs?: string;
}

/** The money's name: the system keeps one currency amount; a setting module may rename it. */
export interface CurrencyEntry extends ConfigEntry {
  abbreviation: string;
}

/** Condition-like states applied by spells (digest §4.15, data-model contract). */
export const SPELL_STATES = [
  "charmed", "feared", "berserk", "hexed", "karma", "burdened", "polymorphed", "grounded",
  "hasted", "slowed", "invisible", "planarPushed",
] as const;

// Small vocabularies of the data-model contract (docs/data-model.md) that the rules core does
// not name. Sheets should read these rather than repeat them.
export const WEAPON_CATEGORIES = ["melee", "ranged", "thrown", "explosive"] as const;
export const WEAPON_HANDS = ["main", "off", "two", "none"] as const;
export const EQUIPMENT_CATEGORIES = ["gear", "alchemy", "scroll", "kit", "ammunition"] as const;
export const CONTAINERS = ["backpack", "belt", "bandolier"] as const;
export const ARTIFACT_SLOTS = [
  "amulet", "boots", "crown", "deck", "book", "gloves", "locket", "mask", "ring", "robe", "spectacles", "staff",
] as const;
export const ENCHANTMENT_TARGETS = ["armor", "weapon"] as const;
export const SPELL_ROLL_KINDS = ["attack", "area", "opposed", "unopposed", "difficulty", "none"] as const;
export const SPELL_RANGE_KINDS = ["self", "touch", "adjacent", "spaces", "sight", "special"] as const;
export const SPELL_AREA_SHAPES = ["none", "radius", "cone", "line", "square", "wall"] as const;
export const WEAPON_AREA_SHAPES = ["none", "radius", "cone", "line"] as const;
export const DURATION_KINDS = ["instant", "roundsPerGain", "minutesPerGain", "hoursPerGain", "flat", "permanent", "special"] as const;
export const SPELL_TRIGGERS = ["hit", "damaged", "proc", "always"] as const;
export const WEAPON_TRIGGERS = ["hit", "proc", "always"] as const;
export const GRANT_KINDS = ["focus", "spell"] as const;
export const RESTORE_RESOURCES = ["hits", "mana"] as const;
/** Actor equipment slots (`system.equipped.<slot>`). */
export const EQUIP_SLOTS = ["mainHand", "offHand", "armor", "shield"] as const;
export type EquipSlot = (typeof EQUIP_SLOTS)[number];

function entries<K extends string, E extends object>(
  keys: readonly K[], namespace: string, extra: (key: K) => E,
): Record<string, ConfigEntry & E> {
  const result: Record<string, ConfigEntry & E> = {};
  for (const key of keys) result[key] = { label: `CLOCKWORK.${namespace}.${key}`, ...extra(key) };
  return result;
}

const plain = (): object => ({});

function weaponGroups(): Record<string, WeaponGroupEntry> {
  return {
    ...entries(MELEE_WEAPON_GROUPS, "WeaponGroup", () => ({ kind: "melee" as const })),
    ...entries(RANGED_WEAPON_GROUPS, "WeaponGroup", () => ({ kind: "ranged" as const })),
    ...entries(OTHER_WEAPON_GROUPS, "WeaponGroup", () => ({ kind: "other" as const })),
  };
}

function schools(): Record<string, SchoolEntry> {
  const result: Record<string, SchoolEntry> = {};
  for (const skill of MAGIC_SKILLS) {
    for (const school of MAGIC_SCHOOLS[skill]) result[school] = { label: `CLOCKWORK.School.${school}`, skill };
  }
  return result;
}

function conditions(): Record<string, ConditionEntry> {
  const fromTable = entries(CONDITION_KEYS, "Condition", (key) => ({ spellState: !(key in CONDITION_TABLE) }));
  return { ...fromTable, ...entries(SPELL_STATES, "Condition", () => ({ spellState: true })) };
}

/** Build a fresh configuration object (the registered one is `CONFIG.CLOCKWORK`). */
export function createClockworkConfig() {
  return {
    attributes: entries(ATTRIBUTE_KEYS, "Attribute", plain),
    skills: entries(SKILL_KEYS, "Skill", (key) => ({ attribute: SKILL_ATTRIBUTE[key] })) as Record<string, SkillEntry>,
    sizes: entries(SIZES, "Size", (key) => ({ ...SIZE_TABLE[key] })) as Record<string, ConfigEntry & SizeRow>,
    weights: entries(ARMOR_WEIGHTS, "Weight", plain),
    damageTypes: entries(DAMAGE_TYPES, "DamageType", (key) => ({ abbreviation: DAMAGE_TYPE_TABLE[key].abbreviation })) as Record<string, DamageTypeEntry>,
    schools: schools(),
    weaponGroups: weaponGroups(),
    weaponProperties: entries(WEAPON_PROPERTIES, "WeaponProperty", plain),
    conditions: conditions(),
    campaignSpeeds: entries(CAMPAIGN_SPEEDS, "CampaignSpeed", plain),
    weaponCategories: entries(WEAPON_CATEGORIES, "WeaponCategory", plain),
    hands: entries(WEAPON_HANDS, "Hands", plain),
    equipmentCategories: entries(EQUIPMENT_CATEGORIES, "EquipmentCategory", plain),
    containers: entries(CONTAINERS, "Container", plain),
    artifactSlots: entries(ARTIFACT_SLOTS, "ArtifactSlot", plain),
    enchantmentTargets: entries(ENCHANTMENT_TARGETS, "EnchantmentTarget", plain),
    spellRollKinds: entries(SPELL_ROLL_KINDS, "SpellRoll", plain),
    spellRangeKinds: entries(SPELL_RANGE_KINDS, "SpellRange", plain),
    areaShapes: entries(SPELL_AREA_SHAPES, "AreaShape", plain),
    weaponAreaShapes: entries(WEAPON_AREA_SHAPES, "AreaShape", plain),
    durationKinds: entries(DURATION_KINDS, "Duration", plain),
    spellTriggers: entries(SPELL_TRIGGERS, "Trigger", plain),
    weaponTriggers: entries(WEAPON_TRIGGERS, "Trigger", plain),
    grantKinds: entries(GRANT_KINDS, "GrantKind", plain),
    restoreResources: entries(RESTORE_RESOURCES, "Restore", plain),
    missileGuidance: entries(MISSILE_GUIDANCE, "MissileGuidance", plain),
    missilePropulsion: entries(MISSILE_PROPULSION, "MissilePropulsion", plain),
    missilePayloads: entries(MISSILE_PAYLOADS, "MissilePayload", plain),
    // Lists setting modules extend (src/setting-modules/); the book's own are empty or fixed.
    /** Suggested foci per skill (skill → focus key → entry); focus items keep their own names. */
    foci: {} as Record<string, Record<string, ConfigEntry>>,
    /** Kinds of species special abilities (custom species, the builder). */
    speciesAbilityKinds: {} as Record<string, ConfigEntry>,
    currency: { label: "CLOCKWORK.Field.currency.label", abbreviation: "CLOCKWORK.Field.currency.label" } as CurrencyEntry,
  };
}

export type ClockworkConfig = ReturnType<typeof createClockworkConfig>;

/** The system's configuration; `init` registers this object as `CONFIG.CLOCKWORK`. */
export const CLOCKWORK: ClockworkConfig = createClockworkConfig();

/** The keys of one configuration list, read at call time so fork additions count. */
export function configKeys(list: keyof ClockworkConfig): string[] {
  return Object.keys(CLOCKWORK[list]);
}

/** The lists whose stored values may name a removed setting module's entry. */
export const RETIRABLE_LISTS = ["weaponGroups", "weaponProperties", "damageTypes", "conditions", "speciesAbilityKinds"] as const;
export type RetirableList = (typeof RETIRABLE_LISTS)[number];

/**
 * Keys a setting module once added whose module is no longer active (src/setting-modules/): stored
 * values naming them stay valid (never an invalid document, never a reset) and show as unknown.
 */
const retired: Partial<Record<RetirableList, readonly string[]>> = {};

export function setRetiredKeys(keys: Partial<Record<RetirableList, readonly string[]>>): void {
  for (const list of RETIRABLE_LISTS) retired[list] = [...(keys[list] ?? [])];
}

/** A removed setting module's key still accepted in stored data (not offered in lists). */
export function isRetiredKey(list: RetirableList, key: string): boolean {
  return Boolean(retired[list]?.includes(key)) && !(key in CLOCKWORK[list]);
}

/** What the data models accept: the list's keys, then its retired keys. */
export function acceptedKeys(list: RetirableList): string[] {
  const known = configKeys(list);
  const gone = (retired[list] ?? []).filter((key) => !known.includes(key));
  return gone.length ? [...known, ...gone] : known;
}

/**
 * Choice getters for the data models, typed with the rules' key unions. The union is a
 * convenience for code: at runtime a fork may have added keys the union does not name.
 */
export const choices = {
  skills: () => configKeys("skills") as SkillKey[],
  sizes: () => configKeys("sizes") as Size[],
  wornWeights: () => configKeys("weights").filter((w) => w !== "none") as WornWeight[],
  damageTypes: () => acceptedKeys("damageTypes") as DamageType[],
  magicSkills: () => [...MAGIC_SKILLS] as MagicSkill[],
  schools: () => configKeys("schools") as School[],
  weaponGroups: () => acceptedKeys("weaponGroups") as WeaponGroup[],
  weaponProperties: () => acceptedKeys("weaponProperties") as WeaponProperty[],
  conditions: () => acceptedKeys("conditions"),
  campaignSpeeds: () => configKeys("campaignSpeeds") as CampaignSpeed[],
  weaponCategories: () => configKeys("weaponCategories") as (typeof WEAPON_CATEGORIES)[number][],
  hands: () => configKeys("hands") as (typeof WEAPON_HANDS)[number][],
  equipmentCategories: () => configKeys("equipmentCategories") as (typeof EQUIPMENT_CATEGORIES)[number][],
  containers: () => configKeys("containers") as (typeof CONTAINERS)[number][],
  artifactSlots: () => configKeys("artifactSlots") as (typeof ARTIFACT_SLOTS)[number][],
  enchantmentTargets: () => configKeys("enchantmentTargets") as (typeof ENCHANTMENT_TARGETS)[number][],
  spellRollKinds: () => configKeys("spellRollKinds") as (typeof SPELL_ROLL_KINDS)[number][],
  spellRangeKinds: () => configKeys("spellRangeKinds") as (typeof SPELL_RANGE_KINDS)[number][],
  areaShapes: () => configKeys("areaShapes") as (typeof SPELL_AREA_SHAPES)[number][],
  weaponAreaShapes: () => configKeys("weaponAreaShapes") as (typeof WEAPON_AREA_SHAPES)[number][],
  durationKinds: () => configKeys("durationKinds") as (typeof DURATION_KINDS)[number][],
  spellTriggers: () => configKeys("spellTriggers") as (typeof SPELL_TRIGGERS)[number][],
  weaponTriggers: () => configKeys("weaponTriggers") as (typeof WEAPON_TRIGGERS)[number][],
  grantKinds: () => configKeys("grantKinds") as (typeof GRANT_KINDS)[number][],
  restoreResources: () => configKeys("restoreResources") as (typeof RESTORE_RESOURCES)[number][],
  missileGuidance: () => configKeys("missileGuidance") as MissileGuidance[],
  missilePropulsion: () => configKeys("missilePropulsion") as MissilePropulsion[],
  missilePayloads: () => configKeys("missilePayloads") as MissilePayload[],
} as const;
