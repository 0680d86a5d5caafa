/**
 * Context for the character sheet: the shared actor views plus tabs, equipment by kind and
 * container, spells by skill and school, species, foci, features and the biography.
 */
import { DEFAULT_CHOICES, type SheetChoices } from "./choices";
import { armorBurdenView, type ArmorBurdenView } from "./encumbrance";
import { fieldLabel, numberField, selectField, type FieldScope, type NumberFieldView, type SelectFieldView } from "./fields";
import { itemId } from "./format";
import { label } from "./labels";
import {
  actorAttributes, actorSpells, actorWeapons, buildActorBase, drawsPart, itemRow, itemsOfType, scopes, shieldBlock,
  type ActorBaseView, type ActorCoreView, type AttributeView, type ItemRowView, type SpellRowView, type WeaponRowView,
} from "./actor";
import type { ActorLike, ItemLike, SheetOptions } from "./source-types";
import { buildXpLogView, type XpLogView } from "./xp-log";
import { CHARACTER_TABS } from "./tabs";

export interface TabView {
  id: string;
  group: string;
  label: string;
  icon: string;
  active: boolean;
  cssClass: string;
}

/** Tab views of the primary group; an unknown requested tab falls back to the first. */
export function tabViews(tabs: readonly { id: string; icon: string }[], requested: string | undefined): { navTabs: TabView[]; tabsById: Record<string, TabView>; activeTab: string } {
  const activeTab = tabs.some((t) => t.id === requested) ? requested! : tabs[0].id;
  const navTabs = tabs.map((t) => ({
    id: t.id, group: "primary", label: label.tab(t.id), icon: t.icon,
    active: t.id === activeTab, cssClass: t.id === activeTab ? "active" : "",
  }));
  return { navTabs, tabsById: Object.fromEntries(navTabs.map((t) => [t.id, t])), activeTab };
}

export { CHARACTER_TABS };

export interface ArmorRowView extends ItemRowView {
  weightLabel: string;
  /** Per damage type: key (the icon), label key (the name on hover) and value. */
  resistances: { key: string; label: string; value: number }[];
  equipped: boolean;
  /** Worn and over the Strength limit: what it costs, as on the main tab. */
  burden: ArmorBurdenView | null;
}

export interface ShieldRowView extends ItemRowView {
  weightLabel: string;
  block: number;
  canBash: boolean;
  equipped: boolean;
}

export interface GearRowView extends ItemRowView {
  quantity: number;
  categoryLabel: string;
  level: number;
}

export interface ContainerView {
  key: string;
  label: string;
  used: number;
  /** Slots; null for the backpack, whose limit is the GM's call. */
  max: number | null;
  over: boolean;
  items: GearRowView[];
}

export interface ArtifactRowView extends ItemRowView {
  slotLabel: string;
  gains: number;
  equipped: boolean;
}

export interface EnchantmentRowView extends ItemRowView {
  targetLabel: string;
  gains: number;
  /** Name of the armor or weapon it sits on, or "" when loose. */
  appliedTo: string;
}

export interface SpellGroupView {
  skill: string;
  label: string;
  schools: { school: string; label: string; spells: SpellRowView[] }[];
}

export interface SpeciesCardView extends ItemRowView {
  sizeLabel: string;
  bonusSkills: string[];
  /** The resistance type that gets the species' +1. */
  resistanceLabel: string;
}

export interface FocusGroupView {
  skill: string;
  label: string;
  foci: (ItemRowView & { detail: string })[];
}

export interface CharacterSheetContext extends ActorCoreView, CharacterHeaderView, CharacterTabsView {}

/** What every render of the character sheet builds: the header, the tab strip and the shared values. */
export interface CharacterHeaderView extends ActorBaseView {
  cssClass: string;
  navTabs: TabView[];
  tabsById: Record<string, TabView>;
  activeTab: string;
  xp: { earned: NumberFieldView; spent: NumberFieldView; available: number; speed: SelectFieldView };
  speciesBonusSkills: string[];
  resistancePoints: { available: number; allocated: number; remaining: number; over: boolean; under: boolean };
  biography: { name: string; value: string; enriched: string; editable: boolean };
  /** Buttons for the owner: the builder for a character with nothing yet, advancement always. */
  canBuild: boolean;
  canAdvance: boolean;
}

/** What only one tab draws, by tab: built when a render draws that tab. */
export interface CharacterTabsView {
  /** main: the skill table. */
  attributes: AttributeView[];
  /** equipment (its weapon list). */
  weapons: WeaponRowView[];
  /** magic (the spell rows its groups list). */
  spells: SpellRowView[];
  equipment: {
    weapons: WeaponRowView[];
    armor: ArmorRowView[];
    shields: ShieldRowView[];
    containers: ContainerView[];
    artifacts: ArtifactRowView[];
    enchantments: EnchantmentRowView[];
    currency: NumberFieldView;
  };
  magic: { groups: SpellGroupView[]; empty: boolean };
  species: SpeciesCardView | null;
  foci: FocusGroupView[];
  features: (ItemRowView & { level: number })[];
  /** Experience section of the features tab: totals, the XP log and the refund of the last purchase. */
  advancement: XpLogView;
}

