/**
 * DocumentSheetV2, ActorSheetV2 and ItemSheetV2 of the test world.
 *
 * DocumentSheetV2 (Foundry v13 `client/applications/api/document-sheet.mjs`):
 * - `tag: "form"`, id `{ClassName}-{uuid with dashes}` so one sheet per document per client;
 * - `isVisible` / `isEditable` from `document.testUserPermission(game.user, viewPermission |
 *   editPermission)` (LIMITED / OWNER by default); a locked compendium is never editable;
 *   `_canRender` refuses an invisible sheet (shown as a warning by render);
 * - `_prepareContext` adds document, source, fields, editable, user, rootId;
 * - `_onFirstRender` registers the sheet in `document.apps`, `_onClose` removes it, so
 *   `document.render()` after every write (the world's ClientDocument) re-renders it;
 * - `_onRender` disables every field of a sheet the user may not edit (`_toggleDisabled`);
 * - the form handler: `isEditable` check → `_prepareSubmitData` (= `_processFormData` →
 *   expandObject, merged with `updateData`, then `document.validate({changes, clean: true,
 *   fallback: false})`, which throws) → `_processSubmitData` (→ `document.update`).
 *
 * ActorSheetV2 (v13 `client/applications/sheets/actor-sheet.mjs`): `actor`; every render binds
 * a DragDrop (./drag-drop.ts) with `dragSelector: ".draggable"` and the whole sheet as drop
 * zone, gated by `_canDragStart` / `_canDragDrop` (editable); `_onDragStart` puts the row's item
 * or effect `toDragData()` on the transfer; `_onDrop` reads `{type, uuid}`, asks the
 * `dropActorSheetData` hook, resolves the document with `getDocumentClass(type).fromDropData`
 * and routes it through `_onDropDocument` (which throws for a drop that resolves to nothing) to
 * `_onDropItem(event, item)`, `_onDropActor`, `_onDropActiveEffect`, `_onDropFolder`; the
 * default `_onDropItem` copies the item onto the actor (owners only) or sorts within it
 * (`_onSortItem`), the default `_onDropActiveEffect` creates a copy of an effect from
 * elsewhere. Draw Steel's `document-sheet.mjs` mirrors the routing.
 *
 * `editImage` (on `img[data-edit]`) opens the world's FilePicker (./file-picker.ts).
 *
 * Not modelled: header buttons (configure sheet, copy UUID, token, image popout), ProseMirror secrets, sheet themes, V1 constructor arguments, creating a
 * document from an unsaved sheet (`canCreate`).
 */
import { ApplicationV2, type ApplicationConfiguration, type RenderOptions } from "./application";
import { TextEditor } from "./text-editor";
import { DragDrop } from "./drag-drop";
import { FilePicker } from "./file-picker";
import { documentClass, localize, OWNERSHIP, rt, type RuntimeDocument } from "./runtime";
import type { FormDataExtended } from "./form-data";

export interface DocumentSheetConfiguration extends ApplicationConfiguration {
  document: RuntimeDocument;
  viewPermission: number;
  editPermission: number;
  canCreate: boolean;
  sheetConfig: boolean;
}

type SubmitOptions = { updateData?: object; [key: string]: unknown };

