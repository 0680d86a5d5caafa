/**
 * DialogV2 of the test world. Modelled on Foundry v13 `client/applications/api/dialog.mjs`:
 * a framed `<dialog>` whose content and buttons sit in a `<form class="dialog-form">`, so a
 * button callback can read `button.form`; each button's `action` is wired as a click action;
 * clicking one (or submitting the form, which uses the default button) disables the buttons,
 * resolves `callback(event, button, dialog)` or else the action name, calls `submit(result)`
 * and closes; `wait` resolves that result, or null when the dialog is closed without a button
 * (a rejection with `rejectClose`); `confirm` adds Yes (true) / No (false, default), `prompt`
 * an OK button, `input` an OK button that returns the form's data.
 * Not modelled: `foundry.utils.cleanHTML` of string content, `query` to another user,
 * keyboard handling other than Escape.
 */
import { ApplicationV2, type ApplicationConfiguration, type RenderOptions } from "./application";
import { FormDataExtended } from "./form-data";
import { localize } from "./runtime";

export interface DialogButton {
  action: string;
  label: string;
  icon?: string;
  class?: string;
  type?: string;
  disabled?: boolean;
  default?: boolean;
  callback?: (event: Event, button: HTMLButtonElement, dialog: DialogV2) => unknown;
}

export interface DialogConfiguration extends ApplicationConfiguration {
  content: string;
  buttons: Record<string, DialogButton>;
  modal?: boolean;
  submit?: (result: unknown, dialog: DialogV2) => unknown;
}

type DialogInput = Partial<Omit<DialogConfiguration, "buttons">> & { buttons?: DialogButton[]; [key: string]: unknown };

interface WaitOptions {
  rejectClose?: boolean;
  close?: (event: Event, dialog: DialogV2) => unknown;
  render?: (event: Event, dialog: DialogV2) => unknown;
}

export class DialogV2 extends ApplicationV2 {
  static override DEFAULT_OPTIONS: object = {
    id: "dialog-{id}",
    classes: ["dialog"],
    tag: "dialog",
    form: { closeOnSubmit: true },
    window: { frame: true, positioned: true, minimizable: false },
  };

  declare readonly options: Readonly<DialogConfiguration>;

  constructor(options: DialogInput = {}) {
    super(options);
  }

  protected override _initializeApplicationOptions(options: Partial<ApplicationConfiguration>): ApplicationConfiguration {
    const result = super._initializeApplicationOptions(options) as unknown as DialogConfiguration;
    result.content ||= "";
    if ((result.content as unknown) instanceof HTMLElement) result.content = (result.content as unknown as HTMLElement).innerHTML;
    const buttons = result.buttons as unknown as DialogButton[] | undefined;
    if (!buttons?.length) throw new Error("You must define at least one entry in config.buttons");
    result.buttons = {};
    for (const button of buttons) {
      result.actions[button.action] = DialogV2._onClickButton as never;
      result.buttons[button.action] = button;
    }
    return result as unknown as ApplicationConfiguration;
  }

  protected override async _renderHTML(): Promise<HTMLFormElement> {
    const form = document.createElement("form");
    form.className = "dialog-form standard-form";
    form.autocomplete = "off";
    form.innerHTML = `${this.options.content ? `<div class="dialog-content standard-form">${this.options.content}</div>` : ""}<footer class="form-footer"></footer>`;
    form.querySelector("footer")?.append(...this._renderButtons());
    form.addEventListener("submit", (event) => void this._onSubmit((event as SubmitEvent).submitter as HTMLButtonElement | null, event));
    return form;
  }

  protected _renderButtons(): HTMLButtonElement[] {
    const buttons = Object.values(this.options.buttons);
    return buttons.map((config, i) => {
      const isDefault = !!config.default || (i === 0 && !buttons.some((b) => b.default));
      const button = document.createElement("button");
      button.setAttribute("type", config.type ?? "submit");
      button.dataset.action = config.action;
      button.className = config.class ?? "";
      button.toggleAttribute("disabled", !!config.disabled);
      button.toggleAttribute("autofocus", isDefault);
      if (config.icon) {
        const icon = document.createElement("i");
        icon.className = config.icon;
        button.append(icon);
      }
      const span = document.createElement("span");
      span.textContent = localize(config.label);
      button.append(span);
      return button;
    });
  }