/**
 * Builds the character sheet context from a plain actor whose `system` holds derived data.
 * With `options.parts`, only the tabs named there get their part of the context (a re-render
 * after a document change draws the header and the active tab only).
 */
export function buildCharacterContext(actor: ActorLike, options?: SheetOptions & { parts?: undefined }, c?: SheetChoices): CharacterSheetContext;
export function buildCharacterContext(actor: ActorLike, options: SheetOptions, c?: SheetChoices): CharacterHeaderView & Partial<CharacterTabsView>;
export function buildCharacterContext(
  actor: ActorLike, options: SheetOptions = {}, c: SheetChoices = DEFAULT_CHOICES,
): CharacterHeaderView & Partial<CharacterTabsView> {
  const items = [...actor.items];
  const context: CharacterHeaderView & Partial<CharacterTabsView> = characterHeader(actor, items, options, c);
  const draws = (tab: string) => drawsPart(options, tab);
  if (draws("main")) context.attributes = actorAttributes(actor, options, c);
  if (draws("equipment")) {
    context.weapons = actorWeapons(actor, items, c);
    context.equipment = equipmentView(actor, items, context.weapons, scopes(context.actor.id, options).play, c);
  }
  if (draws("magic")) {
    context.spells = actorSpells(items, c);
    context.magic = spellGroups(context.spells, items, c);
  }
  if (draws("features")) {
    Object.assign(context, {
      species: speciesCard(items, actor, c),
      foci: fociGroups(items, c),
      features: itemsOfType(items, "feature").map((f) => ({ ...itemRow(f), level: f.system.level ?? 1 })),
      advancement: buildXpLogView(actor, options.xp, context.editable, c),
    });
  }
  return context;
}

function characterHeader(actor: ActorLike, items: readonly ItemLike[], options: SheetOptions, c: SheetChoices): CharacterHeaderView {
  const core = buildActorBase(actor, items, options, c);
  const system = actor.system;
  const { build } = scopes(core.actor.id, options);
  const xp = system.xp ?? { earned: 0, spent: 0 };
  const points = system.resistancePoints;
  const biography = system.biography ?? "";
  return {
    ...core,
    cssClass: core.editMode ? "cw-edit-mode" : "cw-play-mode",
    ...tabViews(CHARACTER_TABS, options.activeTab),
    xp: {
      earned: numberField(build, "system.xp.earned", fieldLabel("system.xp.earned"), xp.earned, { min: 0 }),
      spent: numberField(build, "system.xp.spent", fieldLabel("system.xp.spent"), xp.spent, { min: 0 }),
      available: xp.earned - xp.spent,
      speed: selectField(build, "system.campaignSpeed", fieldLabel("system.campaignSpeed"), system.campaignSpeed,
        c.campaignSpeeds, c.label.campaignSpeed),
    },
    speciesBonusSkills: (system.speciesBonusSkills ?? []).map(c.label.skill),
    resistancePoints: {
      ...points,
      over: points.remaining < 0,
      under: points.remaining > 0,
    },
    biography: { name: "system.biography", value: biography, enriched: options.enrichedBiography ?? biography, editable: core.editable },
    canBuild: core.editable && items.length === 0,
    canAdvance: core.editable,
  };
}

function equipmentView(actor: ActorLike, items: readonly ItemLike[], weapons: WeaponRowView[], play: FieldScope, c: SheetChoices): CharacterTabsView["equipment"] {
  const system = actor.system;
  const equipped = system.equipped ?? {};
  return {
    weapons,
    armor: itemsOfType(items, "armor").map((a) => ({
      ...itemRow(a),
      weightLabel: c.label.weight(a.system.weight ?? "light"),
      resistances: c.damageTypes.map((type) => ({
        key: type, label: c.label.damageType(type),
        value: a.system.resistances?.[type as keyof NonNullable<typeof a.system.resistances>] ?? 0,
      })),
      equipped: itemId(a) !== "" && equipped.armor === itemId(a),
      burden: itemId(a) !== "" && equipped.armor === itemId(a) && system.armorBurden ? armorBurdenView(system.armorBurden, c) : null,
    })),
    shields: itemsOfType(items, "shield").map((s) => ({
      ...itemRow(s),
      weightLabel: c.label.weight(s.system.weight ?? "light"),
      block: shieldBlock(s.system.weight),
      canBash: s.system.canBash ?? false,
      equipped: itemId(s) !== "" && equipped.shield === itemId(s),
    })),
    containers: containerViews(items, system.carry, c),
    artifacts: itemsOfType(items, "artifact").map((a) => ({
      ...itemRow(a),
      slotLabel: c.label.artifactSlot(a.system.slot ?? ""),
      gains: a.system.gains ?? 0,
      equipped: a.system.equipped ?? false,
    })),
    enchantments: itemsOfType(items, "enchantment").map((e) => ({
      ...itemRow(e),
      targetLabel: c.label.enchantmentTarget(e.system.target ?? "armor"),
      gains: e.system.gains ?? 0,
      appliedTo: items.find((i) => e.system.appliedTo && itemId(i) === e.system.appliedTo)?.name ?? "",
    })),
    currency: numberField(play, "system.currency", fieldLabel("system.currency"), system.currency ?? 0, { min: 0 }),
  };
}

