/**
 * Behaviour shared by the character and NPC sheets: edit / play mode, roll buttons, the
 * health track, equipping, item rows (open, create, delete with confirmation) and drag and
 * drop (species with their choice dialog, sorting, moving gear between actors).
 */
import type { SheetChoices } from "../context/choices";
import type { SheetOptions } from "../context/source-types";
import type { SheetRuntime } from "./lazy";
import type { EquipSlot } from "../../config";
import { copySource } from "../../documents/species-apply";
import { confirm, localize, notify } from "../ui";
import { busyActions, type ActionHandler } from "./busy";
import { attemptWrite, guardSubmit, guardSubmitAsync } from "./form-errors";
import { isDocumentRender, StaleParts, tabbedSheetParts, type PartRenderOptions } from "./render-parts";
import { sheetRuntime } from "./lazy";
import { HandlebarsActorSheet } from "./sheet-bases";


type ActorDoc = Actor.Implementation;
type ItemDoc = Item.Implementation;
type ActorSheetContext = foundry.applications.sheets.ActorSheetV2.RenderContext;
export type SheetDefaults = foundry.applications.api.DocumentSheetV2.DefaultOptions;

/** Gear changes hands when dragged to another actor; abilities (foci, spells …) are copied. */
const TRANSFERRED_TYPES: ReadonlySet<string> = new Set(["weapon", "armor", "shield", "equipment", "artifact", "enchantment"]);

/** What a later issue's roll API offers; the buttons call whatever of it exists. */
interface RollApi {
  rollSkill?: (key: string) => unknown;
  rollAttack?: (item: ItemDoc) => unknown;
  /** The attack workflow (targets, dialog with odds, reactions, card): src/combat/attack. */
  attack?: (item: ItemDoc, options?: { event?: Event | null }) => unknown;
  castSpell?: (item: ItemDoc) => unknown;
}

interface StoredActorSystem {
  health: { hits: number; vitalsLost: number; capacity: number; vitalsMax: number };
  equipped: Record<EquipSlot, string>;
  biography?: string;
}

/** A click action; cast so the options' type does not depend on the class being declared. */
type SheetAction = (event: PointerEvent, target: HTMLElement) => Promise<void>;

/** Foundry's update accepts dotted paths; the types only know nested objects. */
function update(doc: { update(data: never): unknown }, changes: Record<string, unknown>): Promise<unknown> {
  return Promise.resolve(doc.update(changes as never));
}

export abstract class ClockworkActorSheet extends HandlebarsActorSheet {
  static override DEFAULT_OPTIONS: SheetDefaults = {
    classes: ["clockwork", "sheet", "actor"],
    window: { resizable: true },
    form: { submitOnChange: true },
    // Busy while pending: a second click on a control whose action runs does nothing.
    actions: busyActions({
      toggleMode: ClockworkActorSheet.#onToggleMode as SheetAction,
      rollSkill: ClockworkActorSheet.#onRollSkill as SheetAction,
      rollAttack: ClockworkActorSheet.#onRollAttack as SheetAction,
      castSpell: ClockworkActorSheet.#onCastSpell as SheetAction,
      editItem: ClockworkActorSheet.#onEditItem as SheetAction,
      deleteItem: ClockworkActorSheet.#onDeleteItem as SheetAction,
      createItem: ClockworkActorSheet.#onCreateItem as SheetAction,
      equipWeapon: ClockworkActorSheet.#onEquip as SheetAction,
      equipArmor: ClockworkActorSheet.#onEquip as SheetAction,
      equipArtifact: ClockworkActorSheet.#onEquipArtifact as SheetAction,
      toggleVital: ClockworkActorSheet.#onHealthClick as SheetAction,
      setHits: ClockworkActorSheet.#onHealthClick as SheetAction,
      configureSpecies: ClockworkActorSheet.#onConfigureSpecies as SheetAction,
      toggleHealthStatus: ClockworkActorSheet.#onToggleHealthStatus as SheetAction,
      combatAction: ClockworkActorSheet.#onCombatAction as SheetAction,
    } as Record<string, ActionHandler<object>>) as Record<string, SheetAction>,
  };

  /** Parts every document render draws, whatever tab is shown. */
  static ALWAYS_RENDERED: readonly string[] = ["header"];

  /** null until first asked: a brand-new actor (no items) opens in edit mode. */
  #editMode: boolean | null = null;

  get editMode(): boolean {
    this.#editMode ??= this.isEditable && this.actor.items.size === 0;
    return this.#editMode;
  }

  protected get stored(): StoredActorSystem {
    return this.actor.system as unknown as StoredActorSystem;
  }

  /** Parts drawn from older data by a partial render; drawn again when their tab is shown. */
  #stale: StaleParts | null = null;

