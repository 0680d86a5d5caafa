/**
 * The choice lists and label keys the sheets offer, read from a CLOCKWORK configuration
 * (`src/config.ts`). The shell passes `CONFIG.CLOCKWORK`, so entries a fork adds in its
 * `init` hook appear in the sheets' selects with the fork's labels.
 */
import { CLOCKWORK, type ClockworkConfig } from "../../config";

type ListName = keyof ClockworkConfig;

/** The system's containers have capitalized names for headings and choices; a fork's use their config label. */
const SYSTEM_CONTAINER_TITLES: Readonly<Record<string, string>> = {
  backpack: "CLOCKWORK.Sheet.ContainerTitle.backpack",
  belt: "CLOCKWORK.Sheet.ContainerTitle.belt",
  bandolier: "CLOCKWORK.Sheet.ContainerTitle.bandolier",
};
type Labeler = (key: string) => string;

export interface SheetChoices {
  skills: readonly string[];
  /** Skills per attribute, in the configuration's order. */
  attributeSkills: Readonly<Record<string, readonly string[]>>;
  magicSkills: readonly string[];
  /** Schools per magic skill. */
  schools: Readonly<Record<string, readonly string[]>>;
  allSchools: readonly string[];
  damageTypes: readonly string[];
  sizes: readonly string[];
  wornWeights: readonly string[];
  conditions: readonly string[];
  weaponGroups: readonly string[];
  weaponProperties: readonly string[];
  weaponCategories: readonly string[];
  hands: readonly string[];
  missileGuidance: readonly string[];
  missilePropulsion: readonly string[];
  missilePayloads: readonly string[];
  equipmentCategories: readonly string[];
  containers: readonly string[];
  artifactSlots: readonly string[];
  enchantmentTargets: readonly string[];
  spellRollKinds: readonly string[];
  spellRangeKinds: readonly string[];
  areaShapes: readonly string[];
  weaponAreaShapes: readonly string[];
  durationKinds: readonly string[];
  spellTriggers: readonly string[];
  weaponTriggers: readonly string[];
  grantKinds: readonly string[];
  restoreResources: readonly string[];
  campaignSpeeds: readonly string[];
  /** Localization key of a value in each vocabulary; an unknown value is shown as is. */
  label: {
    skill: Labeler; attribute: Labeler; damageType: Labeler; size: Labeler; weight: Labeler;
    school: Labeler; condition: Labeler; weaponGroup: Labeler; weaponProperty: Labeler;
    weaponCategory: Labeler; hands: Labeler; equipmentCategory: Labeler; container: Labeler;
    artifactSlot: Labeler; enchantmentTarget: Labeler; campaignSpeed: Labeler; spellRoll: Labeler;
    spellRange: Labeler; areaShape: Labeler; durationKind: Labeler; trigger: Labeler;
    grantKind: Labeler; restoreResource: Labeler; missileGuidance: Labeler;
    missilePropulsion: Labeler; missilePayload: Labeler;
    /** A container as a title or a choice ("Belt"); `container` is the word used inside sentences. */
    containerTitle: Labeler;
  };
  /** The book's letter for a damage type (B L N P S X). */
  abbreviation: (type: string) => string;
  /** Focus names setting modules suggest per skill (issue 31), as localization keys. */
  focusSuggestions: Readonly<Record<string, readonly FocusSuggestion[]>>;
}

/** One suggested focus name: `label` and `hint` are localization keys, `module` the declaring module. */
export interface FocusSuggestion {
  key: string;
  label: string;
  hint: string;
  module: string;
}

/**
 * Builds the sheets' view of a configuration; call again after a fork changed it. `unknown`
 * names a stored value no list has (a removed setting module's entry); default: the key itself.
 */