function containerViews(items: readonly ItemLike[], carry: ActorLike["system"]["carry"], c: SheetChoices): ContainerView[] {
  const gear = itemsOfType(items, "equipment");
  // Weapons stay in the weapon list; those on a belt or bandolier (grenades) also show there.
  const carriedWeapons = itemsOfType(items, "weapon").filter((w) => (w.system.container ?? "backpack") !== "backpack");
  return c.containers.map((key) => {
    const slots = carry?.[key as keyof typeof carry];
    const contents = [...gear, ...carriedWeapons].filter((g) => (g.system.container ?? "backpack") === key);
    return {
      key, label: c.label.containerTitle(key),
      used: slots?.used ?? contents.length,
      max: slots?.max ?? null,
      over: slots ? slots.used > slots.max : false,
      items: contents.map((g) => ({
        ...itemRow(g),
        quantity: g.system.quantity ?? 1,
        categoryLabel: g.type === "weapon" ? label.itemType("weapon") : c.label.equipmentCategory(g.system.category ?? "gear"),
        level: g.system.level ?? 0,
      })),
    };
  });
}

function spellGroups(spells: SpellRowView[], items: readonly ItemLike[], c: SheetChoices): { groups: SpellGroupView[]; empty: boolean } {
  const source = new Map(items.map((i) => [itemId(i), i.system]));
  const byLevel = (a: SpellRowView, b: SpellRowView) => a.level - b.level || a.name.localeCompare(b.name);
  const groups = c.magicSkills.map((skill) => ({
    skill, label: c.label.skill(skill),
    schools: (c.schools[skill] ?? []).map((school) => ({
      school, label: c.label.school(school),
      spells: spells.filter((s) => source.get(s.id)?.skill === skill && source.get(s.id)?.school === school).sort(byLevel),
    })).filter((g) => g.spells.length > 0),
  }));
  // Spells whose skill or school a fork renamed still show, under "Other", rather than vanish.
  const placed = new Set(groups.flatMap((g) => g.schools.flatMap((s) => s.spells.map((x) => x.id))));
  const stray = spells.filter((s) => !placed.has(s.id)).sort(byLevel);
  if (stray.length > 0) {
    groups.push({ skill: "other", label: label.sheet("Other"), schools: [{ school: "other", label: label.sheet("Other"), spells: stray }] });
  }
  const shown = groups.filter((g) => g.schools.length > 0);
  return { groups: shown, empty: shown.length === 0 };
}

function speciesCard(items: readonly ItemLike[], actor: ActorLike, c: SheetChoices): SpeciesCardView | null {
  const species = itemsOfType(items, "species")[0];
  if (!species) return null;
  const system = actor.system;
  const bonus = species.system.resistanceBonus ?? "";
  const resistance = bonus === "any" ? (system.speciesResistance ?? "") : bonus;
  return {
    ...itemRow(species),
    sizeLabel: c.label.size(system.size),
    bonusSkills: (system.speciesBonusSkills ?? []).map(c.label.skill),
    resistanceLabel: resistance ? c.label.damageType(resistance) : label.sheet("NotChosen"),
  };
}

function fociGroups(items: readonly ItemLike[], c: SheetChoices): FocusGroupView[] {
  const foci = itemsOfType(items, "focus");
  const skills = [...c.skills, ...new Set(foci.map((f) => f.system.skill ?? "").filter((s) => !c.skills.includes(s)))];
  return skills
    .map((skill) => ({
      skill, label: skill ? c.label.skill(skill) : label.sheet("Other"),
      foci: foci.filter((f) => (f.system.skill ?? "") === skill).map((f) => ({
        ...itemRow(f),
        detail: f.system.school ? c.label.school(f.system.school) : f.system.weaponGroup ? c.label.weaponGroup(f.system.weaponGroup) : "",
      })),
    }))
    .filter((g) => g.foci.length > 0);
}
