/**
 * One sheet class for every item type: a header with the numbers that matter, the type's
 * fields (built per type by `buildItemContext`) and the description. It opens as a card
 * (play mode); owners switch to the form with the mode toggle, and an item just created from
 * an actor sheet opens as the form. Links to other items are drop zones.
 */
import { normalizeFormArrays } from "../context/form-arrays";
import { TEMPLATES } from "../handlebars";
import { itemLike, ownerItems } from "./adapters";
import { busyActions, sheetActions, type ActionHandler } from "./busy";
import { currentChoices } from "../choices-registry";
import { buildItemContext } from "../context/item";
import { FormEdits } from "./form-edits";
import { guardSubmit, guardSubmitAsync } from "./form-errors";
import { itemActions } from "./item-actions";
import { itemLinkNames } from "./links";
import { isDocumentRender, type PartRenderOptions } from "./render-parts";
import { HandlebarsItemSheet } from "./sheet-bases";
import { ClockworkSpeciesRecipe } from "../dialogs/species-recipe-app";
import { localize } from "../../foundry";

/** A species' recipe button and, for a custom one, whether the GM approved it (everyone sees it). */
function recipeBadge(item: { type: string; system: unknown }, editable: boolean): { show: boolean; canBuild: boolean; custom: boolean; approved: boolean; label: string } | null {
  if (item.type !== "species") return null;
  const system = item.system as { custom?: boolean; approved?: boolean };
  const custom = system.custom === true;
  const approved = system.approved === true;
  return { show: editable || custom, canBuild: editable, custom, approved, label: custom ? localize(approved ? "CLOCKWORK.Recipe.Approval.Approved" : "CLOCKWORK.Recipe.Approval.Pending") : "" };
}


type ItemSheetContext = foundry.applications.api.DocumentSheetV2.RenderContext<Item.Implementation>;
type SheetAction = (event: PointerEvent, target: HTMLElement) => Promise<void>;
type FormDataLike = foundry.applications.ux.FormDataExtended;
type RenderOptions = Parameters<foundry.applications.api.ApplicationV2["_configureRenderOptions"]>[0];
type ReplaceArgs = Parameters<foundry.applications.api.ApplicationV2["_replaceHTML"]>;

/** Render options of this sheet: `mode` picks the first render's mode. */
interface ItemRenderOptions extends PartRenderOptions {
  mode?: "edit" | "play";
}

const T = TEMPLATES.item;

export class ClockworkItemSheet extends HandlebarsItemSheet {
  static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions = {
    classes: ["clockwork", "sheet", "item"],
    position: { width: 600, height: 680 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: busyActions({
      toggleMode: ClockworkItemSheet.#onToggleMode as SheetAction,
      openRecipe: ClockworkItemSheet.#onOpenRecipe as SheetAction,
      // Rows and links: item-actions.ts.
      ...sheetActions({ addRow: itemActions.addRow, removeRow: itemActions.removeRow, removeLink: itemActions.removeLink }),
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
    const context = buildItemContext(like, {
      editable: this.isEditable,
      editMode: this.editMode,
      enrichedDescription,
      ownerItems: ownerItems(parent),
      links: await itemLinkNames(this.item),
    }, currentChoices());
    return Object.assign(base, context, { recipe: recipeBadge(this.item, this.isEditable) });
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

  /** The form as drawn: a submit sends only the fields the user changed (form-edits.ts). */
  readonly #edits = new FormEdits();

  protected override _replaceHTML(...[result, content, options]: ReplaceArgs): void {
    const typed = this.#edits.typed(this.form);
    super._replaceHTML(result, content, options);
    this.#edits.drawn(this.form, Object.values(result as Record<string, HTMLElement>), typed);
  }

  /**
   * Checkbox groups, table rows and comma lists come back as the arrays the model stores; of
   * those, only what the user changed (an array as a whole).
   */
  protected override _processFormData(event: SubmitEvent | null, form: HTMLFormElement, formData: FormDataLike): object {
    const process = (object: Record<string, unknown>) =>
      normalizeFormArrays(super._processFormData(event, form, { object } as unknown as FormDataLike) as Record<string, unknown>, this.item._source);
    return this.#edits.changed(formData.object as Record<string, unknown>, process);
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
      // The drag data is readable only while the drop event runs: read it now.
      const data = foundry.applications.ux.TextEditor.implementation.getDragEventData(event) as { type?: string; uuid?: string };
      itemActions.dropLink(this, data, zone)
        .catch((error: unknown) => console.error("ClockWork | link drop failed", error));
    });
  }

  /* ------------------------------------------------------------------ actions */

  /** A species: "Build by the recipe" (issue 31 item 3). */
  static async #onOpenRecipe(this: ClockworkItemSheet): Promise<void> {
    await ClockworkSpeciesRecipe.open(this.item as never);
  }

  static async #onToggleMode(this: ClockworkItemSheet): Promise<void> {
    this.#editMode = !this.editMode;
    await this.render();
  }
}
