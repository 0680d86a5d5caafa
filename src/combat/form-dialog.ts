/**
 * The machinery the attack and casting dialogs share (ApplicationV2 + Handlebars): a session the
 * form edits, a context built from it (with `canSubmit`), a change that re-renders only the
 * parts it touched while the submit button stays the same element under the pointer, and a
 * promise that resolves to the session to act with, or null when the window is closed.
 */
const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

type RenderOptions = Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0];

/** The form's fields as strings (FormData); checkboxes as booleans. */
export type DialogForm = Record<string, string | boolean | number | null | undefined>;

export interface FormDialogConfig<S> {
  session: S;
  resolve: (session: S | null) => void;
}

export abstract class FormDialog<S, C extends { title: string; canSubmit: boolean }> extends HandlebarsApplicationMixin(ApplicationV2) {
  #session: S;
  readonly #resolve: (session: S | null) => void;
  #settled = false;
  #context: C | null = null;

  constructor(config: FormDialogConfig<S>, options: object = {}) {
    super(options as never);
    this.#session = config.session;
    this.#resolve = config.resolve;
  }

  get session(): S {
    return this.#session;
  }

  protected set session(session: S) {
    this.#session = session;
  }

  /** The context of the session now. */
  protected abstract buildContext(session: S): C;

  /** Applies a changed field (or the whole form on submit); returns the parts to render again. */
  protected abstract applyForm(form: DialogForm): string[];

  /** Builds the context again after the session changed. */
  protected rebuild(): C {
    this.#context = this.buildContext(this.#session);
    return this.#context;
  }

  override get title(): string {
    return (this.#context ?? this.rebuild()).title;
  }

  protected override async _prepareContext(options: RenderOptions): Promise<never> {
    const base = await super._prepareContext(options);
    return { ...base, ...(this.#context ?? this.rebuild()) } as never;
  }

  protected override _onChangeForm(formConfig: never, event: Event): void {
    super._onChangeForm(formConfig, event);
    const target = event.target as HTMLInputElement | HTMLSelectElement | null;
    if (!target?.name) return;
    const value = target instanceof HTMLInputElement && target.type === "checkbox" ? target.checked : target.value;
    const parts = this.applyForm({ [target.name]: value });
    void this.render({ parts } as never).then(() => this.#syncButton());
  }

  /** Re-renders parts after the session changed from outside the form (an aim point picked on the map). */
  protected refresh(parts: string[]): Promise<unknown> {
    this.rebuild();
    return this.render({ parts } as never).then(() => this.#syncButton());
  }

  /** The submit button stays the same element; only whether it can be pressed follows the summary. */
  #syncButton(): void {
    const button = this.element?.querySelector<HTMLButtonElement>("button[type=submit]");
    if (button) button.disabled = !this.#context?.canSubmit;
  }

  /** The form handler (DEFAULT_OPTIONS.form.handler of each dialog). */
  static async submit(this: FormDialog<unknown, { title: string; canSubmit: boolean }>, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }): Promise<void> {
    this.applyForm(formData.object as DialogForm);
    if (!this.#context?.canSubmit) return;
    this.settle(this.#session);
  }

  protected override _onClose(options: never): void {
    super._onClose(options);
    this.settle(null);
  }

  /** Resolves the dialog's promise once: the session to act with, or null. */
  protected settle(result: S | null): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#resolve(result);
  }
}