export class DocumentSheetV2 extends ApplicationV2 {
  static override DEFAULT_OPTIONS: object = {
    id: "{id}",
    classes: ["sheet"],
    tag: "form",
    document: null,
    viewPermission: OWNERSHIP.LIMITED,
    editPermission: OWNERSHIP.OWNER,
    canCreate: false,
    sheetConfig: true,
    form: { handler: DocumentSheetV2.#onSubmitDocumentForm, submitOnChange: false, closeOnSubmit: false },
    actions: { editImage: DocumentSheetV2.#onEditImage },
  };

  /**
   * Core's `editImage` action (v13 `document-sheet.mjs` `#onEditImage`): on an `img[data-edit]`,
   * a FilePicker opens at the current source value; the chosen path becomes the image's `src`
   * and, when the sheet submits on change, the form is submitted (FormDataExtended reads
   * `img[data-edit]`).
   */
  static async #onEditImage(this: DocumentSheetV2, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (target.nodeName !== "IMG") throw new Error("The editImage action is available only for IMG elements.");
    const attr = target.dataset.edit ?? "";
    const current = rt().foundry.utils.getProperty(this.document._source, attr) as string | undefined;
    const picker = new FilePicker.implementation({
      current,
      type: "image",
      callback: (path) => {
        (target as HTMLImageElement).src = path;
        if (this.options.form.submitOnChange) this.form?.dispatchEvent(new Event("submit", { cancelable: true }));
      },
      position: { top: (this.position.top ?? 0) + 40, left: (this.position.left ?? 0) + 10 },
    });
    await picker.browse();
  }

  #document: RuntimeDocument;

  constructor(options: Partial<DocumentSheetConfiguration> & { document: RuntimeDocument }) {
    if (!options?.document) throw new Error("A DocumentSheetV2 application must be provided a Document instance.");
    super(options);
    this.#document = options.document;
  }

  declare readonly options: Readonly<DocumentSheetConfiguration>;

  get document(): RuntimeDocument {
    return this.#document;
  }

  override get title(): string {
    const { documentName, name, id, type } = this.document;
    const label = (type && rt().CONFIG?.[documentName]?.typeLabels?.[type]) || documentName;
    return `${localize(label)}: ${name || id}`;
  }

  get isVisible(): boolean {
    return this.document.testUserPermission(rt().game.user, this.options.viewPermission);
  }

  get isEditable(): boolean {
    const pack = this.document.pack;
    if (pack && rt().game.packs?.get(pack)?.locked) return false;
    return this.document.testUserPermission(rt().game.user, this.options.editPermission);
  }

  protected override _initializeApplicationOptions(options: Partial<ApplicationConfiguration>): ApplicationConfiguration {
    const result = super._initializeApplicationOptions(options);
    const document = (options as { document?: RuntimeDocument }).document;
    const suffix = document?.uuid ?? String(result.uniqueId);
    result.uniqueId = `${this.constructor.name}-${suffix.replaceAll(".", "-")}`;
    return result;
  }

  protected override _configureRenderOptions(options: RenderOptions): void {
    super._configureRenderOptions(options);
    const data = options.renderData as { name?: string } | undefined;
    if (this.hasFrame && options.renderContext && data?.name) options.window = Object.assign(options.window ?? {}, { title: this.title });
  }

  protected override async _prepareContext(options: RenderOptions): Promise<Record<string, unknown>> {
    const context = await super._prepareContext(options);
    const document = this.document;
    return Object.assign(context, {
      document,
      source: document._source,
      fields: document.schema?.fields ?? {},
      editable: this.isEditable,
      user: rt().game.user,
      rootId: document.id && document.collection?.has(document.id) ? this.id : `${this.id}-unsaved`,
    });
  }

  protected _toggleDisabled(disabled: boolean): void {
    const form = this.form;
    if (!form) return;
    const framed = this.options.window.frame;
    for (const element of Array.from(form.elements) as HTMLInputElement[]) {
      if (!framed || element.closest(".window-content")) element.disabled = disabled;
    }
    const content = framed ? form.querySelector(".window-content") : form;
    for (const img of content?.querySelectorAll("img[data-edit]") ?? []) img.classList.toggle("disabled", disabled);
  }

  protected override _canRender(_options: RenderOptions): false | void {
    if (!this.isVisible) {
      throw new Error(rt().game.i18n.format("SHEETS.DocumentSheetPrivate", { type: localize(this.document.documentName) }));
    }
  }

  protected override async _onFirstRender(context: Record<string, unknown>, options: RenderOptions): Promise<void> {
    await super._onFirstRender(context, options);
    this.document.apps[this.id] = this;
  }

  protected override async _onRender(context: Record<string, unknown>, options: RenderOptions): Promise<void> {
    await super._onRender(context, options);
    if (!this.isEditable) this._toggleDisabled(true);
  }

  protected override _onClose(options: object): void {
    super._onClose(options);
    delete this.document.apps[this.id];
  }

  static async #onSubmitDocumentForm(this: DocumentSheetV2, event: Event, form: HTMLFormElement, formData: FormDataExtended, options: SubmitOptions = {}): Promise<void> {
    if (!this.isEditable) return;
    const { updateData, ...updateOptions } = options;
    const submitData = this._prepareSubmitData(event, form, formData, updateData);
    await this._processSubmitData(event, form, submitData, updateOptions);
  }

  protected _prepareSubmitData(event: Event | null, form: HTMLFormElement, formData: FormDataExtended, updateData?: object): Record<string, unknown> {
    const submitData = this._processFormData(event, form, formData);
    if (updateData) rt().foundry.utils.mergeObject(submitData, updateData, { performDeletions: true });
    this.document.validate?.({ changes: submitData, clean: true, fallback: false });
    return submitData;
  }

