/**
 * Context for the NPC sheet: a Main tab with the numbers a GM needs in combat and the attacks
 * and spells as roll buttons, a Skills tab, and a tab for traits, gear and notes. No luck (NPCs
 * have none); mana only for an NPC that uses magic.
 */
import { DEFAULT_CHOICES, type SheetChoices } from "./choices";
import { checkboxField, fieldLabel, numberField, type CheckboxFieldView, type NumberFieldView } from "./fields";
import { itemId } from "./format";
import { buildActorCore, itemRow, itemsOfType, scopes, type ActorCoreView, type ItemRowView } from "./actor";
import { tabViews, type TabView } from "./character";
import { label } from "./labels";
import type { ActorLike, SheetOptions } from "./source-types";
import { NPC_TABS } from "./tabs";

/** The NPC's tabs: what a GM needs in a fight on one screen, then the skills, then the rest. */
export { NPC_TABS };

export interface NpcSheetContext extends ActorCoreView {
  cssClass: string;
  navTabs: TabView[];
  tabsById: Record<string, TabView>;
  activeTab: string;
  minion: boolean;
  vitalsMaxField: NumberFieldView;
  minionField: CheckboxFieldView;
  defenseOverrideField: NumberFieldView;
  /** Species, foci, features, armor, shields and gear: name chips that open the item. */
  traits: (ItemRowView & { typeLabel: string; equipped: boolean })[];
  notes: { name: string; value: string; enriched: string; editable: boolean };
}

const TRAIT_TYPES = ["species", "feature", "focus", "armor", "shield", "artifact", "enchantment", "equipment"] as const;

/** Builds the NPC sheet context from a plain actor whose `system` holds derived data. */
export function buildNpcContext(
  actor: ActorLike, options: SheetOptions = {}, c: SheetChoices = DEFAULT_CHOICES,
): NpcSheetContext {
  const items = [...actor.items];
  const core = buildActorCore(actor, items, options, c);
  const system = actor.system;
  const { build } = scopes(core.actor.id, options);
  const equipped = system.equipped ?? {};
  const notes = system.biography ?? "";
  const worn = new Set([equipped.armor, equipped.shield].filter(Boolean));
  return {
    ...core,
    cssClass: core.editMode ? "cw-edit-mode" : "cw-play-mode",
    ...tabViews(NPC_TABS, options.activeTab),
    minion: system.minion ?? false,
    vitalsMaxField: numberField(build, "system.vitalsMax", fieldLabel("system.vitalsMax"), system.vitalsMax ?? system.health.vitalsMax, { min: 1, max: 12 }),
    minionField: checkboxField(build, "system.minion", fieldLabel("system.minion"), system.minion),
    defenseOverrideField: numberField(build, "system.defenseOverride", fieldLabel("system.defenseOverride"), system.defenseOverride ?? null, { min: 0, max: 12, nullable: true }),
    traits: TRAIT_TYPES.flatMap((type) => itemsOfType(items, type).map((i) => ({
      ...itemRow(i),
      typeLabel: label.itemType(type),
      equipped: worn.has(itemId(i)) || (type === "artifact" && (i.system.equipped ?? false)),
    }))),
    notes: { name: "system.biography", value: notes, enriched: options.enrichedBiography ?? notes, editable: core.editable },
  };
}
