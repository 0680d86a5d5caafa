/**
 * ApplicationV2 of the test world: the parts of core's life cycle that system code relies on.
 *
 * Modelled on Foundry v13 `client/applications/api/application.mjs` (read, not copied):
 * - options: `DEFAULT_OPTIONS` of every class up the chain to `BASE_APPLICATION`, merged base
 *   first; arrays concatenate, objects merge, other values replace; `id` "{id}" replaced by
 *   `uniqueId`; framed windows get the "application" class; `options` is frozen;
 * - `render(options | boolean)`: serialized (core uses a Semaphore(1)); `_canRender` (a throw
 *   becomes `ui.notifications.warn`), a first render needs `force`; `_configureRenderOptions`
 *   (tab from `options.tab`), `_prepareContext` (tabs when exactly one TABS group),
 *   `_preFirstRender`, `_preRender`, `_renderFrame` + `_attachFrameListeners` on first render,
 *   `_renderHTML` + `_replaceHTML`, insertion, `_onFirstRender`, `_onRender` and the
 *   `render{Class}` hooks for every class of the chain, `_postRender` (autofocus);
 * - `close()`: `_preClose`, "minimizing" and state CLOSING, the transition wait (core: up to
 *   1000 ms; `registry.ts` `transitionMs`, shortened by tests), `_tearDown` (element removed),
 *   state CLOSED, `_onClose` and the `close{Class}` hooks, a "close" event;
 * - clicks: the nearest `[data-action]` decides: "close", "tab" (`_onClickTab` reads
 *   `event.target`, like core), otherwise `options.actions[action]` called with `this` = the
 *   application and `(event, target)`, only for the primary button unless `{handler, buttons}`;
 *   unknown actions go to `_onClickAction(event, target)`;
 * - forms (`tag: "form"` or `window.contentTag: "form"`): "submit" → `_onSubmitForm`
 *   (FormDataExtended, `form.handler` with `this` bound, a throw is shown with
 *   `ui.notifications.error` and the window stays open, `closeOnSubmit`); "change" →
 *   `_onChangeForm`, which submits when `submitOnChange` and the window is rendered;
 *   `submit()` runs the handler programmatically;
 * - `changeTab(tab, group)`: toggles "active" on `.tabs [data-group][data-tab]` and
 *   `.tab[data-group]` and records `tabGroups[group]`;
 * - `_createContextMenu(handler, selector, {container, eventName})`: the handler's entries
 *   (called with `this`) in a ContextMenu bound to the container (the element by default); the
 *   `get…` hooks core calls with the entries are not modelled (./context-menu.ts).
 *
 * Not modelled: window dragging, resizing, minimizing, z-order beyond a counter, header
 * control menus (rendered, not wired), context-menu hooks, CSS transitions other than the close,
 * CSS min/max sizes and scale in `setPosition` (sizes are clamped to the viewport and a window
 * without left/top is centred, as core does).
 */
import { ContextMenu, type ContextMenuEntry, type ContextMenuOptions } from "./context-menu";
import { FormDataExtended } from "./form-data";
import { applicationsRoot, instancesOf, transitionTimeout } from "./registry";
import { cloneOptions, isPlainObject, localize, observe, rt } from "./runtime";

export type ActionHandler = (this: ApplicationV2, event: PointerEvent, target: HTMLElement) => unknown;
export type FormHandler = (this: ApplicationV2, event: Event, form: HTMLFormElement, formData: FormDataExtended, options?: object) => unknown;

export interface FormConfiguration {
  handler?: FormHandler;
  submitOnChange: boolean;
  closeOnSubmit: boolean;
}

export interface ApplicationPosition {
  top?: number;
  left?: number;
  width?: number | "auto";
  height?: number | "auto";
  scale?: number;
  zIndex?: number;
}

