/**
 * Plain input shapes of the context builders: what a sheet reads from a document.
 *
 * They follow `docs/data-model.md` field by field, so a Foundry document (`actor.system`
 * after `prepareDerivedData`) and a test fixture (plain JSON) both fit. Every item field is
 * optional here because a builder must still render an item created a moment ago with the
 * schema's defaults, or one a fork extended; the builders fill the gaps with the contract's
 * defaults instead of failing.
 */
import type { ActorDerivedData } from "../../data/actor/derived";
import type { CampaignSpeed, XpLogEntry } from "../../rules";
import type { DamageType, SkillKey, Size } from "../../rules/types";
import type { Translate } from "../builder/builder-context";

/** What only the shell knows of the XP log: the stored log (a flag), the world's speed and the user's words. */
export interface XpLogSource {
  log: readonly XpLogEntry[];
  speed: CampaignSpeed;
  translate: Translate;
  formatDate: (ms: number) => string;
}

export type ItemType =
  | "species" | "focus" | "feature" | "spell" | "weapon"
  | "armor" | "shield" | "equipment" | "artifact" | "enchantment";

export const ITEM_TYPES: readonly ItemType[] = [
  "species", "focus", "feature", "spell", "weapon",
  "armor", "shield", "equipment", "artifact", "enchantment",
];

export interface AreaSource { shape?: string; size?: number }
export interface ConditionRefSource { key?: string; trigger?: string }

export interface ItemSystemSource {
  description?: string;
  identifier?: string;
  // species
  size?: string;
  sizeChoices?: string[];
  resistanceBonus?: string;
  resistanceExcluded?: string[];
  bonusSkills?: string[];
  anyBonusSkills?: boolean;
  grants?: { kind?: string; choose?: number; options?: string[] }[];
  extraFoci?: number;
  extraCustomizationPoints?: number;
  runBonus?: number;
  lighterArmorForMovement?: boolean;
  dodgePenaltyReduction?: number;
  unarmedDamageType?: string;
  conditionRerolls?: string[];
  restHealing?: number;
  luckKeepBest?: boolean;
  ability?: { name?: string; text?: string; kinds?: string[] };
  // focus
  skill?: string;
  weaponGroup?: string;
  school?: string;
  // feature
  level?: number;
  prerequisites?: string[];
  repeatable?: boolean;
  allowedAtCreation?: boolean;
  // spell
  counters?: number | null;
  mana?: number;
  manaPerExtraTarget?: number;
  roll?: { kind?: string; opposedSkill?: string; mustExceed?: boolean };
  range?: { kind?: string; spaces?: number };
  area?: AreaSource;
  damage?: { dice?: number; types?: string[]; unavoidable?: boolean; perGain?: boolean };
  conditions?: ConditionRefSource[];
  duration?: { kind?: string; value?: number };
  pair?: string;
  // weapon
  category?: string;
  group?: string;
  hands?: string;
  rangeIncrement?: number;
  properties?: { key?: string; damageType?: string }[];
  missile?: { guidance?: string; propulsion?: string; payload?: string };
  magicProperty?: string;
  price?: number;
  quantity?: number;
  // armor, shield
  weight?: string;
  resistances?: Partial<Record<DamageType, number>>;
  canBash?: boolean;
  // equipment
  thrown?: boolean;
  restores?: { resource?: string; dice?: number };
  removesConditions?: string[];
  appliesConditions?: string[];
  castsSpell?: string;
  container?: string;
  // artifact, enchantment
  slot?: string;
  gains?: number;
  effects?: {
    vitals?: number; mana?: number; focusSkill?: string; castsSpell?: string; rerollSkill?: string;
    criticalSchool?: string; conditionReroll?: string; noFallingDamage?: boolean;
    resistance?: { type?: string; value?: number }; lighterArmor?: boolean; reinforced?: boolean;
    extraAttackDice?: number; extraDamageDice?: number; damageType?: string; appliesCondition?: string;
  };
  equipped?: boolean;
  target?: string;
  appliedTo?: string;
}

export interface ItemLike {
  id?: string | null;
  _id?: string | null;
  uuid?: string;
  name: string;
  img?: string | null;
  type: string;
  sort?: number;
  system: ItemSystemSource;
}

/** Stored actor fields (docs/data-model.md, character and npc). */
export interface ActorStoredSystem {
  skills: Record<SkillKey, { rank: number }>;
  speciesBonusSkills?: string[];
  personalBonusSkill?: string;
  speciesResistance?: string;
  sizeChoice?: string;
  resistanceAllocation?: Partial<Record<DamageType, number>>;
  health: { hits: number; wounds: number; vitalsLost: number; barrier?: number; dying?: boolean; dead?: boolean };
  mana: { value: number };
  luck: { value: number };
  xp?: { earned: number; spent: number };
  campaignSpeed?: string;
  currency?: number;
  equipped?: { mainHand?: string; offHand?: string; armor?: string; shield?: string };
  biography?: string;
  // npc only
  vitalsMax?: number;
  minion?: boolean;
  resistanceOverride?: Partial<Record<DamageType, number | null>>;
  defenseOverride?: number | null;
}

/**
 * `actor.system` after derivation: stored fields merged with `ActorDerivedData`
 * (health and mana are merged objects, as `prepareDerivedData` writes them).
 */
export type ActorSystem = Omit<ActorStoredSystem, "skills" | "health" | "mana" | "luck">
  & Omit<ActorDerivedData, "health" | "mana" | "luck">
  & {
    health: ActorStoredSystem["health"] & ActorDerivedData["health"];
    mana: ActorStoredSystem["mana"] & ActorDerivedData["mana"];
    luck: ActorStoredSystem["luck"] & ActorDerivedData["luck"];
  };

export interface ActorLike {
  id?: string | null;
  _id?: string | null;
  uuid?: string;
  name: string;
  img?: string | null;
  type: string;
  system: ActorSystem;
  /** An array or any iterable collection (Foundry's `actor.items`). */
  items: Iterable<ItemLike>;
}

/** Options the shell passes in: UI state and values that need Foundry (enriched HTML). */
export interface SheetOptions {
  /** The user may edit the document. */
  editable?: boolean;
  /** Edit mode (inputs) rather than play mode (values and roll buttons). */
  editMode?: boolean;
  /** The active tab of the primary group. */
  activeTab?: string;
  /** HTML already enriched by TextEditor; defaults to the stored HTML. */
  enrichedBiography?: string;
  enrichedDescription?: string;
  /** For an embedded item: its siblings, so an enchantment can name the armor or weapon it sits on. */
  ownerItems?: readonly OwnerItem[];
  /**
   * Names and icons of the documents an item points at by UUID (`linkedUuids(item)`), as the
   * shell found them (compendium index or world); a UUID missing here shows as "not found".
   */
  links?: Readonly<Record<string, { name: string; img?: string | null } | undefined>>;
  /** Character sheet: the XP log and what words it (a fixture without it shows keys). */
  xp?: XpLogSource;
  /** The user is a GM: Dying and Dead can be set by hand (after a confirmation). */
  gm?: boolean;
  /**
   * The sheet parts this render draws (every part when missing): an actor sheet builds the
   * context of those tabs only, as a re-render after a document change draws the header and
   * the active tab.
   */
  parts?: readonly string[];
}

export interface OwnerItem { id: string; name: string; type: string }

export type { DamageType, SkillKey, Size };
