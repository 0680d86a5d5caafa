/**
 * Behaviour shared by the character and NPC sheets: edit / play mode, roll buttons, the
 * health track, equipping, item rows (open, create, delete with confirmation) and drag and
 * drop (species with their choice dialog, sorting, moving gear between actors). The click and
 * drop handlers live in actor-actions.ts.
 */
import type { SheetChoices } from "../context/choices";
import type { SheetOptions } from "../context/source-types";
import { currentChoices } from "../choices-registry";
import { combatActionsFor, combatCountersFor } from "../../combat/actions";
import { deathTrayFor } from "../../combat/death-tray";
import { actorActions } from "./actor-actions";
import type { EquipSlot } from "../../config";
import { busyActions, sheetActions, type ActionHandler } from "./busy";
import { reportInvalidDrop } from "./drop-errors";
import { FormEdits } from "./form-edits";
import { guardSubmit, guardSubmitAsync } from "./form-errors";
import { isDocumentRender, StaleParts, tabbedSheetParts, type PartRenderOptions } from "./render-parts";
import { HandlebarsActorSheet } from "./sheet-bases";
import { MACRO_MENU_ROWS, macroMenuEntries, macroDragData } from "./macro-entries";


type ItemDoc = Item.Implementation;
type FormDataLike = foundry.applications.ux.FormDataExtended;
type ReplaceArgs = Parameters<foundry.applications.api.ApplicationV2["_replaceHTML"]>;
type ActorSheetContext = foundry.applications.sheets.ActorSheetV2.RenderContext;
export type SheetDefaults = foundry.applications.api.DocumentSheetV2.DefaultOptions;

interface StoredActorSystem {
  health: { hits: number; vitalsLost: number; capacity: number; vitalsMax: number };
  equipped: Record<EquipSlot, string>;
  biography?: string;
}

/** A click action; cast so the options' type does not depend on the class being declared. */
type SheetAction = (event: PointerEvent, target: HTMLElement) => Promise<void>;