export interface ApplicationConfiguration {
  id: string;
  uniqueId: string;
  classes: string[];
  tag: string;
  window: {
    frame: boolean;
    positioned: boolean;
    title: string;
    icon: string | false;
    controls: { icon: string; label: string; action: string; visible?: boolean | ((this: ApplicationV2) => boolean) }[];
    minimizable: boolean;
    resizable: boolean;
    contentTag: string;
    contentClasses: string[];
  };
  actions: Record<string, ActionHandler | { handler: ActionHandler; buttons: number[] }>;
  form: FormConfiguration;
  position: ApplicationPosition;
  [key: string]: unknown;
}

export interface RenderOptions {
  force?: boolean;
  isFirstRender?: boolean;
  position?: ApplicationPosition;
  window?: { title?: string; icon?: string | false; controls?: boolean; resizable?: boolean };
  tab?: string | Record<string, string>;
  parts?: string[];
  renderContext?: string;
  renderData?: object;
  [key: string]: unknown;
}

export interface TabsConfiguration {
  tabs: { id: string; icon?: string; label?: string; cssClass?: string; [key: string]: unknown }[];
  initial?: string;
  labelPrefix?: string;
}

export interface TabView {
  group: string;
  id: string;
  active: boolean;
  cssClass: string;
  label?: string;
  [key: string]: unknown;
}

type ApplicationClass = typeof ApplicationV2;

/** References to the window frame's elements (core's `ApplicationV2#window`). */
export interface WindowElements {
  header?: HTMLElement | null;
  title?: HTMLElement | null;
  icon?: HTMLElement | null;
  close?: HTMLElement | null;
  content?: HTMLElement | null;
  controls?: HTMLElement | null;
  controlsDropdown?: HTMLElement | null;
}

const STATES = Object.freeze({ ERROR: -3, CLOSING: -2, CLOSED: -1, NONE: 0, RENDERING: 1, RENDERED: 2 });

export class ApplicationV2 extends EventTarget {
  static BASE_APPLICATION: ApplicationClass = ApplicationV2;

  static DEFAULT_OPTIONS: object = {
    id: "app-{id}",
    classes: [],
    tag: "div",
    window: {
      frame: true, positioned: true, title: "", icon: "", controls: [], minimizable: true, resizable: false,
      contentTag: "section", contentClasses: [],
    },
    actions: {},
    form: { handler: undefined, submitOnChange: false, closeOnSubmit: false },
    position: { width: "auto", height: "auto" },
  };

  static TABS: Record<string, TabsConfiguration> = {};

  static RENDER_STATES = STATES;

  static _appId = 0;

  static _maxZ = 100;

  static emittedEvents = Object.freeze(["render", "close", "position"]);

  readonly options: Readonly<ApplicationConfiguration>;

  /** The client (user id) that opened this window: its DOM root and instances map. */
  readonly #userId: string;

  readonly #id: string;

  #element: HTMLElement | null = null;

  #content: HTMLElement | null = null;

  #state: number = STATES.NONE;

  /** Core serializes render and close through a Semaphore(1); a promise chain does the same. */
  #queue: Promise<unknown> = Promise.resolve();

  readonly #position: ApplicationPosition = { top: undefined, left: undefined, width: undefined, height: "auto", scale: 1, zIndex: ApplicationV2._maxZ };

  readonly #window: WindowElements = {};

  tabGroups: Record<string, string | null>;