  /** Clicking a button, or submitting the form with Enter (the default button then). */
  protected async _onSubmit(target: HTMLButtonElement | null, event: Event): Promise<this> {
    event.preventDefault();
    const all = Object.keys(this.options.buttons).map((a) => this.element.querySelector<HTMLButtonElement>(`button[data-action="${a}"]`));
    const prior = all.map((b) => [b, b?.disabled ?? false] as const);
    for (const b of all) if (b) b.disabled = true;
    const chosen = target ?? this.element.querySelector<HTMLButtonElement>("button[autofocus]");
    const config = this.options.buttons[chosen?.dataset.action ?? ""];
    const result = (await config?.callback?.(event, chosen as HTMLButtonElement, this)) ?? config?.action;
    await this.options.submit?.(result, this);
    for (const [b, disabled] of prior) if (b) b.disabled = disabled;
    return this.options.form.closeOnSubmit ? this.close({ submitted: true }) : this;
  }

  protected override async _onFirstRender(): Promise<void> {
    const dialog = this.element as HTMLDialogElement;
    if (this.options.modal && typeof dialog.showModal === "function") dialog.showModal();
    else if (typeof dialog.show === "function") dialog.show();
    else dialog.setAttribute("open", "");
  }

  protected override _attachFrameListeners(): void {
    super._attachFrameListeners();
    this.element.addEventListener("keydown", (event) => {
      if ((event as KeyboardEvent).key !== "Escape") return;
      event.preventDefault();
      event.stopPropagation();
      void this.close();
    });
  }

  protected override _replaceHTML(result: unknown, content: HTMLElement, _options: RenderOptions): void {
    content.replaceChildren(result as HTMLElement);
  }

  static _onClickButton(this: DialogV2, event: PointerEvent, target: HTMLElement): void {
    void this._onSubmit(target as HTMLButtonElement, event);
  }

  static async confirm({ yes = {}, no = {}, ...config }: DialogInput & WaitOptions & { yes?: Partial<DialogButton>; no?: Partial<DialogButton> } = {}): Promise<unknown> {
    config.buttons = [
      { action: "yes", label: "Yes", icon: "fa-solid fa-check", callback: () => true, ...yes },
      { action: "no", label: "No", icon: "fa-solid fa-xmark", default: true, callback: () => false, ...no },
      ...(config.buttons ?? []),
    ];
    return this.wait({ position: { width: 400 }, ...config });
  }

  static async prompt({ ok = {}, ...config }: DialogInput & WaitOptions & { ok?: Partial<DialogButton> } = {}): Promise<unknown> {
    config.buttons = [{ action: "ok", label: "Confirm", icon: "fa-solid fa-check", default: true, ...ok }, ...(config.buttons ?? [])];
    return this.wait({ position: { width: 400 }, ...config });
  }

  static async input({ ok, ...config }: DialogInput & WaitOptions & { ok?: Partial<DialogButton> } = {}): Promise<unknown> {
    const callback = (_event: Event, button: HTMLButtonElement) => new FormDataExtended(button.form as HTMLFormElement).object;
    return this.prompt({ ok: { callback, ...ok }, ...config });
  }

  static wait({ rejectClose = false, close, render, ...config }: DialogInput & WaitOptions = {}): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const original = config.submit as DialogConfiguration["submit"];
      config.submit = async (result: unknown, dialog: DialogV2) => {
        await original?.(result, dialog);
        resolve(result);
      };
      const dialog = new this(config);
      dialog.addEventListener("close", (event) => {
        const result = close instanceof Function ? close(event, dialog) : undefined;
        if (rejectClose) reject(new Error("Dialog was dismissed without pressing a button."));
        else resolve(result ?? null);
      }, { once: true });
      if (render instanceof Function) dialog.addEventListener("render", (event) => render(event, dialog));
      void dialog.render({ force: true });
    });
  }
}
