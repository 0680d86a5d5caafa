/**
 * "Build by the recipe" (issue 31 item 3): a small window opened from a species' sheet where the
 * owner sets the size, the +1 resistance, the three bonus skills and the special ability, with
 * the recipe's limits checked and explained as they type (context/species-recipe.ts). Save
 * writes the species, marked custom. The GM also sees the approval toggle; a player sees its
 * state. Edits stay in the window until saved; a refused write keeps them.
 */
import { currentUser, getConfig, localize, notify, updateDocument } from "../../foundry";
import { flattenForm } from "../builder/builder-form";
import { currentChoices } from "../choices-registry";
import { RECIPE_TEMPLATE, buildRecipeContext, readRecipeForm, recipeDraft, recipeFormObject, recipeUpdate, type RecipeKind } from "../context/species-recipe";
import type { RecipeSpecies } from "../../rules";
import type { SpeciesAbilityKindEntry } from "../../config";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

type RenderOptions = Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0];
type Action = (this: ClockworkSpeciesRecipe, event: PointerEvent, target: HTMLElement) => Promise<void>;

interface SpeciesItem {
  id: string | null;
  uuid: string;
  name: string;
  type: string;
  isOwner: boolean;
  system: unknown;
  _source: { system: Record<string, unknown> };
  update(changes: object): Promise<unknown>;
}

/** The configured ability kinds, setting modules' included. */
function abilityKinds(): RecipeKind[] {
  const list = ((getConfig().CLOCKWORK as { speciesAbilityKinds?: Record<string, Partial<SpeciesAbilityKindEntry>> } | undefined)?.speciesAbilityKinds) ?? {};
  return Object.entries(list).map(([key, entry]) => ({ key, label: entry.label ?? key, hint: entry.hint, mechanical: entry.mechanical === true }));
}

const isGM = (): boolean => currentUser<{ isGM: boolean }>()?.isGM === true;

export class ClockworkSpeciesRecipe extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    id: "clockwork-species-recipe-{id}",
    classes: ["clockwork", "cw-recipe"],
    tag: "form",
    window: { icon: "fa-solid fa-flask", resizable: true },
    position: { width: 620, height: 760 },
    form: { handler: ClockworkSpeciesRecipe.#onSubmit, submitOnChange: false, closeOnSubmit: false },
    actions: {
      approve: ClockworkSpeciesRecipe.#onApprove as Action,
    },
  };

  static override PARTS = { body: { template: RECIPE_TEMPLATE, scrollable: [""] } };

  readonly item: SpeciesItem;
  #draft: RecipeSpecies;

  constructor(options: { item: SpeciesItem } & Record<string, unknown>) {
    const { item, ...rest } = options;
    super({ ...rest, itemId: item.id } as never);
    this.item = item;
    this.#draft = recipeDraft(item._source.system);
  }

  /** One window per species. */
  protected override _initializeApplicationOptions(options: never): never {
    const initialized = super._initializeApplicationOptions(options) as { uniqueId: string };
    const itemId = (options as { itemId?: string }).itemId;
    if (itemId) initialized.uniqueId = itemId;
    return initialized as never;
  }

  /** Opens (or brings forward) the recipe window of a species. */
  static async open(item: SpeciesItem): Promise<ClockworkSpeciesRecipe> {
    const existing = foundry.applications.instances.get(`clockwork-species-recipe-${item.id}`) as ClockworkSpeciesRecipe | undefined;
    if (existing) {
      existing.bringToFront();
      return existing;
    }
    const app = new ClockworkSpeciesRecipe({ item });
    await app.render({ force: true });
    return app;
  }

  override get title(): string {
    return localize("CLOCKWORK.Recipe.Title", { name: this.item.name });
  }

  /** The recipe as edited so far (for tests and macros). */
  get draft(): RecipeSpecies {
    return this.#draft;
  }

  protected override async _prepareContext(options: RenderOptions): Promise<never> {
    const base = await super._prepareContext(options);
    const approved = this.item._source.system.approved === true;
    const context = buildRecipeContext(this.item.name, this.#draft, approved, abilityKinds(), currentChoices(), localize, { isGM: isGM(), editable: this.item.isOwner });
    return { ...base, ...context } as never;
  }

  /** Reads the control that changed (only it: the rest is already in the draft). */
  #read(name: string): void {
    if (!this.form || !name) return;
    const flat = flattenForm(new foundry.applications.ux.FormDataExtended(this.form).object as Record<string, unknown>);
    if (!(name in flat)) return;
    this.#draft = readRecipeForm(this.#draft, recipeFormObject({ [name]: flat[name] }, this.#draft));
  }

  /** Every change checks the recipe again and shows why a limit is broken. */
  protected override _onChangeForm(formConfig: never, event: Event): void {
    super._onChangeForm(formConfig, event);
    this.#read((event.target as HTMLInputElement | null)?.name ?? "");
    void this.render();
  }

  static async #onSubmit(this: ClockworkSpeciesRecipe): Promise<void> {
    const result = await updateDocument(this.item as never, { system: recipeUpdate(this.#draft) });
    if (result === "refused") return void (await this.render());
    notify("info", "CLOCKWORK.Recipe.Saved", { name: this.item.name });
    this.#draft = recipeDraft(this.item._source.system);
    await this.render();
  }

  /** The GM's toggle: approve or withdraw (the write rules refuse it to anyone else). */
  static async #onApprove(this: ClockworkSpeciesRecipe): Promise<void> {
    if (!isGM()) return notify("warn", "CLOCKWORK.Recipe.Approval.GMOnly");
    const approved = this.item._source.system.approved === true;
    await updateDocument(this.item as never, { system: { approved: !approved, custom: true } });
    await this.render();
  }
}
