/**
 * One sheet class for every item type: a header with the numbers that matter, the type's
 * fields (built per type by `buildItemContext`) and the description.
 */
import { currentChoices } from "../choices-registry";
import { buildItemContext } from "../context/item";
import { NEW_ROWS, normalizeFormArrays } from "../context/updates";
import { TEMPLATES } from "../handlebars";
import { itemLike, ownerItems } from "./adapters";
import { attemptWrite, guardSubmit, guardSubmitAsync } from "./form-errors";
import { HandlebarsItemSheet } from "./sheet-bases";


type ItemSheetContext = foundry.applications.api.DocumentSheetV2.RenderContext<Item.Implementation>;
type SheetAction = (event: PointerEvent, target: HTMLElement) => Promise<void>;
type FormDataLike = foundry.applications.ux.FormDataExtended;

const T = TEMPLATES.item;

export class ClockworkItemSheet extends HandlebarsItemSheet {
  static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions = {
    classes: ["clockwork", "sheet", "item"],
    position: { width: 600, height: 680 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      addRow: ClockworkItemSheet.#onAddRow as SheetAction,
      removeRow: ClockworkItemSheet.#onRemoveRow as SheetAction,
    },
  };

  static PARTS = {
    header: { template: T.header },
    details: { template: T.details },
    description: { template: T.description },
  };

  protected override async _prepareContext(
    options: Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0],
  ): Promise<ItemSheetContext> {
    const base = await super._prepareContext(options);
    const system = this.item.system as { description?: string };
    const enrichedDescription = await foundry.applications.ux.TextEditor.implementation.enrichHTML(system.description ?? "", {
      secrets: this.item.isOwner, relativeTo: this.item,
    });
    const parent = this.item.parent as Parameters<typeof ownerItems>[0] | null;
    const context = buildItemContext(itemLike(this.item), {
      editable: this.isEditable, enrichedDescription, ownerItems: ownerItems(parent),
    }, currentChoices());
    return Object.assign(base, context);
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

  #rows(path: string): unknown[] {
    const rows = foundry.utils.getProperty(this.item._source as object, path);
    return Array.isArray(rows) ? [...rows] : [];
  }

  async #writeRows(path: string, rows: unknown[]): Promise<void> {
    await attemptWrite(this, () => this.item.update({ [path]: rows } as never));
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
}