  constructor(options: object = {}) {
    super();
    this.#userId = rt().game?.user?.id ?? "";
    this.tabGroups = Object.fromEntries(Object.entries((this.constructor as ApplicationClass).TABS).map(([id, { initial }]) => [id, initial ?? null]));
    this.options = Object.freeze(this._initializeApplicationOptions(options as Partial<ApplicationConfiguration>));
    this.#id = this.options.id.replace("{id}", this.options.uniqueId);
    Object.assign(this.#position, this.options.position);
  }

  /* ------------------------------------------------------------------ properties */

  get id(): string {
    return this.#id;
  }

  get title(): string {
    return localize(this.options.window.title);
  }

  get element(): HTMLElement {
    return this.#element as HTMLElement;
  }

  get window(): WindowElements {
    return this.#window;
  }

  get classList(): DOMTokenList | undefined {
    return this.#element?.classList;
  }

  get form(): HTMLFormElement | null {
    if (this.options.tag === "form") return this.#element as HTMLFormElement | null;
    if (this.options.window?.contentTag === "form") return this.#content as HTMLFormElement | null;
    return null;
  }

  get rendered(): boolean {
    return this.#state === STATES.RENDERED;
  }

  get state(): number {
    return this.#state;
  }

  get hasFrame(): boolean {
    return this.options.window.frame;
  }

  get minimized(): boolean {
    return false;
  }

  get position(): ApplicationPosition {
    return this.#position;
  }

  /* ------------------------------------------------------------------ options */

  static *inheritanceChain(this: ApplicationClass): Generator<ApplicationClass> {
    const base = this.BASE_APPLICATION;
    yield this;
    if (this === base) return;
    for (let cls = Object.getPrototypeOf(this) as ApplicationClass | null; cls; cls = Object.getPrototypeOf(cls) as ApplicationClass | null) {
      yield cls;
      if (cls === base) return;
    }
  }

  protected _initializeApplicationOptions(options: Partial<ApplicationConfiguration>): ApplicationConfiguration {
    const order: object[] = [options];
    for (const cls of (this.constructor as ApplicationClass).inheritanceChain()) {
      if (Object.prototype.hasOwnProperty.call(cls, "DEFAULT_OPTIONS")) order.unshift(cls.DEFAULT_OPTIONS);
    }
    const merged: Record<string, unknown> = {};
    for (const opts of order) mergeApplicationOptions(merged, opts as Record<string, unknown>);
    const result = merged as ApplicationConfiguration;
    result.uniqueId = String(++ApplicationV2._appId);
    if (!result.window.frame) result.window.minimizable = false;
    if (result.window.frame) result.classes.unshift("application");
    result.classes = Array.from(new Set(result.classes));
    return result;
  }

  /* ------------------------------------------------------------------ rendering */

  render(options: RenderOptions | boolean = {}, _options: RenderOptions = {}): Promise<this> {
    const opts: RenderOptions = typeof options === "boolean" ? Object.assign(_options, { force: options }) : options;
    return observe(this.#enqueue(() => this.#render(opts)));
  }

  #enqueue<T>(step: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(step, step);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async #render(options: RenderOptions): Promise<this> {
    try {
      const allowed = this._canRender(options);
      if (allowed === false) return this;
    } catch (error) {
      rt().ui.notifications?.warn((error as Error).message);
      return this;
    }
    options.isFirstRender = this.#state <= STATES.NONE;
    if (options.isFirstRender && !options.force) return this;

    this._configureRenderOptions(options);
    const context = await this._prepareContext(options);
    if (options.isFirstRender) await this._doEvent(() => this._preFirstRender(context, options));
    await this._doEvent(() => this._preRender(context, options));

    this.#state = STATES.RENDERING;
    if (options.isFirstRender) {
      this.#element = await this._renderFrame(options);
      this.#content = this.hasFrame ? this.#element.querySelector<HTMLElement>(".window-content") : this.#element;
      this._attachFrameListeners();
    }
    try {
      const result = await this._renderHTML(context, options);
      this._replaceHTML(result, this.#content as HTMLElement, options);
    } catch (error) {
      this.#element?.remove();
      this.#element = null;
      this.#state = STATES.ERROR;
      throw new Error(`Failed to render Application "${this.id}":\n${(error as Error).message}`, { cause: error });
    }

    if (options.isFirstRender) {
      instancesOf(this.#userId).set(this.#id, this);
      this._insertElement(this.#element as HTMLElement);
    }
    if (this.hasFrame) this._updateFrame(options);
    this.#state = STATES.RENDERED;

    if (options.isFirstRender) await this._doEvent(() => this._onFirstRender(context, options));
    await this._doEvent(() => this._onRender(context, options), { eventName: "render", hookName: "render", hookArgs: [this.#element, context, options] });
    await this._doEvent(() => this._postRender(context, options));
    if (options.position) this.setPosition(options.position);
    if (options.force) this.bringToFront();
    return this;
  }

  protected _configureRenderOptions(options: RenderOptions): void {
    if (options.isFirstRender && this.hasFrame) {
      options.window ||= {};
      options.window.title ||= this.title;
      options.window.icon ||= this.options.window.icon;
      options.window.controls = true;
      options.window.resizable = this.options.window.resizable;
    }
    if (options.isFirstRender) options.position = Object.assign(this.#position, options.position);
    if (options.tab) {
      if (typeof options.tab === "string") {
        const first = Object.keys((this.constructor as ApplicationClass).TABS)[0];
        if (first) this.tabGroups[first] = options.tab;
      } else {
        for (const [group, tab] of Object.entries(options.tab)) this.tabGroups[group] = tab;
      }
    }
  }

  protected async _prepareContext(_options: RenderOptions): Promise<Record<string, unknown>> {
    const groups = Object.keys((this.constructor as ApplicationClass).TABS);
    return groups.length === 1 ? { tabs: this._prepareTabs(groups[0]) } : {};
  }

  protected _prepareTabs(group: string): Record<string, TabView> {
    const config = this._getTabsConfig(group) ?? { tabs: [] };
    this.tabGroups[group] ??= config.initial ?? null;
    const prepared: Record<string, TabView> = {};
    for (const { id, cssClass, ...rest } of config.tabs) {
      const active = this.tabGroups[group] === id;
      const tab: TabView = { group, id, active, cssClass: [cssClass, active ? "active" : ""].filter(Boolean).join(" "), ...rest };
      if (config.labelPrefix) tab.label ??= `${config.labelPrefix}.${id}`;
      prepared[id] = tab;
    }
    return prepared;
  }

  protected _getTabsConfig(group: string): TabsConfiguration | null {
    return (this.constructor as ApplicationClass).TABS[group] ?? null;
  }

  protected _getHeaderControls(): ApplicationConfiguration["window"]["controls"] {
    return this.options.window.controls?.slice() ?? [];
  }

  /**
   * Core runs `_getHeaderControls` as an event with `getHeaderControls{Class}` hooks for every
   * class of the chain, which may add controls (v13 `application.mjs` `_headerControlButtons`).
   */
  protected *_headerControlButtons(): Generator<ApplicationConfiguration["window"]["controls"][number]> {
    const controls = this._getHeaderControls();
    for (const cls of (this.constructor as ApplicationClass).inheritanceChain()) {
      if (cls.name) rt().Hooks.callAll(`getHeaderControls${cls.name}`, this, controls);
    }
    for (const control of controls) {
      const visible = typeof control.visible === "function" ? control.visible.call(this) : control.visible ?? true;
      if (visible) yield control;
    }
  }

  /** Subclasses render; the base class renders nothing (core requires an override). */
  protected async _renderHTML(_context: Record<string, unknown>, _options: RenderOptions): Promise<unknown> {
    return undefined;
  }

  protected _replaceHTML(_result: unknown, _content: HTMLElement, _options: RenderOptions): void {}

  protected async _renderFrame(_options: RenderOptions): Promise<HTMLElement> {
    const frame = document.createElement(this.options.tag);
    frame.id = this.#id;
    if (this.options.classes.length) frame.className = this.options.classes.join(" ");
    if (!this.hasFrame) return frame;
    const close = localize("APPLICATION.TOOLS.Close");
    const toggle = localize("APPLICATION.TOOLS.ToggleControls");
    frame.innerHTML = `<header class="window-header">
      <i class="window-icon hidden" inert></i>
      <h1 class="window-title"></h1>
      <button type="button" class="header-control icon fa-solid fa-ellipsis-vertical" data-tooltip="${toggle}" aria-label="${toggle}" data-action="toggleControls"></button>
      <button type="button" class="header-control icon fa-solid fa-xmark" data-tooltip="${close}" aria-label="${close}" data-action="close"></button>
    </header>
    <menu class="controls-dropdown"></menu>`;
    const content = document.createElement(this.options.window.contentTag);
    content.classList.add("window-content", ...this.options.window.contentClasses);
    frame.appendChild(content);
    if (this.options.window.resizable) frame.insertAdjacentHTML("beforeend", '<div class="window-resize-handle"></div>');
    this.#window.header = frame.querySelector<HTMLElement>(".window-header");
    this.#window.title = frame.querySelector<HTMLElement>(".window-title");
    this.#window.icon = frame.querySelector<HTMLElement>(".window-icon");
    this.#window.close = frame.querySelector<HTMLElement>("button[data-action=close]");
    this.#window.controls = frame.querySelector<HTMLElement>("button[data-action=toggleControls]");
    this.#window.controlsDropdown = frame.querySelector<HTMLElement>(".controls-dropdown");
    this.#window.content = content;
    return frame;
  }

  protected _updateFrame(options: RenderOptions): void {
    const win = options.window;
    if (!win) return;
    if ("title" in win && this.#window.title) this.#window.title.textContent = win.title ?? "";
    if ("icon" in win && this.#window.icon) this.#window.icon.className = `window-icon fa-fw ${win.icon || "hidden"}`;
    const controls = [...this._headerControlButtons()].map((c) => {
      const li = document.createElement("li");
      li.className = "header-control";
      li.dataset.action = c.action;
      li.innerHTML = `<button type="button" class="control"><i class="control-icon fa-fw ${c.icon}"></i><span class="control-label"></span></button>`;
      (li.querySelector(".control-label") as HTMLElement).textContent = localize(c.label);
      return li;
    });
    this.#window.controlsDropdown?.replaceChildren(...controls);
    this.#window.controls?.classList.toggle("hidden", controls.length === 0);
  }

  /** Core appends to `document.body` (replacing an element of the same id); here: to this client's root. */
  protected _insertElement(element: HTMLElement): void {
    const root = applicationsRoot(this.#userId);
    const existing = root.querySelector(`#${CSS.escape(element.id)}`);
    if (existing) existing.replaceWith(element);
    else root.append(element);
  }

  /* ------------------------------------------------------------------ closing */

  /** Observed, so `world.settle()` waits for a close started by a click (core does not await it either). */
  close(options: { submitted?: boolean; animate?: boolean; [key: string]: unknown } = {}): Promise<this> {
    return observe(this.#enqueue(() => this.#close(options)));
  }

  /** Core's `_awaitTransition`: the element's own `transitionend`, or the timeout, whichever comes first. */
  protected async _awaitTransition(element: HTMLElement, timeout: number): Promise<void> {
    let listener: ((event: Event) => void) | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      new Promise<void>((resolve) => {
        listener = (event) => { if (event.target === element) resolve(); };
        element.addEventListener("transitionend", listener);
      }),
      new Promise<void>((resolve) => { timer = setTimeout(resolve, timeout); }),
    ]);
    clearTimeout(timer);
    if (listener) element.removeEventListener("transitionend", listener);
  }

  /**
   * Core (v13 `application.mjs` `#close`): `_preClose`, then the element gets "minimizing" and
   * `max-height: 0`, state CLOSING, and unless `animate: false` the close waits for the
   * transition (`_awaitTransition(element, 1000)`); only then `_tearDown`, CLOSED, and `_onClose`
   * with the "close" event and hooks (not awaited). The wait here is `transitionTimeout()`.
   */
  async #close(options: { animate?: boolean }): Promise<this> {
    if (!this.#element) {
      this.#state = STATES.CLOSED;
      return this;
    }
    await this._doEvent(() => this._preClose(options));
    await this.toggleControls(false);
    const element = this.#element;
    element.classList.add("minimizing");
    element.style.maxHeight = "0px";
    this.#state = STATES.CLOSING;
    if (options.animate !== false) await this._awaitTransition(element, transitionTimeout());
    this._tearDown(options);
    this.#state = STATES.CLOSED;
    instancesOf(this.#userId).delete(this.#id);
    void this._doEvent(() => this._onClose(options), { eventName: "close", hookName: "close", hookArgs: [] });
    return this;
  }

  protected _removeElement(element: HTMLElement): void {
    element.remove();
  }

  protected _tearDown(_options: object): void {
    if (this.#element) this._removeElement(this.#element);
    this.#element = null;
    this.#content = null;
    for (const key of Object.keys(this.#window)) delete this.#window[key as keyof WindowElements];
  }

  /* ------------------------------------------------------------------ position and tabs */

  setPosition(position: ApplicationPosition = {}): ApplicationPosition | void {
    if (!this.options.window.positioned) return;
    Object.assign(this.#position, position);
    this._prePosition(this.#position);
    Object.assign(this.#position, this._updatePosition(this.#position));
    this.#applyPosition(this.#position);
    this._onPosition(this.#position);
    this.dispatchEvent(new Event("position"));
    return this.#position;
  }

  /**
   * Core's resolution of a requested position: explicit sizes clamped to the viewport, a
   * window without `left`/`top` centred, and kept on screen. (Min/max CSS sizes and scale are
   * not read.)
   */
  protected _updatePosition(position: ApplicationPosition): ApplicationPosition {
    const el = this.#element;
    if (!el) return position;
    const { clientWidth, clientHeight } = document.documentElement;
    let { width, height } = position;
    if (width !== "auto" && width !== undefined && clientWidth) width = Math.min(Number(width), clientWidth);
    if (height !== "auto" && height !== undefined && clientHeight) height = Math.min(Number(height), clientHeight);
    this.#applyPosition({ ...position, width, height, left: undefined, top: undefined });
    const bounds = el.getBoundingClientRect();
    const w = typeof width === "number" ? width : bounds.width;
    const h = typeof height === "number" ? height : bounds.height;
    const left = Math.max(0, Math.min(position.left ?? (clientWidth - w) / 2, Math.max(clientWidth - w, 0)));
    const top = Math.max(0, Math.min(position.top ?? (clientHeight - h) / 2, Math.max(clientHeight - h, 0)));
    return { ...position, width, height, left: Math.round(left), top: Math.round(top) };
  }

  #applyPosition(position: ApplicationPosition): void {
    const el = this.#element;
    if (!el) return;
    const { width, height, left, top } = position;
    Object.assign(el.style, {
      width: width === "auto" || width === undefined ? "" : `${width}px`,
      height: height === "auto" || height === undefined ? "" : `${height}px`,
      left: left === undefined ? "" : `${left}px`,
      top: top === undefined ? "" : `${top}px`,
    });
  }

  bringToFront(): void {
    if (!this.options.window?.frame || !this.#element) return;
    this.#position.zIndex = ++ApplicationV2._maxZ;
    this.#element.style.zIndex = String(this.#position.zIndex);
    rt().ui.activeWindow = this;
  }

  async minimize(): Promise<void> {}

  async maximize(): Promise<void> {}

  /** Opens or closes the header controls menu (core: the dropdown's `expanded` class). */
  async toggleControls(expanded?: boolean): Promise<void> {
    const dropdown = this.#window.controlsDropdown;
    if (!dropdown) return;
    dropdown.classList.toggle("expanded", expanded ?? !dropdown.classList.contains("expanded"));
  }

  changeTab(tab: string, group: string, { force = false }: { event?: Event; navElement?: HTMLElement; force?: boolean; updatePosition?: boolean } = {}): void {
    if (!tab || !group) throw new Error("You must pass both the tab and tab group identifier");
    if (this.tabGroups[group] === tab && !force) return;
    const content = this.#content as HTMLElement;
    const tabElement = content.querySelector(`.tabs [data-group="${group}"][data-tab="${tab}"]`);
    if (!tabElement) throw new Error(`No matching tab element found for group "${group}" and tab "${tab}"`);
    for (const t of content.querySelectorAll<HTMLElement>(`.tabs [data-group="${group}"]`)) {
      t.classList.toggle("active", t.dataset.tab === tab);
      if (t instanceof HTMLButtonElement) t.ariaPressed = `${t.dataset.tab === tab}`;
    }
    for (const section of content.querySelectorAll<HTMLElement>(`.tab[data-group="${group}"]`)) {
      section.classList.toggle("active", section.dataset.tab === tab);
    }
    this.tabGroups[group] = tab;
  }

  async submit(submitOptions: object = {}): Promise<unknown> {
    const formConfig = this.options.form;
    if (!formConfig?.handler) throw new Error(`The ${this.constructor.name} Application does not support a single top-level form element.`);
    const form = this.form as HTMLFormElement;
    const event = new Event("submit", { cancelable: true });
    return formConfig.handler.call(this, event, form, new FormDataExtended(form), submitOptions);
  }

  /* ------------------------------------------------------------------ life-cycle events */

  /**
   * Runs one life-cycle step, then the instance event and the hooks for every class of the
   * chain (`renderClockworkCharacterSheet`, `renderActorSheetV2`, …, `renderApplicationV2`).
   */
  protected async _doEvent(handler: () => unknown, { eventName, hookName, hookArgs = [] }: { eventName?: string; hookName?: string; hookArgs?: unknown[] } = {}): Promise<unknown> {
    const result = await handler();
    if (eventName) this.dispatchEvent(new Event(eventName, { cancelable: true }));
    if (hookName) {
      for (const cls of (this.constructor as ApplicationClass).inheritanceChain()) {
        if (cls.name) rt().Hooks.callAll(`${hookName}${cls.name}`, this, ...hookArgs);
      }
    }
    return result;
  }

  protected _canRender(_options: RenderOptions): false | void {}

  protected async _preFirstRender(_context: Record<string, unknown>, _options: RenderOptions): Promise<void> {}

  protected async _onFirstRender(_context: Record<string, unknown>, _options: RenderOptions): Promise<void> {}

  /** A ContextMenu of the handler's entries on `selector` within the container (core: null without entries). */
  protected _createContextMenu(handler: () => ContextMenuEntry[], selector: string, options: ContextMenuOptions & { container?: HTMLElement } = {}): ContextMenu | null {
    const { container, ...menuOptions } = options;
    const items = handler.call(this);
    if (!items.length) return null;
    return new ContextMenu(container ?? this.element, selector, items, { jQuery: false, ...menuOptions });
  }

  protected async _preRender(_context: Record<string, unknown>, _options: RenderOptions): Promise<void> {}

  protected async _onRender(_context: Record<string, unknown>, _options: RenderOptions): Promise<void> {}

  protected async _postRender(_context: Record<string, unknown>, options: RenderOptions): Promise<void> {
    if (options.isFirstRender) this.#element?.querySelector<HTMLElement>("[autofocus]")?.focus();
  }

  protected async _preClose(_options: object): Promise<void> {}

  protected _onClose(_options: object): void {}

  protected _prePosition(_position: ApplicationPosition): void {}

  protected _onPosition(_position: ApplicationPosition): void {}

  /* ------------------------------------------------------------------ listeners */

  protected _attachFrameListeners(): void {
    const element = this.#element as HTMLElement;
    element.addEventListener("pointerdown", () => this.bringToFront(), { capture: true });
    const click = (event: Event) => this.#onClick(event as PointerEvent);
    element.addEventListener("click", click);
    element.addEventListener("contextmenu", click);
    const form = this.form;
    if (form) {
      form.autocomplete = "off";
      form.addEventListener("submit", (event) => void observe(this._onSubmitForm(this.options.form, event)));
      form.addEventListener("change", (event) => this._onChangeForm(this.options.form, event));
    }
  }

  #onClick(event: PointerEvent): void {
    const target = event.target as HTMLElement | null;
    const actionButton = target?.closest<HTMLElement>("[data-action]");
    if (actionButton) this.#onClickAction(event, actionButton);
  }

  #onClickAction(event: PointerEvent, target: HTMLElement): void {
    const action = target.dataset.action ?? "";
    // A click dispatched by script has button 0 like a real primary click; contextmenu is 2.
    const button = event.button ?? 0;
    switch (action) {
      case "close":
        event.stopPropagation();
        event.preventDefault();
        if (button === 0) void this.close();
        break;
      case "tab":
        this._onClickTab(event);
        break;
      case "toggleControls":
        event.stopPropagation();
        event.preventDefault();
        void this.toggleControls();
        break;
      default: {
        // A header control chosen from the menu closes the menu.
        if (this.#window.controlsDropdown?.contains(target)) void this.toggleControls(false);
        let handler = this.options.actions[action];
        if (!handler) {
          this._onClickAction(event, target);
          break;
        }
        let buttons = [0];
        if (typeof handler === "object") {
          buttons = handler.buttons;
          handler = handler.handler;
        }
        if (buttons.includes(button)) {
          const result = handler?.call(this, event, target);
          // Core does not await action handlers; a rejection would surface as an unhandled error.
          if (result instanceof Promise) result.catch((error: unknown) => reportError(error));
        }
      }
    }
  }

  /** Core reads `event.target`: a click on an icon inside the tab link changes nothing. */
  protected _onClickTab(event: PointerEvent): void {
    const button = event.target as HTMLElement;
    const tab = button.dataset?.tab;
    if (!tab || button.classList.contains("active") || (event.button ?? 0) !== 0) return;
    const group = button.dataset.group ?? "";
    this.changeTab(tab, group, { event, navElement: button.closest<HTMLElement>(".tabs") ?? undefined });
  }

  protected _onClickAction(_event: PointerEvent, _target: HTMLElement): void {}

  protected async _onSubmitForm(formConfig: FormConfiguration, event: Event): Promise<void> {
    event.preventDefault();
    const form = (event.currentTarget ?? this.form) as HTMLFormElement;
    const { handler, closeOnSubmit } = formConfig;
    const formData = new FormDataExtended(form);
    if (handler instanceof Function) {
      try {
        await handler.call(this, event, form, formData);
      } catch (error) {
        rt().ui.notifications?.error(error, { console: true });
        return;
      }
    }
    if (closeOnSubmit) await this.close({ submitted: true });
  }

  protected _onChangeForm(formConfig: FormConfiguration, event: Event): void {
    const open = this.#state === STATES.RENDERED || this.#state === STATES.CLOSING;
    if (open && formConfig.submitOnChange) void observe(this._onSubmitForm(formConfig, event));
  }

  /** The user id of the client this window belongs to. */
  get clientUserId(): string {
    return this.#userId;
  }
}

/** Errors thrown by click handlers reach the console and the client's error log, as in a browser. */
function reportError(error: unknown): void {
  console.error(error);
  const onError = (globalThis as { Hooks?: { onError?: (where: string, error: unknown) => void } }).Hooks?.onError;
  if (typeof onError === "function") onError("ApplicationV2#onClickAction", error);
}

/** Core's option merge: arrays concatenate, objects merge, other values replace. */
function mergeApplicationOptions(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(source)) {
    const copy = cloneOptions(value);
    if (key in target) {
      const existing = target[key];
      if (Array.isArray(existing)) existing.push(...(copy as unknown[]));
      else if (isPlainObject(existing) && isPlainObject(copy)) mergeApplicationOptions(existing, copy);
      else target[key] = copy;
    } else target[key] = copy;
  }
}