export function sheetChoices(config: ClockworkConfig, { unknown = (key: string) => key }: { unknown?: (key: string) => string } = {}): SheetChoices {
  const keys = (list: ListName): string[] => Object.keys(config[list]);
  const labeler = (...lists: ListName[]): Labeler => (key) => {
    for (const list of lists) {
      const entry = (config[list] as Record<string, { label?: string } | undefined>)[key];
      if (entry?.label) return entry.label;
    }
    return key ? unknown(key) : key;
  };
  const skillEntries = Object.entries(config.skills);
  const schoolEntries = Object.entries(config.schools);
  const attributeSkills = Object.fromEntries(Object.keys(config.attributes).map((attribute) =>
    [attribute, skillEntries.filter(([, e]) => e.attribute === attribute).map(([k]) => k)]));
  const magicSkills = [...new Set(schoolEntries.map(([, e]) => e.skill as string))];
  return {
    skills: keys("skills"),
    attributeSkills,
    magicSkills,
    schools: Object.fromEntries(magicSkills.map((skill) => [skill, schoolEntries.filter(([, e]) => e.skill === skill).map(([k]) => k)])),
    allSchools: keys("schools"),
    damageTypes: keys("damageTypes"),
    sizes: keys("sizes"),
    wornWeights: keys("weights").filter((w) => w !== "none"),
    conditions: keys("conditions"),
    weaponGroups: keys("weaponGroups"),
    weaponProperties: keys("weaponProperties"),
    weaponCategories: keys("weaponCategories"),
    hands: keys("hands"),
    missileGuidance: keys("missileGuidance"),
    missilePropulsion: keys("missilePropulsion"),
    missilePayloads: keys("missilePayloads"),
    equipmentCategories: keys("equipmentCategories"),
    containers: keys("containers"),
    artifactSlots: keys("artifactSlots"),
    enchantmentTargets: keys("enchantmentTargets"),
    spellRollKinds: keys("spellRollKinds"),
    spellRangeKinds: keys("spellRangeKinds"),
    areaShapes: keys("areaShapes"),
    weaponAreaShapes: keys("weaponAreaShapes"),
    durationKinds: keys("durationKinds"),
    spellTriggers: keys("spellTriggers"),
    weaponTriggers: keys("weaponTriggers"),
    grantKinds: keys("grantKinds"),
    restoreResources: keys("restoreResources"),
    campaignSpeeds: keys("campaignSpeeds"),
    label: {
      skill: labeler("skills"),
      attribute: labeler("attributes"),
      damageType: labeler("damageTypes"),
      size: labeler("sizes"),
      weight: labeler("weights"),
      school: labeler("schools"),
      condition: labeler("conditions"),
      weaponGroup: labeler("weaponGroups"),
      weaponProperty: labeler("weaponProperties"),
      weaponCategory: labeler("weaponCategories"),
      hands: labeler("hands"),
      equipmentCategory: labeler("equipmentCategories"),
      container: labeler("containers"),
      containerTitle: (key) => (key in SYSTEM_CONTAINER_TITLES ? SYSTEM_CONTAINER_TITLES[key] : labeler("containers")(key)),
      artifactSlot: labeler("artifactSlots"),
      enchantmentTarget: labeler("enchantmentTargets"),
      campaignSpeed: labeler("campaignSpeeds"),
      spellRoll: labeler("spellRollKinds"),
      spellRange: labeler("spellRangeKinds"),
      areaShape: labeler("areaShapes", "weaponAreaShapes"),
      durationKind: labeler("durationKinds"),
      trigger: labeler("spellTriggers", "weaponTriggers"),
      grantKind: labeler("grantKinds"),
      restoreResource: labeler("restoreResources"),
      missileGuidance: labeler("missileGuidance"),
      missilePropulsion: labeler("missilePropulsion"),
      missilePayload: labeler("missilePayloads"),
    },
    abbreviation: (type) => config.damageTypes[type]?.abbreviation ?? unknown(type),
    focusSuggestions: Object.fromEntries(Object.entries(config.foci).map(([skill, entries]) => [skill,
      Object.entries(entries).map(([key, e]) => ({ key, label: e.label, hint: e.hint ?? "", module: e.module ?? "" }))])),
  };
}

/** The system's own configuration, for tests and for callers without `CONFIG`. */
export const DEFAULT_CHOICES: SheetChoices = sheetChoices(CLOCKWORK);
