/**
 * The compendium browser window: every item of every Item pack (the system's and any a fork or
 * module adds), read from the pack indexes, filtered and searched; rows drag onto sheets like
 * compendium entries, and a click opens the item.
 */
import { localize, resolveUuid } from "../../foundry";
import { currentChoices } from "../choices-registry";
import { dragData, EMPTY_FILTERS, filtersFromForm, type BrowserEntry, type BrowserFilters } from "./browser-core";
import { buildBrowserContext } from "./browser-context";
import { browserEntries } from "./builder-app";
import { flattenForm } from "./builder-form";
import { BROWSER_TEMPLATES } from "./templates";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

type RenderOptions = Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0];
type Action = (this: ClockworkCompendiumBrowser, event: PointerEvent, target: HTMLElement) => Promise<void>;

export class ClockworkCompendiumBrowser extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    id: "clockwork-compendium-browser",
    classes: ["clockwork", "cw-browser"],
    tag: "form",
    window: { icon: "fa-solid fa-book-open", title: "CLOCKWORK.Browser.Title", resizable: true },
    position: { width: 760, height: 720 },
    form: { handler: ClockworkCompendiumBrowser.#onSubmit, submitOnChange: true, closeOnSubmit: false },
    actions: {
      clearFilters: ClockworkCompendiumBrowser.#onClear as Action,
      openEntry: ClockworkCompendiumBrowser.#onOpenEntry as Action,
    },
  };

  static override PARTS = {
    filters: { template: BROWSER_TEMPLATES.filters },
    results: { template: BROWSER_TEMPLATES.results, scrollable: [""] },
  };

  #filters: BrowserFilters;
  #entries: readonly BrowserEntry[] = [];
  /** Milliseconds from opening to the first rendered list (for the selftest and benches). */
  openedIn: number | null = null;
  #started = performance.now();

  constructor(options: { filters?: Partial<BrowserFilters> } & Record<string, unknown> = {}) {
    const { filters, ...rest } = options;
    super(rest as never);
    this.#filters = { ...EMPTY_FILTERS, ...filters };
  }

  /** Opens the browser (or brings it forward with new filters). */
  static async open(filters: Partial<BrowserFilters> = {}): Promise<ClockworkCompendiumBrowser> {
    const existing = foundry.applications.instances.get("clockwork-compendium-browser") as ClockworkCompendiumBrowser | undefined;
    if (existing) {
      existing.#filters = { ...EMPTY_FILTERS, ...filters };
      await existing.render();
      existing.bringToFront();
      return existing;
    }
    const app = new ClockworkCompendiumBrowser({ filters });
    await app.render({ force: true });
    return app;
  }

  protected override async _prepareContext(options: RenderOptions): Promise<never> {
    const base = await super._prepareContext(options);
    this.#entries = await browserEntries();
    return { ...base, ...buildBrowserContext(this.#entries, this.#filters, currentChoices(), localize) } as never;
  }

  protected override async _onRender(context: never, options: never): Promise<void> {
    await super._onRender(context, options);
    this.openedIn ??= Math.round(performance.now() - this.#started);
    for (const row of this.element.querySelectorAll<HTMLElement>("li[draggable='true']")) {
      row.addEventListener("dragstart", (event) => {
        const uuid = row.dataset.uuid ?? "";
        event.dataTransfer?.setData("text/plain", JSON.stringify(dragData({ uuid, type: "Item" })));
      });
    }
  }

  /** The filter whose change submits the form; only it is read (see the builder's form). */
  #changed: string | null = null;

  protected override _onChangeForm(formConfig: never, event: Event): void {
    this.#changed = (event.target as HTMLInputElement | null)?.name || null;
    super._onChangeForm(formConfig, event);
  }

  static async #onSubmit(this: ClockworkCompendiumBrowser, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }): Promise<void> {
    const form = flattenForm(formData.object);
    const changed = this.#changed;
    this.#changed = null;
    this.#filters = { ...this.#filters, ...filtersFromForm(changed && Object.hasOwn(form, changed) ? { [changed]: form[changed] } : form) };
    await this.render({ parts: ["results", "filters"] } as never);
  }

  static async #onClear(this: ClockworkCompendiumBrowser): Promise<void> {
    this.#filters = { ...EMPTY_FILTERS };
    await this.render();
  }

  static async #onOpenEntry(this: ClockworkCompendiumBrowser, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const doc = (await resolveUuid(target.dataset.uuid ?? "")) as { sheet?: { render(force: boolean): unknown } } | null;
    await doc?.sheet?.render(true);
  }
}
