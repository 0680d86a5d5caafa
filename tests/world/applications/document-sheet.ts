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
 * ActorSheetV2 (v13 `client/applications/sheets/actor-sheet.mjs`): `actor`, drag and drop on
 * the whole sheet: `_onDrop` reads `{type, uuid}` from the event, asks the
 * `dropActorSheetData` hook, resolves the document with `getDocumentClass(type).fromDropData`
 * and routes it through `_onDropDocument` to `_onDropItem(event, item)`, `_onDropActor`,
 * `_onDropActiveEffect`, `_onDropFolder`; the default `_onDropItem` creates a copy on the actor
 * (owners only) or sorts within it. Draw Steel's `document-sheet.mjs` mirrors the routing.
 *
 * Not modelled: header buttons (configure sheet, copy UUID, token, image popout), FilePicker
 * for `editImage`, ProseMirror secrets, sheet themes, V1 constructor arguments, creating a
 * document from an unsaved sheet (`canCreate`).
 */
import { ApplicationV2, type ApplicationConfiguration, type RenderOptions } from "./application";
import { TextEditor } from "./text-editor";
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
  };

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

  protected override async _onRender(context: Record<string, unknown>, options: RenderOptions): Promise<void> {
    await super._onRender(context, options);
    // Core binds a DragDrop with no drop selector: the whole sheet is a drop zone. Assigning
    // the handlers (not adding listeners) means re-renders do not stack them.
    this.element.ondragover = (event) => { if (this._canDragDrop(null)) event.preventDefault(); };
    this.element.ondrop = (event) => {
      if (!this._canDragDrop(null)) return;
      event.preventDefault();
      void this._onDrop(event as DragEvent).catch((error: unknown) => console.error(error));
    };
  }

  protected _canDragStart(_selector: string | null): boolean {
    return this.isEditable;
  }

  protected _canDragDrop(_selector: string | null): boolean {
    return this.isEditable;
  }

  protected async _onDrop(event: DragEvent): Promise<unknown> {
    const data = TextEditor.getDragEventData(event) as { type?: string };
    const allowed = rt().Hooks.call("dropActorSheetData", this.actor, this, data);
    if (allowed === false) return undefined;
    const cls = data.type ? documentClass(data.type) : null;
    const impl = cls?.implementation ?? cls;
    if (impl?.fromDropData) {
      const document = await impl.fromDropData(data);
      if (document) return this._onDropDocument(event, document as DropDocument);
    }
    return data;
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

  protected async _onDropActiveEffect(_event: DragEvent, _effect: RuntimeDocument): Promise<unknown> {
    return null;
  }

  protected async _onDropActor(_event: DragEvent, _actor: RuntimeDocument): Promise<unknown> {
    return null;
  }

  protected async _onDropFolder(_event: DragEvent, _folder: RuntimeDocument): Promise<unknown> {
    return null;
  }

  protected async _onDropItem(_event: DragEvent, item: RuntimeDocument): Promise<unknown> {
    const actor = this.actor;
    if (!actor.isOwner) return null;
    if (actor.uuid === item.parent?.uuid) return null;
    const cls = documentClass("Item");
    const created = await (cls?.implementation ?? cls)?.create?.(item.toObject(), { parent: actor });
    return created ?? null;
  }
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
