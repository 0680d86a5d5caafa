/**
 * The loot sheet: a chest, a pouch or a shop's stock. It lists the items with their quantities
 * (editable by its owners), their prices and the coin inside. Only physical items go in; an
 * item dropped here from another actor moves (the giver's copy is deleted, as between
 * characters) and arrives set down: unequipped, out of belt and bandolier.
 */
import { isPhysicalItemType, setDownSource } from "../../data/item/physical";
import { localize, notify } from "../../foundry";
import { copySource } from "../../documents/species-apply";
import { actorActions } from "./actor-actions";
import { busyActions, sheetActions, type ActionHandler } from "./busy";
import { bindQuantityInputs } from "./quantity-inputs";
import { TEMPLATES } from "../handlebars";
import { HandlebarsActorSheet } from "./sheet-bases";
import { lootRows } from "../context/loot";

export const LOOT_TEMPLATE = TEMPLATES.loot.loot;

type ItemDoc = Item.Implementation;
type SheetAction = (event: PointerEvent, target: HTMLElement) => Promise<void>;
type ActorSheetContext = foundry.applications.sheets.ActorSheetV2.RenderContext;

export class ClockworkLootSheet extends HandlebarsActorSheet {
  static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions = {
    classes: ["clockwork", "sheet", "actor", "loot"],
    position: { width: 520, height: 560 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: busyActions(sheetActions({
      editItem: actorActions.editItem,
      deleteItem: actorActions.deleteItem,
    }) as Record<string, ActionHandler<object>>) as Record<string, SheetAction>,
  };

  static PARTS = {
    loot: { template: LOOT_TEMPLATE, scrollable: [".cw-loot-items"] },
  };

  protected override async _prepareContext(
    options: Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0],
  ): Promise<ActorSheetContext> {
    const base = await super._prepareContext(options);
    const rows = lootRows(this.actor.items as never);
    const system = this.actor.system as unknown as { currency?: number };
    return Object.assign(base, {
      actor: { name: this.actor.name, img: this.actor.img },
      editable: this.isEditable,
      currency: system.currency ?? 0,
      rows,
      totalValue: rows.reduce((sum, row) => sum + row.value, 0),
    });
  }

  /** Quantity boxes write to their item, not to the actor's form. */
  protected override async _onRender(...args: Parameters<foundry.applications.api.ApplicationV2["_onRender"]>): Promise<void> {
    await super._onRender(...args);
    bindQuantityInputs(this);
  }

  /** Declared by ActorSheetV2 in v13; the installed types predate it, so no `override`. */
  protected async _onDropItem(_event: DragEvent, item: ItemDoc): Promise<ItemDoc | null> {
    if (!this.isEditable || item.parent?.uuid === this.actor.uuid) return null;
    if (!isPhysicalItemType(item.type)) {
      notify("warn", "CLOCKWORK.Loot.NotPhysical", { name: item.name, type: localize(`TYPES.Item.${item.type}`) });
      return null;
    }
    const created = (await this.actor.createEmbeddedDocuments("Item", [setDownSource(copySource(item) as Record<string, unknown>) as never]))?.[0] ?? null;
    const giver = item.parent as (Actor.Implementation & { unequip(item: ItemDoc): Promise<void> }) | null;
    if (created && giver?.isOwner) {
      await giver.unequip(item);
      await item.delete();
    }
    return created as ItemDoc | null;
  }
}

/** Registers the loot sheet as the default for `loot` actors (during `init`). */
export function registerLootSheet(): void {
  foundry.documents.collections.Actors.registerSheet("clockwork", ClockworkLootSheet, {
    types: ["loot"], makeDefault: true, label: "CLOCKWORK.Sheet.Label.Loot",
  });
}