  get #partIds(): string[] {
    return Object.keys((this.constructor as unknown as { PARTS: Record<string, unknown> }).PARTS);
  }

  get #tabIds(): string[] {
    const tabs = (this.constructor as typeof ClockworkActorSheet).TABS.primary?.tabs ?? [];
    return tabs.map((t) => t.id);
  }

  /** The parts the last render drew and, after a document change, only the header and the active tab. */
  protected override _configureRenderOptions(options: Parameters<foundry.applications.api.ApplicationV2["_configureRenderOptions"]>[0]): void {
    const opts = options as PartRenderOptions;
    const documentChange = isDocumentRender(opts);
    if (documentChange) {
      opts.parts = tabbedSheetParts((this.constructor as typeof ClockworkActorSheet).ALWAYS_RENDERED, this.#tabIds, this.tabGroups.primary);
    }
    super._configureRenderOptions(options);
    (this.#stale ??= new StaleParts(this.#partIds)).rendered(opts.parts, documentChange);
  }

  /** Showing a tab a partial render left out draws it from the current data first. */
  override changeTab(...args: Parameters<foundry.applications.api.ApplicationV2["changeTab"]>): void {
    super.changeTab(...args);
    const [tab] = args;
    if (this.#stale?.has(tab) && this.rendered) void this.render({ parts: [tab] } as never);
  }

  /** Options only a concrete sheet knows (the character's XP log). */
  protected extraSheetOptions(_runtime: SheetRuntime): Partial<SheetOptions> {
    return {};
  }

  /** The pure context of the concrete sheet, from the sheets' runtime (loaded on first render). */
  protected abstract buildSheetContext(options: SheetOptions, choices: SheetChoices, runtime: SheetRuntime): object;

  protected override async _prepareContext(
    options: Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0],
  ): Promise<ActorSheetContext> {
    const base = await super._prepareContext(options);
    const enrichedBiography = await foundry.applications.ux.TextEditor.implementation.enrichHTML(this.stored.biography ?? "", {
      secrets: this.actor.isOwner, relativeTo: this.actor,
    });
    const runtime = await sheetRuntime();
    const context = this.buildSheetContext({
      editable: this.isEditable,
      editMode: this.editMode,
      activeTab: this.tabGroups.primary ?? undefined,
      enrichedBiography,
      gm: game.user?.isGM === true,
      ...this.extraSheetOptions(runtime),
    }, runtime.currentChoices(), runtime);
    // Play mode: the combat actions with their costs now (owners only: they are the ones who act).
    if (!this.editMode && this.actor.isOwner) {
      const { combatActionsFor, loadActionProviders } = await import("../../combat/actions");
      await loadActionProviders();
      Object.assign(context, { combatActions: combatActionsFor(this.actor as never) });
    }
    return Object.assign(base, context);
  }

  protected override _prepareSubmitData(...args: Parameters<foundry.applications.api.DocumentSheetV2.Any["_prepareSubmitData"]>): object {
    return guardSubmit(this, () => super._prepareSubmitData(...args), {});
  }

  protected override async _processSubmitData(...args: Parameters<foundry.applications.api.DocumentSheetV2.Any["_processSubmitData"]>): Promise<void> {
    await guardSubmitAsync(this, () => super._processSubmitData(...args), this.actor);
  }

  /* ------------------------------------------------------------------ drag and drop */

  /** Declared by ActorSheetV2 in v13; the installed types predate it, so no `override`. */
  protected async _onDropItem(event: DragEvent, item: ItemDoc): Promise<ItemDoc | null> {
    if (!this.isEditable) return null;
    if (item.parent?.uuid === this.actor.uuid) return this.#sortItem(event, item);
    if (item.type === "species") return (await sheetRuntime()).applySpecies(this.actor, item);
    // A refused create resolves an empty array; then the giver keeps the item.
    const created = (await this.actor.createEmbeddedDocuments("Item", [copySource(item) as never]))?.[0] ?? null;
    const source = item.parent as ActorDoc | null;
    if (created && source && TRANSFERRED_TYPES.has(item.type) && source.isOwner) {
      // Free the giver's slot first, so no equipped id is left pointing at a deleted item.
      await source.unequip(item);
      await item.delete();
    }
    return created as ItemDoc | null;
  }

  async #sortItem(event: DragEvent, item: ItemDoc): Promise<ItemDoc | null> {
    const target = (event.target as HTMLElement | null)?.closest<HTMLElement>("[data-item-id]");
    const targetId = target?.dataset.itemId;
    if (!target || !targetId || !item.id) return null;
    const bounds = target.getBoundingClientRect();
    const after = event.clientY > bounds.top + bounds.height / 2;
    const siblings = this.actor.items.contents
      .filter((i) => i.type === item.type && i.id)
      .map((i) => ({ id: i.id as string, sort: i.sort }));
    const updates = (await sheetRuntime()).sortUpdates(siblings, item.id, targetId, after);
    if (updates.length > 0) await this.actor.updateEmbeddedDocuments("Item", updates as never);
    return item;
  }

  /* ------------------------------------------------------------------ actions */

  #item(target: HTMLElement): ItemDoc | null {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    return (id && this.actor.items.get(id)) || null;
  }

  #rollApi(): RollApi {
    return this.actor as unknown as RollApi;
  }

  static async #onToggleMode(this: ClockworkActorSheet): Promise<void> {
    this.#editMode = !this.editMode;
    await this.render();
  }

  static async #onRollSkill(this: ClockworkActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const key = target.dataset.skill ?? "";
    const api = this.#rollApi();
    if (typeof api.rollSkill === "function") await api.rollSkill.call(this.actor, key);
    else notify("info", "CLOCKWORK.Sheet.RollsPending");
  }

  static async #onRollAttack(this: ClockworkActorSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.#item(target);
    const api = this.#rollApi();
    if (item && typeof api.attack === "function") await api.attack.call(this.actor, item, { event });
    else if (item && typeof api.rollAttack === "function") await api.rollAttack.call(this.actor, item);
    else notify("info", "CLOCKWORK.Sheet.RollsPending");
  }

  static async #onCombatAction(this: ClockworkActorSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    const { onCombatActionClick } = await import("../../combat/actions");
    await onCombatActionClick(this.actor as never, target, event);
  }

  static async #onCastSpell(this: ClockworkActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.#item(target);
    const api = this.#rollApi();
    if (item && typeof api.castSpell === "function") await api.castSpell.call(this.actor, item);
    else notify("info", "CLOCKWORK.Sheet.RollsPending");
  }

  static async #onEditItem(this: ClockworkActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.#item(target)?.sheet?.render(true);
  }

  static async #onDeleteItem(this: ClockworkActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.#item(target);
    if (!item) return;
    const yes = await confirm("CLOCKWORK.Dialog.DeleteItem.Title", "CLOCKWORK.Dialog.DeleteItem.Content", { name: item.name });
    if (yes) await item.delete();
  }

  static async #onCreateItem(this: ClockworkActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const type = target.dataset.type ?? "";
    const container = target.closest<HTMLElement>("[data-container]")?.dataset.container;
    const name = localize("CLOCKWORK.Sheet.NewItem", { type: localize(`TYPES.Item.${type}`) });
    const data = { name, type, system: container && type === "equipment" ? { container } : {} };
    const created = await this.actor.createEmbeddedDocuments("Item", [data as never]);
    // A new item needs filling in: its sheet opens as the form.
    await created?.[0]?.sheet?.render({ force: true, mode: "edit" } as never);
  }

  /** Slot toggles: a click on the item's own slot unequips it, otherwise the actor equips it there. */
  static async #onEquip(this: ClockworkActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.#item(target);
    const slot = target.dataset.slot as EquipSlot | undefined;
    if (!item?.id || !slot) return;
    // equip/unequip resolve nothing either way; a click always changes the slots, so slots
    // that stayed as they were mean Foundry refused the write.
    const slots = () => JSON.stringify(this.stored.equipped);
    const before = slots();
    await attemptWrite(this, async () => {
      if (this.stored.equipped[slot] === item.id) await this.actor.unequip(item);
      else await this.actor.equip(item, slot);
      return slots() === before ? null : true;
    });
  }

  static async #onEquipArtifact(this: ClockworkActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.#item(target);
    if (!item) return;
    const worn = () => (item.system as { equipped?: boolean }).equipped ?? false;
    const wanted = !worn();
    await attemptWrite(this, async () => {
      if (wanted) await this.actor.equip(item);
      else await this.actor.unequip(item);
      return worn() === wanted ? true : null;
    });
  }

  static async #onHealthClick(this: ClockworkActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const box = Number(target.dataset.box);
    const hits = target.dataset.hits === undefined ? undefined : Number(target.dataset.hits);
    const next = (await sheetRuntime()).healthClick(this.stored.health, { box, hits });
    await attemptWrite(this, () => update(this.actor, { "system.health.vitalsLost": next.vitalsLost, "system.health.hits": next.hits }));
  }

  /**
   * Dying and Dead are statuses the rules set from the health track. A GM may override them,
   * after a confirmation; a player cannot (the button is not offered, and the data layer
   * refuses a player's status the track disagrees with).
   */
  static async #onToggleHealthStatus(this: ClockworkActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const key = target.dataset.status;
    if (key !== "dying" && key !== "dead") return;
    const status = localize(`CLOCKWORK.Field.health.${key}.label`);
    if (!game.user?.isGM) {
      notify("warn", "CLOCKWORK.Sheet.HealthStatus.GmOnly", { status });
      return;
    }
    const active = (this.stored.health as { dying?: boolean; dead?: boolean })[key] === true;
    const verb = active ? "Clear" : "Set";
    const yes = await confirm(`CLOCKWORK.Sheet.HealthStatus.${verb}Title`, `CLOCKWORK.Sheet.HealthStatus.${verb}Content`, { name: this.actor.name, status });
    if (!yes) return;
    await attemptWrite(this, () => update(this.actor, { [`system.health.${key}`]: !active }));
  }

  static async #onConfigureSpecies(this: ClockworkActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.#item(target);
    if (item) await (await sheetRuntime()).reconfigureSpecies(this.actor, item);
  }
}
