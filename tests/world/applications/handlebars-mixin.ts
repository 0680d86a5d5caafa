/**
 * HandlebarsApplicationMixin: PARTS rendered with the real Handlebars, each part one element
 * marked `data-application-part`, re-rendered alone with `render({ parts: [...] })`.
 * Modelled on Foundry v13 `client/applications/api/handlebars-application.mjs`:
 * `_configureRenderParts` (a deep copy of PARTS), `options.parts` defaults to every part and a
 * root part forces all; `_preRender` loads every part's templates; `_renderHTML` calls
 * `_preparePartContext(partId, context, options)` (which sets `context.partId`) then
 * `renderTemplate`, and insists on a single root element; `_replaceHTML` swaps the prior part
 * element in place (keeping focus by id/name and the scroll of `scrollable` selectors) or
 * appends a new one; `parts` lists the rendered elements; `forms` of a part get their own
 * submit/change listeners.
 */
import type { ApplicationV2, FormConfiguration, RenderOptions } from "./application";
import { loadTemplates, renderTemplate } from "./templates";
import { cloneOptions, rt } from "./runtime";

export interface TemplatePart {
  template: string;
  id?: string;
  root?: boolean;
  classes?: string[];
  templates?: string[];
  scrollable?: string[];
  forms?: Record<string, FormConfiguration>;
}

interface PartState {
  focus?: string;
  scroll: [HTMLElement, number, number][];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript demands any[] for mixin constructors
type Constructor<T> = abstract new (...args: any[]) => T;

/** The members the mixin adds, for tests that read them. */
export interface HandlebarsApplication {
  readonly parts: Record<string, HTMLElement>;
}

export function HandlebarsApplicationMixin<TBase extends Constructor<ApplicationV2>>(Base: TBase) {
  abstract class HandlebarsApplication extends Base {
    static PARTS: Record<string, TemplatePart> = {};

    #parts: Record<string, HTMLElement> = {};

    #descriptors: Readonly<Record<string, TemplatePart>> = {};

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see Constructor
    constructor(...args: any[]) {
      super(...args);
      Object.values((this.constructor as unknown as { PARTS: Record<string, TemplatePart> }).PARTS).forEach((part, i) => {
        if (part.root && i > 0) throw new Error("A root template must be first in the PARTS record.");
      });
    }

    get parts(): Record<string, HTMLElement> {
      return this.#parts;
    }

    protected override _configureRenderOptions(options: RenderOptions): void {
      super._configureRenderOptions(options);
      this.#descriptors = Object.freeze(this._configureRenderParts(options));
      if (options.parts?.some((id) => this.#descriptors[id]?.root)) options.parts = undefined;
      options.parts ??= Object.keys(this.#descriptors);
    }

    protected _configureRenderParts(_options: RenderOptions): Record<string, TemplatePart> {
      const parts = cloneOptions((this.constructor as unknown as { PARTS: Record<string, TemplatePart> }).PARTS);
      for (const part of Object.values(parts)) part.templates ??= [];
      return parts;
    }

    protected override async _preRender(context: Record<string, unknown>, options: RenderOptions): Promise<void> {
      await super._preRender(context, options);
      const all = new Set<string>();
      for (const part of Object.values(this.#descriptors)) {
        all.add(part.template);
        for (const t of part.templates ?? []) all.add(t);
      }
      await loadTemplates([...all]);
    }

    protected override async _renderHTML(context: Record<string, unknown>, options: RenderOptions): Promise<Record<string, HTMLElement>> {
      const rendered: Record<string, HTMLElement> = {};
      for (const partId of options.parts ?? []) {
        const part = this.#descriptors[partId];
        if (!part) {
          rt().ui.notifications?.warn(`Part "${partId}" is not a supported template part for ${this.constructor.name}`);
          continue;
        }
        const partContext = await this._preparePartContext(partId, context, options);
        try {
          const html = await renderTemplate(part.template, partContext);
          rendered[partId] = this.#parsePartHTML(partId, part, html);
        } catch (error) {
          throw new Error(`Failed to render template part "${partId}":\n${(error as Error).message}`, { cause: error });
        }
      }
      return rendered;
    }

    protected async _preparePartContext(partId: string, context: Record<string, unknown>, _options: RenderOptions): Promise<Record<string, unknown>> {
      context.partId = `${this.id}-${partId}`;
      return context;
    }

    #parsePartHTML(partId: string, part: TemplatePart, html: string): HTMLElement {
      const temp = document.createElement("div");
      temp.innerHTML = html;
      const multipartRoot = part.root && temp.children.length > 1;
      if (temp.children.length !== 1 && !multipartRoot) throw new Error(`Template part "${partId}" must render a single HTML element.`);
      const element = (multipartRoot ? temp : temp.firstElementChild) as HTMLElement;
      element.dataset.applicationPart = partId;
      if (part.id) element.id = `${this.id}-${part.id}`;
      if (part.classes) element.classList.add(...part.classes);
      return element;
    }

    protected override _replaceHTML(result: unknown, content: HTMLElement, options: RenderOptions): void {
      for (const [partId, element] of Object.entries(result as Record<string, HTMLElement>)) {
        const part = this.#descriptors[partId];
        const prior = part.root ? content : content.querySelector<HTMLElement>(`[data-application-part="${partId}"]`);
        const state: PartState = { scroll: [] };
        if (prior) {
          this._preSyncPartState(partId, element, prior, state);
          if (part.root) prior.replaceChildren(...element.children);
          else prior.replaceWith(element);
          this._syncPartState(partId, element, prior, state);
        } else content.appendChild(element);
        this._attachPartListeners(partId, element, options);
        this.#parts[partId] = element;
      }
    }

    protected _preSyncPartState(partId: string, next: HTMLElement, prior: HTMLElement, state: PartState): void {
      const part = this.#descriptors[partId];
      const focus = prior.querySelector<HTMLInputElement>(":focus");
      if (focus?.id) state.focus = `#${CSS.escape(focus.id)}`;
      else if (focus?.name) state.focus = `${focus.tagName}[name="${focus.name}"]`;
      for (const selector of part.scrollable ?? []) {
        const before = selector === "" ? prior : prior.querySelector<HTMLElement>(selector);
        const after = selector === "" ? next : next.querySelector<HTMLElement>(selector);
        if (before && after) state.scroll.push([after, before.scrollTop, before.scrollLeft]);
      }
    }

    protected _syncPartState(_partId: string, next: HTMLElement, _prior: HTMLElement, state: PartState): void {
      if (state.focus) next.querySelector<HTMLElement>(state.focus)?.focus();
      for (const [el, scrollTop, scrollLeft] of state.scroll) Object.assign(el, { scrollTop, scrollLeft });
    }

    protected override _tearDown(options: object): void {
      super._tearDown(options);
      this.#parts = {};
    }

    protected _attachPartListeners(partId: string, element: HTMLElement, _options: RenderOptions): void {
      const part = this.#descriptors[partId];
      for (const [selector, formConfig] of Object.entries(part.forms ?? {})) {
        const form = element.matches(selector) ? element : element.querySelector<HTMLElement>(selector);
        form?.addEventListener("submit", (event) => void this._onSubmitForm(formConfig, event));
        form?.addEventListener("change", (event) => this._onChangeForm(formConfig, event));
      }
    }
  }
  return HandlebarsApplication;
}
