/**
 * The item sheet's click handlers and its link drops.
 */
import { NEW_ROWS } from "../context/updates";
import { localize, notify } from "../../foundry";
import { whileBusy } from "./busy";
import { attemptUpdate } from "./form-errors";
import { IDENTIFIER_LINKS, linkUpdate, type LinkChange } from "./links";

/** What the handlers need of an item sheet. */
export interface ItemSheetLike {
  item: Item.Implementation;
  isEditable: boolean;
  form?: HTMLElement | null;
  render(): unknown;
}

interface DroppedItem { uuid: string; name: string; type: string; system?: { identifier?: string } }

function rows(sheet: ItemSheetLike, path: string): unknown[] {
  const stored = foundry.utils.getProperty(sheet.item._source as object, path);
  return Array.isArray(stored) ? [...stored] : [];
}

async function writeRows(sheet: ItemSheetLike, path: string, next: unknown[]): Promise<void> {
  await attemptUpdate(sheet, sheet.item, { [path]: next });
}

async function writeLink(sheet: ItemSheetLike, path: string, uuid: string, change: LinkChange): Promise<void> {
  const update = linkUpdate(sheet.item._source, path, uuid, change);
  if (update) await attemptUpdate(sheet, sheet.item, update as Record<string, unknown>);
}

async function addRow(sheet: ItemSheetLike, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const path = target.dataset.path ?? "";
  if (!(path in NEW_ROWS)) return;
  await writeRows(sheet, path, [...rows(sheet, path), foundry.utils.deepClone(NEW_ROWS[path])]);
}

async function removeRow(sheet: ItemSheetLike, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const path = target.dataset.path ?? "";
  const index = Number(target.dataset.index);
  const next = rows(sheet, path);
  if (!Number.isInteger(index) || index < 0 || index >= next.length) return;
  next.splice(index, 1);
  await writeRows(sheet, path, next);
}

async function removeLink(sheet: ItemSheetLike, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const path = target.dataset.field ?? "";
  const uuid = target.dataset.uuid ?? "";
  if (path && uuid) await writeLink(sheet, path, uuid, "remove");
}

/** The item a drag carries, or null (with a warning) when it carries something else. */
async function droppedItem(data: { type?: string; uuid?: string }): Promise<DroppedItem | null> {
  if (data.type !== "Item" || typeof data.uuid !== "string") {
    notify("warn", "CLOCKWORK.Sheet.Drop.NotAnItem");
    return null;
  }
  const doc = (await fromUuid(data.uuid as Parameters<typeof fromUuid>[0]).catch(() => null)) as DroppedItem | null;
  if (!doc) {
    notify("warn", "CLOCKWORK.Sheet.Drop.NotFound");
    return null;
  }
  return doc;
}

/** An item dropped on a link field (`data` read from the drop while it ran): set, add or refuse the link. */
async function dropLink(sheet: ItemSheetLike, data: { type?: string; uuid?: string }, zone: HTMLElement): Promise<void> {
  if (!sheet.isEditable || zone.getAttribute("aria-busy") === "true") return;
  const path = zone.dataset.dropField ?? "";
  const dropped = await droppedItem(data);
  if (!dropped || !path) return;
  const wanted = zone.dataset.dropType ?? "";
  if (wanted && dropped.type !== wanted) {
    notify("warn", "CLOCKWORK.Sheet.Drop.WrongType", { name: dropped.name, type: localize(`TYPES.Item.${wanted}`) });
    return;
  }
  if (dropped.uuid === sheet.item.uuid) return;
  const change: LinkChange = zone.dataset.dropMultiple === "true" ? "add" : "set";
  let value = dropped.uuid;
  if (path in IDENTIFIER_LINKS) {
    value = dropped.system?.identifier ?? "";
    if (!value) {
      notify("warn", "CLOCKWORK.Sheet.Drop.NoIdentifier", { name: dropped.name });
      return;
    }
  }
  await whileBusy(zone, () => writeLink(sheet, path, value, change));
}

/** The handlers by name, as the item sheet classes call them. */
export const itemActions = { addRow, removeRow, removeLink, dropLink };
