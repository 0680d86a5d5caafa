/**
 * The click and drop handlers of the character and NPC sheets. The sheet classes (registered
 * at `init`) name each action and call the function of the same name here.
 */
import type { EquipSlot } from "../../config";
import { copySource } from "../../documents/species-apply";
import { mayTakeFromStash } from "../../documents/party";
import { purchaseDocument } from "../builder/advancement-app";
import { confirm, localize, notify } from "../../foundry";
import { attemptUpdate, attemptWrite } from "./form-errors";
import { healthClick as nextHealth } from "../context/health";
import { sortUpdates } from "../context/updates";
import { applySpecies, reconfigureSpecies } from "../dialogs/species-dialog";
import { onCombatActionClick } from "../../combat/actions";
import { applyDroppedEffect, statusDocumentId, type DroppedEffect } from "../../combat/conditions";
import { rollOwedDeath } from "../../combat/death-tray";

type ActorDoc = Actor.Implementation;
type ItemDoc = Item.Implementation;

/** What the handlers need of a character or NPC sheet. */
export interface ActorSheetLike {
  actor: ActorDoc;
  isEditable: boolean;
  form?: HTMLElement | null;
  render(): unknown;
}

/** A click handler: the sheet, the click and the control clicked. */
export type SheetHandler<S> = (sheet: S, event: PointerEvent, target: HTMLElement) => Promise<void>;

interface StoredActorSystem {
  health: { hits: number; vitalsLost: number; capacity: number; vitalsMax: number; dying?: boolean; dead?: boolean };
  equipped: Record<EquipSlot, string>;
}

/** Item types a character gets only by an XP purchase (foci never: the purchase refuses them). */
const BOUGHT_TYPES: ReadonlySet<string> = new Set(["spell", "feature", "focus"]);

/** Gear changes hands when dragged to another actor; abilities (foci, spells …) are copied. */
const TRANSFERRED_TYPES: ReadonlySet<string> = new Set(["weapon", "armor", "shield", "equipment", "artifact", "enchantment"]);

const stored = (sheet: ActorSheetLike) => sheet.actor.system as unknown as StoredActorSystem;

function itemOf(sheet: ActorSheetLike, target: HTMLElement): ItemDoc | null {
  const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
  return (id && sheet.actor.items.get(id)) || null;
}

/* ------------------------------------------------------------------ drag and drop */

/** An item dropped on the sheet: sorted among its siblings, applied (a species), or copied or moved here. */
async function dropItem(sheet: ActorSheetLike, event: DragEvent, item: ItemDoc): Promise<ItemDoc | null> {
  if (!sheet.isEditable) return null;
  if (item.parent?.uuid === sheet.actor.uuid) return sortItem(sheet, event, item);
  // From a party's stash: only its writers, and for a member (documents/party.ts).
  if (!mayTakeFromStash(item, sheet.actor, game.user ?? null)) return null;
  if (item.type === "species") return applySpecies(sheet.actor, item);
  if (sheet.actor.type === "character" && BOUGHT_TYPES.has(item.type)) return buyDropped(sheet, item);
  // A refused create resolves an empty array; then the giver keeps the item.
  const created = (await sheet.actor.createEmbeddedDocuments("Item", [copySource(item) as never]))?.[0] ?? null;
  const source = item.parent as ActorDoc | null;
  if (created && source && TRANSFERRED_TYPES.has(item.type) && source.isOwner) {
    // Free the giver's slot first, so no equipped id is left pointing at a deleted item.
    await source.unequip(item);
    await item.delete();
  }
  return created as ItemDoc | null;
}

/**
 * An effect dropped from elsewhere (another actor's condition, an item's effect). Core would
 * create a copy (ActorSheetV2#_onDropActiveEffect); here it goes through the conditions
 * (ruling 156): its statuses are added by id, anything else is refused with a warning.
 */
