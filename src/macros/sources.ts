/**
 * Where macro specs come from: an owned item (a weapon, a spell, an alchemy item, a magic item
 * with an action), a sheet's skill row or combat action (their drag data), or whatever was
 * dropped on the hotbar. Also the name and picture a macro gets from its spec.
 */
import { localize, resolveUuidSync } from "../foundry";
import { magicItemEffects } from "../data/item/magic-items";
import { SPELL_ACTIONS } from "../magic/constants";
import { MACRO_DRAG_TYPE, parseMacroSpec, type MacroSpec } from "./spec";

/** An item as the macros read it. */
export interface MacroItem {
  id?: string | null;
  name: string;
  img?: string | null;
  type: string;
  system: unknown;
  flags?: Record<string, unknown>;
  parent?: { documentName?: string } | null;
}

/** Core icons for what has no item picture (Foundry's icons/svg/). */
const SKILL_IMG = "icons/svg/d20-grey.svg";
const ACTION_IMG: Record<string, string> = {
  run: "icons/svg/wingfoot.svg", walk: "icons/svg/wingfoot.svg", step: "icons/svg/wingfoot.svg", crawl: "icons/svg/falling.svg",
  climb: "icons/svg/upgrade.svg", dropProne: "icons/svg/falling.svg", stand: "icons/svg/upgrade.svg", prepare: "icons/svg/clockwork.svg",
  stabilize: "icons/svg/heal.svg", stopDropRoll: "icons/svg/fire.svg", skillRoll: SKILL_IMG, draw: "icons/svg/sword.svg",
  stow: "icons/svg/item-bag.svg", recallWeapon: "icons/svg/sword.svg",
};
const DEFAULT_ACTION_IMG = "icons/svg/combat.svg";

/** The spec of an owned item's macro, or null for an item that does nothing from the hotbar (armor, a focus). */
export function specForItem(item: MacroItem): MacroSpec | null {
  if (!item.id) return null;
  const ref = { itemId: item.id, name: item.name };
  switch (item.type) {
    case "weapon":
      return { kind: "attack", ...ref };
    case "spell":
      return { kind: "cast", ...ref };
    case "equipment":
      return (item.system as { category?: string }).category === "alchemy" ? { kind: "alchemy", ...ref } : null;
    case "enchantment":
    case "artifact": {
      // A magic item with an action (Returning recalls the weapon it is applied to).
      const action = magicItemEffects(item as never).action;
      if (!action || !parseMacroSpec({ kind: "action", key: action.key })) return null;
      const applied = (item.system as { appliedTo?: string }).appliedTo;
      return parseMacroSpec({ kind: "action", key: action.key, itemId: applied || undefined, name: item.name });
    }
    default:
      return null;
  }
}

/** The sheet rows that make a macro of their own: a skill table's row, a combat action (`data-macro="action"`). */
export const MACRO_ROWS = "tr[data-skill], [data-macro]";

/** What the sheet row carries: a skill row's skill, a combat action button's dataset. */
export function specForElement(element: HTMLElement, items: { get(id: string): MacroItem | undefined }): MacroSpec | null {
  const row = element.closest<HTMLElement>(MACRO_ROWS);
  if (!row) return null;
  if (row.matches("tr[data-skill]")) return parseMacroSpec({ kind: "skill", skill: row.dataset.skill });
  if (row.dataset.macro !== "action") return null;
  const button = row.querySelector<HTMLElement>("[data-action='combatAction']") ?? row;
  const data = button.dataset;
  // A spell in the action list is the spell's cast macro.
  if (data.provider === SPELL_ACTIONS) {
    const spell = data.itemId ? items.get(data.itemId) : undefined;
    return spell ? specForItem(spell) : null;
  }
  if (data.provider) return null;
  const weapon = data.weaponId ? items.get(data.weaponId) : undefined;
  if (data.key === "attack" && weapon) return specForItem(weapon);
  return parseMacroSpec({
    kind: "action", key: data.key,
    itemId: weapon?.id ?? undefined, name: weapon?.name,
    offWeaponId: data.offWeaponId, speciesAttack: data.speciesAttack,
  });
}

/** The drag data of a sheet row (a skill or a combat action), or null when the row has none. */
export function dragDataForElement(element: HTMLElement, actor: { uuid: string; items: { get(id: string): MacroItem | undefined } }): Record<string, unknown> | null {
  const spec = specForElement(element, actor.items);
  return spec ? { type: MACRO_DRAG_TYPE, actorUuid: actor.uuid, spec } : null;
}

/**
 * The spec of what was dropped on the hotbar, and the creature it came from: the system's own
 * drag data, or an owned item that has a macro (core's `{type: "Item", uuid}`). Null for
 * anything else, which core handles.
 */
export function dropSource(data: unknown): { spec: MacroSpec; actor: unknown } | null {
  if (!data || typeof data !== "object") return null;
  const drop = data as { type?: unknown; spec?: unknown; uuid?: unknown; actorUuid?: unknown };
  if (drop.type === MACRO_DRAG_TYPE) {
    const spec = parseMacroSpec(drop.spec);
    return spec ? { spec, actor: resolveUuidSync(drop.actorUuid) } : null;
  }
  if (drop.type !== "Item") return null;
  const item = resolveUuidSync<MacroItem>(drop.uuid);
  // A world or compendium item has no creature to act: core makes its sheet macro.
  if (!item || item.parent?.documentName !== "Actor") return null;
  const spec = specForItem(item);
  return spec ? { spec, actor: item.parent } : null;
}

/** The spec of a drop's data, or null. */
export function specForDrop(data: unknown): MacroSpec | null {
  return dropSource(data)?.spec ?? null;
}

/** The macro's name: the item's, the skill's, the action's. */
export function macroName(spec: MacroSpec): string {
  switch (spec.kind) {
    case "skill":
      return localize("CLOCKWORK.Macros.SkillName", { skill: localize(`CLOCKWORK.Skill.${spec.skill}`) });
    case "action": {
      const action = localize(`CLOCKWORK.Combat.Attack.Action.${spec.key}`);
      return spec.name ? localize("CLOCKWORK.Macros.ActionWith", { action, name: spec.name }) : action;
    }
    default:
      return spec.name ?? localize(`CLOCKWORK.Macros.Kind.${spec.kind}`);
  }
}

/** The macro's picture: the item's (when the actor that made it has it), else an icon for the kind. */
export function macroImg(spec: MacroSpec, item?: MacroItem | null): string {
  if (item?.img && spec.kind !== "action") return item.img;
  if (spec.kind === "skill") return SKILL_IMG;
  if (spec.kind === "action") return ACTION_IMG[spec.key ?? ""] ?? item?.img ?? DEFAULT_ACTION_IMG;
  return "icons/svg/item-bag.svg";
}
