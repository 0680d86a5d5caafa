/**
 * Context for the NPC sheet: a Main tab with the numbers a GM needs in combat and the attacks
 * and spells as roll buttons, a Skills tab, and a tab for traits, gear and notes. No luck (NPCs
 * have none); mana only for an NPC that uses magic.
 */
import { DEFAULT_CHOICES, type SheetChoices } from "./choices";
import { checkboxField, fieldLabel, numberField, type CheckboxFieldView, type NumberFieldView } from "./fields";
import { itemId } from "./format";
import {
  actorAttributes, actorSpells, actorWeapons, buildActorBase, drawsPart, itemRow, itemsOfType, scopes,
  type ActorBaseView, type ActorCoreView, type AttributeView, type ItemRowView, type SpellRowView, type WeaponRowView,
} from "./actor";
import { tabViews, type TabView } from "./character";
import { label } from "./labels";
import type { ActorLike, ItemLike, SheetOptions } from "./source-types";
import { NPC_TABS } from "./tabs";

/** The NPC's tabs: what a GM needs in a fight on one screen, then the skills, then the rest. */
export { NPC_TABS };

export interface NpcSheetContext extends ActorCoreView, NpcHeaderView, NpcTabsView {}

/** What every render of the NPC sheet builds: the header, the tab strip and the shared values. */
export interface NpcHeaderView extends ActorBaseView {
  cssClass: string;
  navTabs: TabView[];
  tabsById: Record<string, TabView>;
  activeTab: string;
  minion: boolean;
  vitalsMaxField: NumberFieldView;
  minionField: CheckboxFieldView;
  defenseOverrideField: NumberFieldView;
  notes: { name: string; value: string; enriched: string; editable: boolean };
}

/** What only one tab draws, by tab: built when a render draws that tab. */
export interface NpcTabsView {
  /** main: attacks and spells. */
  weapons: WeaponRowView[];
  spells: SpellRowView[];
  /** skills: the skill table. */
  attributes: AttributeView[];
  /** notes: species, foci, features, armor, shields and gear as name chips that open the item. */
  traits: (ItemRowView & { typeLabel: string; equipped: boolean })[];
}

const TRAIT_TYPES = ["species", "feature", "focus", "armor", "shield", "artifact", "enchantment", "equipment"] as const;

/**
 * Builds the NPC sheet context from a plain actor whose `system` holds derived data. With
 * `options.parts`, only the tabs named there get their part of the context.
 */
export function buildNpcContext(actor: ActorLike, options?: SheetOptions & { parts?: undefined }, c?: SheetChoices): NpcSheetContext;
export function buildNpcContext(actor: ActorLike, options: SheetOptions, c?: SheetChoices): NpcHeaderView & Partial<NpcTabsView>;
export function buildNpcContext(
  actor: ActorLike, options: SheetOptions = {}, c: SheetChoices = DEFAULT_CHOICES,
): NpcHeaderView & Partial<NpcTabsView> {
  const items = [...actor.items];
  const context: NpcHeaderView & Partial<NpcTabsView> = npcHeader(actor, items, options, c);
  if (drawsPart(options, "main")) Object.assign(context, { weapons: actorWeapons(actor, items, c), spells: actorSpells(items, c) });
  if (drawsPart(options, "skills")) context.attributes = actorAttributes(actor, options, c);
  if (drawsPart(options, "notes")) context.traits = npcTraits(actor, items);
  return context;
}

function npcTraits(actor: ActorLike, items: readonly ItemLike[]): NpcTabsView["traits"] {
  const equipped = actor.system.equipped ?? {};
  const worn = new Set([equipped.armor, equipped.shield].filter(Boolean));
  return TRAIT_TYPES.flatMap((type) => itemsOfType(items, type).map((i) => ({
    ...itemRow(i),
    typeLabel: label.itemType(type),
    equipped: worn.has(itemId(i)) || (type === "artifact" && (i.system.equipped ?? false)),
  })));
}

function npcHeader(actor: ActorLike, items: readonly ItemLike[], options: SheetOptions, c: SheetChoices): NpcHeaderView {
  const core = buildActorBase(actor, items, options, c);
  const system = actor.system;
  const { build } = scopes(core.actor.id, options);
  const notes = system.biography ?? "";
  return {
    ...core,
    cssClass: core.editMode ? "cw-edit-mode" : "cw-play-mode",
    ...tabViews(NPC_TABS, options.activeTab),
    minion: system.minion ?? false,
    vitalsMaxField: numberField(build, "system.vitalsMax", fieldLabel("system.vitalsMax"), system.vitalsMax ?? system.health.vitalsMax, { min: 1, max: 12 }),
    minionField: checkboxField(build, "system.minion", fieldLabel("system.minion"), system.minion),
    defenseOverrideField: numberField(build, "system.defenseOverride", fieldLabel("system.defenseOverride"), system.defenseOverride ?? null, { min: 0, max: 12, nullable: true }),
    notes: { name: "system.biography", value: notes, enriched: options.enrichedBiography ?? notes, editable: core.editable },
  };
}
