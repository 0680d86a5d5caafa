/**
 * One sheet class for every item type: a header with the numbers that matter, the type's
 * fields (built per type by `buildItemContext`) and the description. It opens as a card
 * (play mode); owners switch to the form with the mode toggle, and an item just created from
 * an actor sheet opens as the form. Links to other items are drop zones.
 */
import { NEW_ROWS, normalizeFormArrays } from "../context/updates";
import { TEMPLATES } from "../handlebars";
import { localize, notify } from "../ui";
import { itemLike, ownerItems } from "./adapters";
import { busyActions, whileBusy, type ActionHandler } from "./busy";
import { attemptWrite, guardSubmit, guardSubmitAsync } from "./form-errors";
import type { LinkChange, LinkName } from "./links";
import { sheetRuntime } from "./lazy";
import { isDocumentRender, type PartRenderOptions } from "./render-parts";
import { HandlebarsItemSheet } from "./sheet-bases";


type ItemSheetContext = foundry.applications.api.DocumentSheetV2.RenderContext<Item.Implementation>;
type SheetAction = (event: PointerEvent, target: HTMLElement) => Promise<void>;
type FormDataLike = foundry.applications.ux.FormDataExtended;
type RenderOptions = Parameters<foundry.applications.api.ApplicationV2["_configureRenderOptions"]>[0];

/** Render options of this sheet: `mode` picks the first render's mode. */
interface ItemRenderOptions extends PartRenderOptions {
  mode?: "edit" | "play";
}

interface DroppedItem { uuid: string; name: string; type: string; system?: { identifier?: string } }

const T = TEMPLATES.item;

export class ClockworkItemSheet extends HandlebarsItemSheet {
  static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions = {
    classes: ["clockwork", "sheet", "item"],
    position: { width: 600, height: 680 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: busyActions({
      toggleMode: ClockworkItemSheet.#onToggleMode as SheetAction,
      addRow: ClockworkItemSheet.#onAddRow as SheetAction,
      removeRow: ClockworkItemSheet.#onRemoveRow as SheetAction,
      removeLink: ClockworkItemSheet.#onRemoveLink as SheetAction,
    } as Record<string, ActionHandler<object>>) as Record<string, SheetAction>,
  };

  static PARTS = {
    header: { template: T.header },
    details: { template: T.details },
    description: { template: T.description },
  };

  /** null until a render or the toggle decides: play mode. */
  #editMode: boolean | null = null;

  /** The form (true) or the card; a user who may not edit always sees the card. */
  get editMode(): boolean {
    return this.isEditable && this.#editMode === true;
  }

  /**
   * `render({ force: true, mode: "edit" })` opens the form. A document change redraws the
   * header and the details; the description only when it changed.
   */
  protected override _configureRenderOptions(options: RenderOptions): void {
    const opts = options as ItemRenderOptions;
    if (opts.mode) this.#editMode = opts.mode === "edit";
    if (isDocumentRender(opts)) {
      const data = opts.renderData as Record<string, unknown> | undefined;
      const description = data !== undefined && foundry.utils.hasProperty(data, "system.description");
      opts.parts = description ? ["header", "details", "description"] : ["header", "details"];
    }
    super._configureRenderOptions(options);
  }

  protected override async _prepareContext(
    options: Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0],
  ): Promise<ItemSheetContext> {
    const base = await super._prepareContext(options);
    const system = this.item.system as { description?: string };
    const enrichedDescription = await foundry.applications.ux.TextEditor.implementation.enrichHTML(system.description ?? "", {
      secrets: this.item.isOwner, relativeTo: this.item,
    });
    const parent = this.item.parent as Parameters<typeof ownerItems>[0] | null;
    const like = itemLike(this.item);
    const runtime = await sheetRuntime();
    const context = runtime.buildItemContext(like, {
      editable: this.isEditable,
      editMode: this.editMode,
      enrichedDescription,
      ownerItems: ownerItems(parent),
      links: await this.#links(),
    }, runtime.currentChoices());
    return Object.assign(base, context);
  }

