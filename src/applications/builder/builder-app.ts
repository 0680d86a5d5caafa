/**
 * The character builder window (ApplicationV2): one part per creation step plus the step
 * navigation, the live numbers and the buttons. Every edit goes through `applyChange`; an
 * illegal pick is refused with its reasons and the rest of the draft stays. The draft is
 * stored on the actor as `flags.clockwork.builderDraft` after every accepted change, so
 * closing the window loses nothing; the character itself is written only by "Create".
 */
import { creationWarnings } from "../../rules";
import { confirm, currentUser, hooks, localize, notify, resolveUuid } from "../../foundry";
import { currentChoices } from "../choices-registry";
import type { BrowserEntry, BrowserFilters } from "./browser-core";
import { BUILDER_SCOPE, DRAFT_FLAG } from "./build-data";
import { buildBuilderContext, EMPTY_VIEW, rulesEntries, type BuilderCatalog, type BuilderViewState } from "./builder-context";
import { flattenForm, parseBuilderForm } from "./builder-form";
import { catalogFrom, loadBrowserEntries, worldSpeciesEntries } from "./catalog";
import { commitBuild } from "./commit";
import { suggestedFocusEntries } from "./focus-suggestions";
import { settingModules } from "../../setting-modules/load";
import { BUILDER_TEMPLATES } from "./templates";
import { applyChange, applyChanges, loadDraft, neighbourStep, type BuilderChange, type BuilderDraft, type CatalogEntry } from "./draft";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

type RenderOptions = Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0];
type Action = (this: ClockworkCharacterBuilder, event: PointerEvent, target: HTMLElement) => Promise<void>;


interface FlagActor {
  getFlag(scope: string, key: string): unknown;
  setFlag(scope: string, key: string, value: unknown): Promise<unknown>;
}

/** Index rows shared by every builder and browser window of this client. */
let entriesCache: Promise<BrowserEntry[]> | null = null;

/** The compendium rows, read once per session (packs do not change while a world runs). */
export function browserEntries(): Promise<BrowserEntry[]> {
  entriesCache ??= loadBrowserEntries().catch((error: unknown) => {
    entriesCache = null;
    throw error;
  });
  return entriesCache;
}

/** A setting module's title by id, for the mark on its suggestions. */
const moduleTitle = (id: string): string => settingModules().find((m) => m.id === id)?.title ?? id;