export abstract class ClockworkActorSheet extends HandlebarsActorSheet {
  static override DEFAULT_OPTIONS: SheetDefaults = {
    classes: ["clockwork", "sheet", "actor"],
    window: { resizable: true },
    form: { submitOnChange: true },
    // Busy while pending: a second click on a control whose action runs does nothing.
    actions: busyActions({
      toggleMode: ClockworkActorSheet.#onToggleMode as SheetAction,
      ...sheetActions({
        rollSkill: actorActions.rollSkill,
        rollAttack: actorActions.rollAttack,
        castSpell: actorActions.castSpell,
        editItem: actorActions.editItem,
        deleteItem: actorActions.deleteItem,
        createItem: actorActions.createItem,
        equipWeapon: actorActions.equip,
        equipArmor: actorActions.equip,
        equipArtifact: actorActions.equipArtifact,
        toggleVital: actorActions.healthClick,
        setHits: actorActions.healthClick,
        rollDeathTray: actorActions.rollDeathTray,
        configureSpecies: actorActions.configureSpecies,
        toggleHealthStatus: actorActions.toggleHealthStatus,
        combatAction: actorActions.combatAction,
      }),
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

  /**
   * Draws this sheet once off the page and throws the drawing away, so that its first real
   * opening finds warm code, laid-out styles and cached formatters (issue 33 item 6: the first
   * sheet took twice as long as the second). Runs the sheet's own context and parts, touches
   * no document and calls no render hook; a sheet already open needs none.
   */
  async warmUp(): Promise<void> {
    if (this.rendered || !globalThis.document) return;
    const options = { parts: this.#partIds, isFirstRender: true, force: true } as never;
    // Core's Handlebars mixin learns the parts it may draw here, as on every render.
    this._configureRenderOptions(options);
    const context = await this._prepareContext(options);
    const parts = await (this as unknown as { _renderHTML(c: unknown, o: unknown): Promise<Record<string, HTMLElement>> })._renderHTML(context, options);
    const frame = document.createElement("div");
    frame.className = ["application", ...this.options.classes].join(" ");
    frame.inert = true;
    const { width, height } = this.options.position;
    Object.assign(frame.style, {
      position: "fixed", left: "-20000px", top: "0", visibility: "hidden", pointerEvents: "none",
      width: `${typeof width === "number" ? width : 800}px`, height: `${typeof height === "number" ? height : 800}px`,
    });
    const content = document.createElement("section");
    content.className = "window-content";
    content.append(...Object.values(parts));
    frame.append(content);
    document.body.append(frame);
    try {
      void frame.offsetHeight;
    } finally {
      frame.remove();
    }
  }

  /** Options only a concrete sheet knows (the character's XP log). */
  protected extraSheetOptions(): Partial<SheetOptions> {
    return {};
  }

  /** The pure context of the concrete sheet. */
  protected abstract buildSheetContext(options: SheetOptions, choices: SheetChoices): object;

  protected override async _prepareContext(
    options: Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0],
  ): Promise<ActorSheetContext> {
    const base = await super._prepareContext(options);
    const parts = (options as PartRenderOptions).parts;
    const drawn = (...ids: string[]): boolean => !parts || ids.some((id) => parts.includes(id));
    // Enriching and the action list cost the most; only the tabs that show them pay for them.
    const enrichedBiography = drawn("biography", "notes")
      ? await foundry.applications.ux.TextEditor.implementation.enrichHTML(this.stored.biography ?? "", { secrets: this.actor.isOwner, relativeTo: this.actor })
      : "";
    const context = this.buildSheetContext({
      editable: this.isEditable,
      editMode: this.editMode,
      activeTab: this.tabGroups.primary ?? undefined,
      // Only the drawn tabs' context: after a document change, the header and the active tab.
      parts,
      enrichedBiography,
      gm: game.user?.isGM === true,
      ...this.extraSheetOptions(),
    }, currentChoices());
    // Play mode: the combat actions with their costs now (owners only: they are the ones who act).
    if (!this.editMode && this.actor.isOwner && drawn("main")) {
      Object.assign(context, { combatActions: combatActionsFor(this.actor as never) });
    }
    // In a running combat with a combatant: its counters in the header (every part draw: the header always is).
    Object.assign(context, { combatCounters: combatCountersFor(this.actor as never) });
    // Dying: the death-roll tray, for everyone who sees the sheet (allies read what they can do).
    if (!this.editMode && drawn("main")) Object.assign(context, { deathTray: deathTrayFor(this.actor as never) });
    return Object.assign(base, context);
  }

  /** The form as drawn: a submit sends only the fields the user changed (form-edits.ts). */
  readonly #edits = new FormEdits();

  protected override _replaceHTML(...[result, content, options]: ReplaceArgs): void {
    const typed = this.#edits.typed(this.form);
    super._replaceHTML(result, content, options);
    this.#edits.drawn(this.form, Object.values(result as Record<string, HTMLElement>), typed);
  }

  protected override _processFormData(event: SubmitEvent | null, form: HTMLFormElement, formData: FormDataLike): object {
    const process = (object: Record<string, unknown>) => super._processFormData(event, form, { object } as unknown as FormDataLike) as Record<string, unknown>;
    return this.#edits.changed(formData.object as Record<string, unknown>, process);
  }

  protected override _prepareSubmitData(...args: Parameters<foundry.applications.api.DocumentSheetV2.Any["_prepareSubmitData"]>): object {
    return guardSubmit(this, () => super._prepareSubmitData(...args), {});
  }

  protected override async _processSubmitData(...args: Parameters<foundry.applications.api.DocumentSheetV2.Any["_processSubmitData"]>): Promise<void> {
    await guardSubmitAsync(this, () => super._processSubmitData(...args), this.actor);
  }

  /**
   * The rows' context menu: "Add to hotbar" on what makes a macro (./macro-entries.ts). Core calls
   * `get<SheetClass>RowContextOptions(app, entries)` for modules to add theirs (ApplicationV2#_createContextMenu).
   */
  protected override async _onFirstRender(...args: Parameters<foundry.applications.api.ApplicationV2["_onFirstRender"]>): Promise<void> {
    await super._onFirstRender(...args);
    this._createContextMenu(() => macroMenuEntries(this.actor) as never, MACRO_MENU_ROWS, { hookName: "get{}RowContextOptions", fixed: true, jQuery: false } as never);
  }

  /* ------------------------------------------------------------------ drag and drop */

  /**
   * A skill row or a combat action carries the macro it makes (src/macros); item rows keep
   * core's item drag data. Declared by ActorSheetV2 in v13; the installed types predate it.
   */
  protected async _onDragStart(event: DragEvent): Promise<void> {
    const data = macroDragData(event.currentTarget as HTMLElement | null, this.actor);
    if (data) {
      event.dataTransfer?.setData("text/plain", JSON.stringify(data));
      return;
    }
    const core = (HandlebarsActorSheet.prototype as unknown as { _onDragStart(this: unknown, event: DragEvent): Promise<void> })._onDragStart;
    return core.call(this, event);
  }

  /**
   * Core loads the dropped document before any handler runs; an invalid entry throws there,
   * unseen by the user. Declared by ActorSheetV2 in v13; the installed types predate it.
   */
  protected async _onDrop(event: DragEvent): Promise<unknown> {
    const core = (HandlebarsActorSheet.prototype as unknown as { _onDrop(this: unknown, event: DragEvent): Promise<unknown> })._onDrop;
    try {
      return await core.call(this, event);
    } catch (error) {
      if (!reportInvalidDrop(event, error)) throw error;
      return null;
    }
  }

  /** Declared by ActorSheetV2 in v13; the installed types predate it, so no `override`. */
  protected async _onDropItem(event: DragEvent, item: ItemDoc): Promise<ItemDoc | null> {
    return actorActions.dropItem(this, event, item);
  }

  /** A dropped effect or status goes through the conditions, never as a raw copy (actor-actions.ts). */
  protected async _onDropActiveEffect(_event: DragEvent, effect: ActiveEffect.Implementation): Promise<unknown> {
    return actorActions.dropEffect(this, effect as never);
  }

  /* ------------------------------------------------------------------ actions */

  static async #onToggleMode(this: ClockworkActorSheet): Promise<void> {
    this.#editMode = !this.editMode;
    await this.render();
  }
}