  /** Names and icons of what the item links to, by UUID or (a spell's pair) by identifier. */
  async #links(): Promise<Record<string, LinkName | undefined>> {
    const { IDENTIFIER_LINKS, linkedUuids, resolveIdentifier, resolveLinks } = await sheetRuntime();
    const byIdentifier = new Map<string, string>();
    for (const [path, { itemType }] of Object.entries(IDENTIFIER_LINKS)) {
      const value = foundry.utils.getProperty(this.item._source as object, path);
      if (typeof value === "string" && value) byIdentifier.set(value, itemType);
    }
    const links = await resolveLinks(linkedUuids(itemLike(this.item)).filter((u) => !byIdentifier.has(u)));
    const owned = (this.item.parent as { items?: Iterable<never> } | null)?.items ?? [];
    for (const [identifier, type] of byIdentifier) links[identifier] = await resolveIdentifier(identifier, type, owned);
    return links;
  }

  /** Zones already listening; a render that leaves a part in place must not bind its zones twice. */
  #boundZones = new WeakSet<HTMLElement>();

  /** The drop zones of the link fields. */
  protected override async _onRender(...args: Parameters<foundry.applications.api.ApplicationV2["_onRender"]>): Promise<void> {
    await super._onRender(...args);
    if (!this.isEditable) return;
    for (const zone of this.element.querySelectorAll<HTMLElement>("[data-drop-field]")) {
      if (this.#boundZones.has(zone)) continue;
      this.#boundZones.add(zone);
      this.#bindDropZone(zone);
    }
  }

  /** Checkbox groups, table rows and comma lists come back as the arrays the model stores. */
  protected override _processFormData(event: SubmitEvent | null, form: HTMLFormElement, formData: FormDataLike): object {
    const data = super._processFormData(event, form, formData) as Record<string, unknown>;
    return normalizeFormArrays(data, this.item._source);
  }

  protected override _prepareSubmitData(...args: Parameters<foundry.applications.api.DocumentSheetV2.Any["_prepareSubmitData"]>): object {
    return guardSubmit(this, () => super._prepareSubmitData(...args), {});
  }

  protected override async _processSubmitData(...args: Parameters<foundry.applications.api.DocumentSheetV2.Any["_processSubmitData"]>): Promise<void> {
    await guardSubmitAsync(this, () => super._processSubmitData(...args), this.item);
  }

  /* ------------------------------------------------------------------ links */

  #bindDropZone(zone: HTMLElement): void {
    const leave = () => zone.classList.remove("is-drop-target");
    zone.addEventListener("dragenter", (event) => {
      event.preventDefault();
      zone.classList.add("is-drop-target");
    });
    zone.addEventListener("dragover", (event) => {
      event.preventDefault();
      zone.classList.add("is-drop-target");
    });
    zone.addEventListener("dragleave", (event) => {
      const into = event.relatedTarget as Node | null | undefined;
      if (!into || !zone.contains(into)) leave();
    });
    zone.addEventListener("drop", (event) => {
      event.preventDefault();
      // The zone's drop is the whole of it; a sheet-wide handler must not also take it.
      event.stopPropagation();
      leave();
      void this.#onDropLink(event, zone).catch((error: unknown) => console.error("ClockWork | link drop failed", error));
    });
  }

  async #onDropLink(event: DragEvent, zone: HTMLElement): Promise<void> {
    if (!this.isEditable || zone.getAttribute("aria-busy") === "true") return;
    const path = zone.dataset.dropField ?? "";
    const dropped = await this.#droppedItem(event);
    if (!dropped || !path) return;
    const wanted = zone.dataset.dropType ?? "";
    if (wanted && dropped.type !== wanted) {
      notify("warn", "CLOCKWORK.Sheet.Drop.WrongType", { name: dropped.name, type: localize(`TYPES.Item.${wanted}`) });
      return;
    }
    if (dropped.uuid === this.item.uuid) return;
    const change: LinkChange = zone.dataset.dropMultiple === "true" ? "add" : "set";
    const { IDENTIFIER_LINKS } = await sheetRuntime();
    let value = dropped.uuid;
    if (path in IDENTIFIER_LINKS) {
      value = dropped.system?.identifier ?? "";
      if (!value) {
        notify("warn", "CLOCKWORK.Sheet.Drop.NoIdentifier", { name: dropped.name });
        return;
      }
    }
    await whileBusy(zone, () => this.#writeLink(path, value, change));
  }

  /** The item a drag carries, or null (with a warning) when it carries something else. */
  async #droppedItem(event: DragEvent): Promise<DroppedItem | null> {
    const data = foundry.applications.ux.TextEditor.implementation.getDragEventData(event) as { type?: string; uuid?: string };
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

  async #writeLink(path: string, uuid: string, change: LinkChange): Promise<void> {
    const update = (await sheetRuntime()).linkUpdate(this.item._source, path, uuid, change);
    if (update) await attemptWrite(this, () => this.item.update(update as never));
  }

  /* ------------------------------------------------------------------ actions */

  #rows(path: string): unknown[] {
    const rows = foundry.utils.getProperty(this.item._source as object, path);
    return Array.isArray(rows) ? [...rows] : [];
  }

  async #writeRows(path: string, rows: unknown[]): Promise<void> {
    await attemptWrite(this, () => this.item.update({ [path]: rows } as never));
  }

  static async #onToggleMode(this: ClockworkItemSheet): Promise<void> {
    this.#editMode = !this.editMode;
    await this.render();
  }

  static async #onAddRow(this: ClockworkItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const path = target.dataset.path ?? "";
    if (!(path in NEW_ROWS)) return;
    await this.#writeRows(path, [...this.#rows(path), foundry.utils.deepClone(NEW_ROWS[path])]);
  }

  static async #onRemoveRow(this: ClockworkItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const path = target.dataset.path ?? "";
    const index = Number(target.dataset.index);
    const rows = this.#rows(path);
    if (!Number.isInteger(index) || index < 0 || index >= rows.length) return;
    rows.splice(index, 1);
    await this.#writeRows(path, rows);
  }

  static async #onRemoveLink(this: ClockworkItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const path = target.dataset.field ?? "";
    const uuid = target.dataset.uuid ?? "";
    if (path && uuid) await this.#writeLink(path, uuid, "remove");
  }
}