export class ClockworkCharacterBuilder extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    id: "clockwork-builder-{id}",
    classes: ["clockwork", "cw-builder"],
    tag: "form",
    window: { icon: "fa-solid fa-hammer", resizable: true },
    position: { width: 960, height: 780 },
    form: { handler: ClockworkCharacterBuilder.#onSubmit, submitOnChange: true, closeOnSubmit: false },
    actions: {
      goto: ClockworkCharacterBuilder.#onGoto as Action,
      next: ClockworkCharacterBuilder.#onNext as Action,
      back: ClockworkCharacterBuilder.#onBack as Action,
      pickSpecies: ClockworkCharacterBuilder.#onPickSpecies as Action,
      toggleSpeciesSkill: ClockworkCharacterBuilder.#onToggleSpeciesSkill as Action,
      toggleGrant: ClockworkCharacterBuilder.#onToggleGrant as Action,
      toggleFocus: ClockworkCharacterBuilder.#onToggleFocus as Action,
      addFeature: ClockworkCharacterBuilder.#onFeature as Action,
      removeFeature: ClockworkCharacterBuilder.#onFeature as Action,
      addSpell: ClockworkCharacterBuilder.#onSpell as Action,
      removeSpell: ClockworkCharacterBuilder.#onSpell as Action,
      buy: ClockworkCharacterBuilder.#onBuy as Action,
      removeGear: ClockworkCharacterBuilder.#onRemoveGear as Action,
      equip: ClockworkCharacterBuilder.#onEquip as Action,
      confirm: ClockworkCharacterBuilder.#onConfirm as Action,
    },
  };

  static override PARTS = Object.fromEntries(Object.entries(BUILDER_TEMPLATES).map(([part, template]) => [part, { template, scrollable: part === "nav" || part === "footer" ? [] : [""] }]));

  readonly actor: Actor.Implementation;
  #draft: BuilderDraft;
  #view: BuilderViewState = EMPTY_VIEW;
  #catalog: BuilderCatalog | null = null;
  #entries: readonly BrowserEntry[] = [];
  /** The compendium rows (read once); world species and dropped ones are added at each render. */
  #packEntries: readonly BrowserEntry[] | null = null;
  /** Species dropped on the window from elsewhere (an actor's item), kept for this window. */
  #dropped: BrowserEntry[] = [];

  constructor(options: { actor: Actor.Implementation } & Record<string, unknown>) {
    const { actor, ...rest } = options;
    super({ ...rest, actorId: actor.id } as never);
    this.actor = actor;
    this.#draft = loadDraft((actor as FlagActor).getFlag(BUILDER_SCOPE, DRAFT_FLAG), actor.name);
  }

  /** One window per actor: core numbers windows itself, so the id comes from the actor here. */
  protected override _initializeApplicationOptions(options: never): never {
    const initialized = super._initializeApplicationOptions(options) as { uniqueId: string };
    const actorId = (options as { actorId?: string }).actorId;
    if (actorId) initialized.uniqueId = actorId;
    return initialized as never;
  }

  /** Opens (or brings forward) the builder of an actor the user owns. */
  static async open(actor: Actor.Implementation): Promise<ClockworkCharacterBuilder | null> {
    if (actor.type !== "character") {
      notify("warn", "CLOCKWORK.Builder.Error.NotCharacter", { name: actor.name });
      return null;
    }
    if (!actor.isOwner) {
      notify("warn", "CLOCKWORK.Builder.Error.NotOwner", { name: actor.name });
      return null;
    }
    if (actor.items.size > 0) {
      notify("warn", "CLOCKWORK.Builder.Error.Populated", { name: actor.name });
      return null;
    }
    const existing = foundry.applications.instances.get(`clockwork-builder-${actor.id}`) as ClockworkCharacterBuilder | undefined;
    if (existing) {
      existing.bringToFront();
      return existing;
    }
    const builder = new ClockworkCharacterBuilder({ actor });
    await builder.render({ force: true });
    return builder;
  }

  /** Hooks that redraw the window when a world species changes, removed on close. */
  #speciesHooks: (readonly [string, number])[] = [];

  protected override _onClose(options: never): void {
    for (const [name, id] of this.#speciesHooks) hooks().off(name, id);
    this.#speciesHooks = [];
    super._onClose(options);
  }

  /** The draft as it stands (for tests and macros). */
  get draft(): BuilderDraft {
    return this.#draft;
  }

  override get title(): string {
    return localize("CLOCKWORK.Builder.Title", { name: this.#draft.build.name || this.actor.name });
  }

  protected override async _prepareContext(options: RenderOptions): Promise<never> {
    const base = await super._prepareContext(options);
    this.#packEntries ??= await browserEntries();
    // Custom species live in the world's Items: read them each time, approval included.
    const world = worldSpeciesEntries();
    const known = new Set([...this.#packEntries, ...world].map((e) => e.uuid));
    const found = [...this.#packEntries, ...world, ...this.#dropped.filter((e) => !known.has(e.uuid))];
    // Setting modules' focus suggestions, offered beside the packs' foci (focus-suggestions.ts).
    const suggested = suggestedFocusEntries(currentChoices(), found, localize, moduleTitle).map((e): BrowserEntry => ({ ...e, pack: "", packLabel: "" }));
    this.#entries = [...found, ...suggested];
    this.#catalog = catalogFrom(this.#entries);
    await this.#enrichRules();
    const rules = (uuid: string) => this.#rules.get(uuid) ?? "";
    const viewer = { isGM: currentUser<{ isGM: boolean }>()?.isGM === true };
    const context = buildBuilderContext(this.#draft, this.#catalog, this.#view, currentChoices(), localize, rules, viewer);
    return { ...base, ...context } as never;
  }

  /** Enriched rules texts by entry UUID, made once per window (packs do not change while it is open). */
  #rules = new Map<string, string>();

  /** Enriches the descriptions the current step shows, as the item sheet does an item's. */
  async #enrichRules(): Promise<void> {
    const missing = rulesEntries(this.#draft, this.#catalog!, this.#view).filter((e) => !this.#rules.has(e.uuid));
    const editor = foundry.applications.ux.TextEditor.implementation;
    await Promise.all(missing.map(async (e) => {
      const description = typeof e.system.description === "string" ? e.system.description : "";
      this.#rules.set(e.uuid, description.trim() ? await editor.enrichHTML(description, { secrets: false }) : "");
    }));
  }

  #entry(uuid: string | undefined): CatalogEntry | undefined {
    return uuid ? this.#entries.find((e) => e.uuid === uuid) : undefined;
  }

  /** Applies changes, keeps the draft (or the refusal) and re-renders. */
  async change(changes: readonly BuilderChange[]): Promise<void> {
    if (changes.length === 0) return;
    // This render shows any filter change held back for a press (see #filtersChanged).
    this.#heldRender = false;
    const result = changes.length === 1 ? applyChange(this.#draft, changes[0]) : applyChanges(this.#draft, changes);
    this.#view = { ...this.#view, refused: result.refused };
    if (result.draft !== this.#draft) {
      this.#draft = result.draft;
      await (this.actor as FlagActor).setFlag(BUILDER_SCOPE, DRAFT_FLAG, this.#draft);
    }
    // Core sets the frame's title on the first render only: a typed name shows at once.
    await this.render({ window: { title: this.title } } as never);
  }

  /** The field whose change submits the form; only it (or its filter group) is read. */
  #changed: string | null = null;

  protected override _onChangeForm(formConfig: never, event: Event): void {
    this.#changed = (event.target as HTMLInputElement | null)?.name || null;
    super._onChangeForm(formConfig, event);
  }

  static async #onSubmit(this: ClockworkCharacterBuilder, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }): Promise<void> {
    const parsed = parseBuilderForm(onlyChanged(formData.object, this.#changed), this.#draft, (uuid) => this.#entry(uuid));
    this.#changed = null;
    const filters: Partial<BuilderViewState> = {};
    const spell = parsed.spellFilters ? { ...this.#view.spellFilters, ...parsed.spellFilters } : null;
    const gear = parsed.gearFilters ? { ...this.#view.gearFilters, ...parsed.gearFilters } : null;
    if (spell && !sameFilters(spell, this.#view.spellFilters)) filters.spellFilters = spell;
    if (gear && !sameFilters(gear, this.#view.gearFilters)) filters.gearFilters = gear;
    this.#view = { ...this.#view, ...filters };
    if (parsed.changes.length) await this.change(parsed.changes);
    else if (Object.keys(filters).length) await this.#filtersChanged();
  }

  /** A pointer pressed in the window and not yet released. */
  #pressed = false;
  /** A filter change waiting for that press to end. */
  #heldRender = false;

  /**
   * A search typed and then left by pressing a button ("+") changes the filter on blur, between
   * the press and its click: redrawn then, the list would replace the button under the pointer
   * and swallow the click. While a press lasts the redraw waits; the click's own change draws it.
   */
  async #filtersChanged(): Promise<void> {
    if (!this.#pressed) return void (await this.render());
    this.#heldRender = true;
  }

  /**
   * Picks the species a UUID points at: a compendium entry, a world item (a custom species in
   * the Items sidebar) or an actor's species. The window's drop does this; so can a macro.
   * False (and the user told why) when it is not a species.
   */
  async pickSpeciesFromUuid(uuid: string): Promise<boolean> {
    let entry: CatalogEntry | undefined = this.#entry(uuid);
    if (!entry) {
      const doc = await resolveUuid<{ uuid: string; name: string; type: string; img?: string | null; toObject(): { system?: unknown } }>(uuid);
      if (!doc) {
        notify("warn", "CLOCKWORK.Builder.Species.NotFound", { uuid });
        return false;
      }
      const system = (doc.toObject().system ?? {}) as Record<string, unknown>;
      const dropped: BrowserEntry = { uuid: doc.uuid, name: doc.name, type: doc.type, img: doc.img ?? undefined, system, pack: "dropped", packLabel: "" };
      if (dropped.type === "species") this.#dropped.push(dropped);
      entry = dropped;
    }
    if (entry.type !== "species") {
      notify("warn", "CLOCKWORK.Builder.Species.NotSpecies", { name: entry.name });
      return false;
    }
    const changes: BuilderChange[] = [];
    if (this.#draft.step !== "species") changes.push({ kind: "step", step: "species" });
    if (entry.uuid !== this.#draft.build.species?.id) changes.push({ kind: "species", entry });
    if (changes.length) await this.change(changes);
    else await this.render();
    return true;
  }

  async #onDrop(event: DragEvent): Promise<void> {
    const data = foundry.applications.ux.TextEditor.implementation.getDragEventData(event) as { type?: string; uuid?: string };
    if (data.type !== "Item" || !data.uuid) return;
    event.preventDefault();
    await this.pickSpeciesFromUuid(data.uuid);
  }

  protected override async _onFirstRender(context: never, options: never): Promise<void> {
    await super._onFirstRender(context, options);
    // A species dragged from the Items sidebar or a compendium onto the window is picked.
    this.element.addEventListener("dragover", (event) => event.preventDefault());
    this.element.addEventListener("drop", (event) => void this.#onDrop(event));
    // The GM approving (or a player editing) a world species shows at once.
    const redraw = (item: { type?: string; parent?: unknown }) => {
      if (item.type === "species" && !item.parent && this.rendered) void this.render();
    };
    this.#speciesHooks = (["createItem", "updateItem", "deleteItem"] as const).map((name) => [name, hooks().on(name, redraw as never)] as const);
    // Released anywhere (also outside the window): after its click, draw what was held back.
    const release = () => {
      document.removeEventListener("pointerup", release, true);
      document.removeEventListener("pointercancel", release, true);
      setTimeout(() => {
        this.#pressed = false;
        if (!this.#heldRender) return;
        this.#heldRender = false;
        void this.render();
      }, 0);
    };
    this.element.addEventListener("pointerdown", () => {
      this.#pressed = true;
      document.addEventListener("pointerup", release, true);
      document.addEventListener("pointercancel", release, true);
    }, { capture: true });
  }

  static async #onGoto(this: ClockworkCharacterBuilder, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.change([{ kind: "step", step: target.dataset.step ?? "" }]);
  }

  static async #onNext(this: ClockworkCharacterBuilder): Promise<void> {
    await this.change([{ kind: "step", step: neighbourStep(this.#draft.step, 1) }]);
  }

  static async #onBack(this: ClockworkCharacterBuilder): Promise<void> {
    await this.change([{ kind: "step", step: neighbourStep(this.#draft.step, -1) }]);
  }

  static async #onPickSpecies(this: ClockworkCharacterBuilder, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const entry = this.#entry(target.dataset.uuid);
    if (entry && entry.uuid !== this.#draft.build.species?.id) await this.change([{ kind: "species", entry }]);
  }

  static async #onToggleSpeciesSkill(this: ClockworkCharacterBuilder, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const skill = target.dataset.skill ?? "";
    await this.change([{ kind: "speciesSkill", skill, on: !this.#draft.build.speciesBonusSkills.includes(skill) }]);
  }

  static async #onToggleGrant(this: ClockworkCharacterBuilder, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.dataset.uuid ?? "";
    const entry = this.#entry(id);
    const identifier = typeof entry?.system.identifier === "string" ? entry.system.identifier : undefined;
    await this.change([{ kind: "grant", id, on: !this.#draft.build.grants.includes(id), label: entry?.name, identifier }]);
  }

  static async #onToggleFocus(this: ClockworkCharacterBuilder, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const entry = this.#entry(target.dataset.uuid);
    if (entry) await this.change([{ kind: "focus", entry, on: !this.#draft.build.foci.some((f) => f.id === entry.uuid) }]);
  }

  static async #onFeature(this: ClockworkCharacterBuilder, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const entry = this.#entry(target.dataset.uuid);
    if (entry) await this.change([{ kind: "feature", entry, on: target.dataset.action === "addFeature" }]);
  }

  static async #onSpell(this: ClockworkCharacterBuilder, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const entry = this.#entry(target.dataset.uuid);
    if (!entry) return;
    // A paired heading is one purchase: both halves come and go together.
    const pairId = typeof entry.system.pair === "string" ? entry.system.pair : "";
    const pair = pairId ? this.#catalog?.spells.find((e) => e.system.identifier === pairId) : undefined;
    await this.change([{ kind: "spell", entry, on: target.dataset.action === "addSpell", pair }]);
  }

  static async #onBuy(this: ClockworkCharacterBuilder, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const entry = this.#entry(target.dataset.uuid);
    if (!entry) return;
    const owned = this.#draft.build.equipment.find((g) => g.id === entry.uuid)?.quantity ?? 0;
    await this.change([{ kind: "gear", entry, quantity: owned + 1 }]);
  }

  static async #onRemoveGear(this: ClockworkCharacterBuilder, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const entry = this.#entry(target.dataset.uuid);
    if (entry) await this.change([{ kind: "gear", entry, quantity: 0 }]);
  }

  static async #onEquip(this: ClockworkCharacterBuilder, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.dataset.uuid ?? "";
    const gear = this.#draft.build.equipment.find((g) => g.id === id);
    if (gear) await this.change([{ kind: "equip", id, on: !gear.equipped }]);
  }

  static async #onConfirm(this: ClockworkCharacterBuilder): Promise<void> {
    // Points creation does not keep: the player says so before they are gone.
    const unspent = creationWarnings(this.#draft.build).find((w) => w.code === "unspentCp");
    if (unspent && !(await confirm("CLOCKWORK.Builder.Warning.UnspentTitle", "CLOCKWORK.Builder.Warning.UnspentConfirm", { value: unspent.value, limit: unspent.limit }))) return;
    try {
      await commitBuild(this.actor, this.#draft);
    } catch (error) {
      notify("error", "CLOCKWORK.Builder.Error.Commit", { details: error instanceof Error ? error.message : String(error) });
      return;
    }
    notify("info", "CLOCKWORK.Builder.Created", { name: this.#draft.build.name });
    await this.close();
    await this.actor.sheet?.render(true);
  }
}

/**
 * One change edits one field: reading only it keeps a stale or half-drawn control elsewhere in
 * the form from undoing other choices (filters included).
 */
function onlyChanged(form: Record<string, unknown>, changed: string | null): Record<string, unknown> {
  if (!changed) return form;
  const flat = flattenForm(form);
  return Object.hasOwn(flat, changed) ? { [changed]: flat[changed] } : {};
}

function sameFilters(a: Partial<BrowserFilters>, b: Partial<BrowserFilters>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof BrowserFilters>;
  for (const key of keys) if ((a[key] ?? "") !== (b[key] ?? "")) return false;
  return true;
}