async function dropEffect(sheet: ActorSheetLike, effect: DroppedEffectDoc): Promise<DroppedEffectDoc | null> {
  if (!sheet.isEditable || !sheet.actor.isOwner) return null;
  const parent = effect.parent as { documentName?: string; parent?: unknown } | null | undefined;
  const target = parent?.documentName === "Actor" ? parent : parent?.parent;
  if (target === sheet.actor) return null;
  const outcome = await applyDroppedEffect(sheet.actor as never, effect);
  if ("refused" in outcome) {
    notify("warn", outcome.refused, { name: effect.name, actor: sheet.actor.name });
    return null;
  }
  return (sheet.actor.effects.get(statusDocumentId(outcome.applied[0])) as unknown as DroppedEffectDoc | undefined) ?? null;
}

type DroppedEffectDoc = DroppedEffect & { parent?: unknown };

/**
 * A spell, feature or focus on a character is what the Advancement window sells (or refuses):
 * the same purchase, XP and log line, and the same refusal in a message. Everyone pays, the GM
 * too, as in that window (docs/rulings.md); a GM gives XP first with an award.
 */
async function buyDropped(sheet: ActorSheetLike, item: ItemDoc): Promise<ItemDoc | null> {
  try {
    const entry = await purchaseDocument(sheet.actor, item);
    return (entry.itemId ? sheet.actor.items.get(entry.itemId) : null) ?? null;
  } catch (error) {
    const reasons = error instanceof Error ? error.message : String(error);
    notify("warn", "CLOCKWORK.Sheet.Drop.NotBought", { name: item.name, reasons });
    return null;
  }
}

async function sortItem(sheet: ActorSheetLike, event: DragEvent, item: ItemDoc): Promise<ItemDoc | null> {
  const target = (event.target as HTMLElement | null)?.closest<HTMLElement>("[data-item-id]");
  const targetId = target?.dataset.itemId;
  if (!target || !targetId || !item.id) return null;
  const bounds = target.getBoundingClientRect();
  const after = event.clientY > bounds.top + bounds.height / 2;
  const siblings = sheet.actor.items.contents
    .filter((i) => i.type === item.type && i.id)
    .map((i) => ({ id: i.id as string, sort: i.sort }));
  const updates = sortUpdates(siblings, item.id, targetId, after);
  if (updates.length > 0) await sheet.actor.updateEmbeddedDocuments("Item", updates as never);
  return item;
}

/* ------------------------------------------------------------------ actions */

async function rollSkill(sheet: ActorSheetLike, _event: PointerEvent, target: HTMLElement): Promise<void> {
  await sheet.actor.rollSkill(target.dataset.skill ?? "");
}

async function rollAttack(sheet: ActorSheetLike, event: PointerEvent, target: HTMLElement): Promise<void> {
  // The attack workflow (targets, dialog with odds, reactions, card): src/combat/attack.
  const item = itemOf(sheet, target);
  if (item) await sheet.actor.attack(item, { event });
}

async function combatAction(sheet: ActorSheetLike, event: PointerEvent, target: HTMLElement): Promise<void> {
  await onCombatActionClick(sheet.actor as never, target, event);
}

async function castSpell(sheet: ActorSheetLike, event: PointerEvent, target: HTMLElement): Promise<void> {
  // The casting dialog (modes, targets, odds, cost); a shift-click casts with the last choices.
  const item = itemOf(sheet, target);
  if (item) await sheet.actor.castSpell(item, { dialog: true, event });
}

async function editItem(sheet: ActorSheetLike, _event: PointerEvent, target: HTMLElement): Promise<void> {
  await itemOf(sheet, target)?.sheet?.render(true);
}

async function deleteItem(sheet: ActorSheetLike, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const item = itemOf(sheet, target);
  if (!item) return;
  const yes = await confirm("CLOCKWORK.Dialog.DeleteItem.Title", "CLOCKWORK.Dialog.DeleteItem.Content", { name: item.name });
  if (yes) await item.delete();
}

async function createItem(sheet: ActorSheetLike, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const type = target.dataset.type ?? "";
  const container = target.closest<HTMLElement>("[data-container]")?.dataset.container;
  const name = localize("CLOCKWORK.Sheet.NewItem", { type: localize(`TYPES.Item.${type}`) });
  const data = { name, type, system: container && type === "equipment" ? { container } : {} };
  const created = await sheet.actor.createEmbeddedDocuments("Item", [data as never]);
  // A new item needs filling in: its sheet opens as the form.
  await created?.[0]?.sheet?.render({ force: true, mode: "edit" } as never);
}