  protected _processFormData(_event: Event | null, _form: HTMLFormElement, formData: FormDataExtended): Record<string, unknown> {
    return rt().foundry.utils.expandObject(formData.object);
  }

  protected async _processSubmitData(_event: Event | null, _form: HTMLFormElement, submitData: object, options: object = {}): Promise<void> {
    const document = this.document;
    if (document.id && document.collection?.has(document.id)) await document.update(submitData, options);
    else throw new Error(`Document creation from ${this.constructor.name} is not supported.`);
  }
}

interface DropDocument extends RuntimeDocument {
  documentName: string;
}

export class ActorSheetV2 extends DocumentSheetV2 {
  static override DEFAULT_OPTIONS: object = { position: { width: 600 } };

  get actor(): RuntimeDocument {
    return this.document;
  }

  get token(): null {
    return null;
  }

  /** Core binds a DragDrop on every render: `.draggable` rows start drags, the whole sheet takes drops. */
  protected override async _onRender(context: Record<string, unknown>, options: RenderOptions): Promise<void> {
    await super._onRender(context, options);
    new DragDrop.implementation({
      dragSelector: ".draggable",
      permissions: { dragstart: this._canDragStart.bind(this), drop: this._canDragDrop.bind(this) },
      callbacks: {
        dragstart: (event) => void this._onDragStart(event),
        dragover: this._onDragOver.bind(this),
        // Core does not await the drop callback: a throw is an unhandled rejection, in the console.
        // Not observed by world.settle(): a drop may wait for the user (a dialog); its writes are tracked.
        drop: (event) => void this._onDrop(event).catch((error: unknown) => reportDropError(error)),
      },
    }).bind(this.element);
  }

  protected _canDragStart(_selector: string | null): boolean {
    return this.isEditable;
  }

  protected _canDragDrop(_selector: string | null): boolean {
    return this.isEditable;
  }

  /** Core: an owned item's row (`data-item-id`) or effect's row (`data-effect-id`) carries its drag data; a link inside carries its own. */
  protected async _onDragStart(event: DragEvent): Promise<void> {
    const target = event.currentTarget as HTMLElement;
    if ("link" in ((event.target as HTMLElement | null)?.dataset ?? {})) return;
    const collections = this.actor as unknown as { items?: Map<string, DraggableDocument>; effects?: Map<string, DraggableDocument> };
    let dragData: object | undefined;
    if (target.dataset.itemId) dragData = collections.items?.get(target.dataset.itemId)?.toDragData();
    if (target.dataset.effectId) dragData = collections.effects?.get(target.dataset.effectId)?.toDragData();
    if (!dragData) return;
    event.dataTransfer?.setData("text/plain", JSON.stringify(dragData));
  }

  protected _onDragOver(_event: DragEvent): void {}

  /**
   * Core: the `dropActorSheetData` hook may veto; the document class of `data.type` resolves the
   * drop and `_onDropDocument` routes it. A drop that resolves to nothing reaches
   * `_onDropDocument(event, null)` and throws there, as in core.
   */
  protected async _onDrop(event: DragEvent): Promise<unknown> {
    const data = TextEditor.getDragEventData(event) as { type?: string };
    const allowed = rt().Hooks.call("dropActorSheetData", this.actor, this, data);
    if (allowed === false) return undefined;
    const cls = data.type ? documentClass(data.type) : null;
    const impl = cls?.implementation ?? cls;
    if (!impl?.fromDropData) return undefined;
    const document = await impl.fromDropData(data);
    return this._onDropDocument(event, document as DropDocument);
  }

  protected async _onDropDocument(event: DragEvent, document: DropDocument): Promise<unknown> {
    switch (document.documentName) {
      case "ActiveEffect": return (await this._onDropActiveEffect(event, document)) ?? null;
      case "Actor": return (await this._onDropActor(event, document)) ?? null;
      case "Item": return (await this._onDropItem(event, document)) ?? null;
      case "Folder": return (await this._onDropFolder(event, document)) ?? null;
      default: return null;
    }
  }

