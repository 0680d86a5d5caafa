/**
 * The sheets' part of hotbar macros (src/macros): the drag data of skill rows and combat actions,
 * and the "Add to hotbar" entry of the rows' context menu (core's ContextMenu entry shape:
 * `name` localized by the menu, `condition` and `callback` of the row element).
 */
import { addToHotbar, dragDataForElement, MACRO_ROWS, specForElement, specForItem, type MacroSpec } from "../../macros";

type SheetActor = Actor.Implementation;

/** The macro a row makes: a skill, a combat action, or the item of an item row. */
export function rowSpec(row: HTMLElement, actor: SheetActor): MacroSpec | null {
  const items = actor.items as never;
  if (row.closest(MACRO_ROWS)) return specForElement(row, items);
  const id = row.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
  const item = id ? actor.items.get(id) : undefined;
  return item ? specForItem(item as never) : null;
}

/** The drag data of a skill row or a combat action; null for other rows (core drags items). */
export function macroDragData(row: HTMLElement | null, actor: SheetActor): Record<string, unknown> | null {
  if (!row?.closest(MACRO_ROWS)) return null;
  return dragDataForElement(row, actor as never);
}

/** The rows the context menu opens on. */
export const MACRO_MENU_ROWS = `${MACRO_ROWS}, .cw-item-row[data-item-id]`;

/** The context menu's entries. */
export function macroMenuEntries(actor: SheetActor) {
  return [{
    name: "CLOCKWORK.Macros.AddToHotbar",
    icon: '<i class="fa-solid fa-bookmark"></i>',
    condition: (row: HTMLElement) => actor.isOwner && rowSpec(row, actor) !== null,
    callback: (row: HTMLElement) => {
      const spec = rowSpec(row, actor);
      if (spec) addToHotbar(spec, actor as never).catch((error: unknown) => console.error(error));
    },
  }];
}