/** Slot toggles: a click on the item's own slot unequips it, otherwise the actor equips it there. */
async function equip(sheet: ActorSheetLike, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const item = itemOf(sheet, target);
  const slot = target.dataset.slot as EquipSlot | undefined;
  if (!item?.id || !slot) return;
  // equip/unequip resolve nothing either way; a click always changes the slots, so slots
  // that stayed as they were mean Foundry refused the write.
  const slots = () => JSON.stringify(stored(sheet).equipped);
  const before = slots();
  await attemptWrite(sheet, async () => {
    if (stored(sheet).equipped[slot] === item.id) await sheet.actor.unequip(item);
    else await sheet.actor.equip(item, slot);
    return slots() === before ? null : true;
  });
}

async function equipArtifact(sheet: ActorSheetLike, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const item = itemOf(sheet, target);
  if (!item) return;
  const worn = () => (item.system as { equipped?: boolean }).equipped ?? false;
  const wanted = !worn();
  await attemptWrite(sheet, async () => {
    if (wanted) await sheet.actor.equip(item);
    else await sheet.actor.unequip(item);
    return worn() === wanted ? true : null;
  });
}

async function healthClick(sheet: ActorSheetLike, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const box = Number(target.dataset.box);
  const hits = target.dataset.hits === undefined ? undefined : Number(target.dataset.hits);
  const health = stored(sheet).health;
  const next = nextHealth(health, { box, hits });
  // Losing the last vital starts dying (a minion dies) and a death roll at once: ask first.
  if (next.vitalsLost >= health.vitalsMax && health.vitalsLost < health.vitalsMax && !health.dying && !health.dead) {
    const minion = (sheet.actor.system as { minion?: boolean }).minion === true;
    const kind = minion ? "Dead" : "Dying";
    if (!(await confirm(`CLOCKWORK.Sheet.HealthStatus.LastVital${kind}Title`, `CLOCKWORK.Sheet.HealthStatus.LastVital${kind}Content`, { name: sheet.actor.name }))) return;
  }
  await attemptUpdate(sheet, sheet.actor, { "system.health.vitalsLost": next.vitalsLost, "system.health.hits": next.hits });
}

/**
 * Dying and Dead are statuses the rules set from the health track. A GM may override them,
 * after a confirmation; a player cannot (the button is not offered, and the data layer
 * refuses a player's status the track disagrees with).
 */
async function toggleHealthStatus(sheet: ActorSheetLike, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const key = target.dataset.status;
  if (key !== "dying" && key !== "dead") return;
  const status = localize(`CLOCKWORK.Field.health.${key}.label`);
  if (!game.user?.isGM) {
    notify("warn", "CLOCKWORK.Sheet.HealthStatus.GmOnly", { status });
    return;
  }
  const active = stored(sheet).health[key] === true;
  const verb = active ? "Clear" : "Set";
  const yes = await confirm(`CLOCKWORK.Sheet.HealthStatus.${verb}Title`, `CLOCKWORK.Sheet.HealthStatus.${verb}Content`, { name: sheet.actor.name, status });
  if (!yes) return;
  await attemptUpdate(sheet, sheet.actor, { [`system.health.${key}`]: !active });
}

/** The death-roll tray's button: the owed death roll. */
async function rollDeathTray(sheet: ActorSheetLike): Promise<void> {
  await rollOwedDeath(sheet.actor as never);
}

async function configureSpecies(sheet: ActorSheetLike, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const item = itemOf(sheet, target);
  if (item) await reconfigureSpecies(sheet.actor, item);
}

/** The handlers by name, as the character and NPC sheet classes call them. */
export const actorActions = { dropItem, dropEffect, rollSkill, rollAttack, combatAction, castSpell, editItem, deleteItem, createItem, equip, equipArtifact, healthClick, toggleHealthStatus, rollDeathTray, configureSpecies };