  /** Core creates a copy of an effect dropped from elsewhere (its id kept when free), for owners. */
  protected async _onDropActiveEffect(_event: DragEvent, effect: RuntimeDocument): Promise<unknown> {
    const actor = this.actor as RuntimeDocument & { effects?: { has(id: string): boolean } };
    if (!actor.isOwner) return null;
    if (!effect || effectTarget(effect) === actor) return null;
    const keepId = !actor.effects?.has(effect.id ?? "");
    const cls = documentClass("ActiveEffect");
    return (await (cls?.implementation ?? cls)?.create?.(effect.toObject(), { parent: actor, keepId })) ?? null;
  }

  protected async _onDropActor(_event: DragEvent, _actor: RuntimeDocument): Promise<unknown> {
    return null;
  }

  protected async _onDropFolder(_event: DragEvent, _folder: RuntimeDocument): Promise<unknown> {
    return null;
  }

  /** Core: owners only; an item of this actor is sorted, another is copied here (its id kept when free). */
  protected async _onDropItem(event: DragEvent, item: RuntimeDocument): Promise<unknown> {
    const actor = this.actor as RuntimeDocument & { items?: { has(id: string): boolean } };
    if (!actor.isOwner) return null;
    if (actor.uuid === item.parent?.uuid) {
      const result = await this._onSortItem(event, item);
      return result?.length ? item : null;
    }
    const keepId = !actor.items?.has(item.id ?? "");
    const cls = documentClass("Item");
    return (await (cls?.implementation ?? cls)?.create?.(item.toObject(), { parent: actor, keepId })) ?? null;
  }

  /** Core: the dropped item goes before the row it was dropped on, among that row's siblings (`performIntegerSort`). */
  protected async _onSortItem(event: DragEvent, item: RuntimeDocument): Promise<unknown[] | undefined> {
    const actor = this.actor as unknown as { items: Map<string, { id: string; sort: number }>; updateEmbeddedDocuments(name: string, updates: object[]): Promise<unknown[]> };
    const dropTarget = (event.target as HTMLElement | null)?.closest<HTMLElement>("[data-item-id]");
    if (!dropTarget || !item.id || dropTarget.dataset.itemId === item.id) return undefined;
    const target = actor.items.get(dropTarget.dataset.itemId ?? "");
    if (!target) return undefined;
    const siblings = [...(dropTarget.parentElement?.children ?? [])]
      .map((el) => (el as HTMLElement).dataset.itemId)
      .filter((id): id is string => !!id && id !== item.id)
      .map((id) => actor.items.get(id))
      .filter((s): s is { id: string; sort: number } => !!s);
    const updates = integerSort(item.id, target, siblings);
    return actor.updateEmbeddedDocuments("Item", updates);
  }
}

interface DraggableDocument {
  toDragData(): object;
}

/** Core's `ActiveEffect#target` (v13 `documents/active-effect.mjs`): the actor it applies to. */
function effectTarget(effect: RuntimeDocument): RuntimeDocument | null {
  const parent = effect.parent ?? null;
  if (!parent || parent.documentName === "Actor") return parent;
  return (effect as unknown as { transfer?: boolean }).transfer ? parent.parent ?? null : parent;
}

/**
 * `foundry.utils.performIntegerSort(source, {target, siblings})` reduced to what sheets use: the
 * source goes right before the target, and the whole sibling list is renumbered in steps of
 * SORT_INTEGER_DENSITY (100000) from there, as core does when the gap is not wide enough.
 */
function integerSort(sourceId: string, target: { id: string; sort: number }, siblings: { id: string; sort: number }[]): { _id: string; sort: number }[] {
  const ordered = [...siblings].sort((a, b) => a.sort - b.sort);
  const index = ordered.findIndex((s) => s.id === target.id);
  const ids = ordered.map((s) => s.id);
  ids.splice(index < 0 ? ids.length : index, 0, sourceId);
  return ids.map((id, i) => ({ _id: id, sort: (i + 1) * 100_000 }));
}

function reportDropError(error: unknown): void {
  console.error(error);
  const onError = (globalThis as { Hooks?: { onError?: (where: string, error: unknown) => void } }).Hooks?.onError;
  if (typeof onError === "function") onError("ActorSheetV2#_onDrop", error);
}

export class ItemSheetV2 extends DocumentSheetV2 {
  static override DEFAULT_OPTIONS: object = { position: { width: 480 } };

  get item(): RuntimeDocument {
    return this.document;
  }

  get actor(): RuntimeDocument | null {
    return (this.document.parent as RuntimeDocument | null) ?? null;
  }
}
