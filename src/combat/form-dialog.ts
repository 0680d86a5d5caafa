/**
 * The machinery the attack and casting dialogs share (ApplicationV2 + Handlebars): a session the
 * form edits, a context built from it (with `canSubmit`), a change that re-renders only the
 * parts it touched while the submit button stays the same element under the pointer, and a
 * promise that resolves to the session to act with, or null when the window is closed.
 *
 * Aiming an area (issue 28 item 2): the "Aim on the map" button (action `aim`) waits for a click
 * on the scene (../canvas/aim), hands the grid space to the dialog's `applyAim`, re-renders the
 * targets and draws the area as a preview (./area/preview) before anything is paid. Aiming again
 * moves the preview; closing the dialog, cast or cancelled, takes it away.
 */
import { notify } from "../foundry";
import { pickScenePoint, type ScenePick } from "../canvas/aim";
import { AreaPreview } from "./area/preview";
import type { AreaPlacement, AreaScene } from "./area/templates";

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
  #pick: ScenePick | null = null;
  readonly #preview = new AreaPreview();
  #escape: ((event: KeyboardEvent) => void) | null = null;

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
    // A new way of casting or fire mode gives the aimed area another shape: the preview follows.
    if (this.#preview.placement) void this.#showPreview();
  }

  /** The area the session is aimed at now, and its scene (null: none placed). */
  protected aimedArea(): { placement: AreaPlacement; scene: AreaScene | null; label?: string } | null {
    return null;
  }

  /** Sets the session's aim point (a grid space); the dialog re-renders and previews after it. */
  protected applyAim(_point: { x: number; y: number }): void {}

  /** Whether the dialog waits for a click on the scene. */
  get aiming(): boolean {
    return this.#pick !== null;
  }

  /** The area previewed on the scene now (null: none). */
  get previewed(): AreaPlacement | null {
    return this.#preview.placement;
  }

  /** Aims the session at a grid space: the targets are gathered again, drawn, and the area previewed on the scene. */
  async aimAt(point: { x: number; y: number }): Promise<void> {
    this.applyAim({ x: Math.floor(point.x), y: Math.floor(point.y) });
    await Promise.all([this.refresh(["targets", "summary"]), this.#showPreview()]);
  }

  #showPreview(): Promise<void> {
    const area = this.aimedArea();
    return this.#preview.show(area?.placement ?? null, area?.scene ?? null, area?.label);
  }

  /** Waits for a click on the scene (right-click or Escape cancels), then aims there. */
  async startAim(): Promise<void> {
    if (this.#pick) return;
    const pick = pickScenePoint();
    if (!pick) {
      notify("warn", "CLOCKWORK.Aim.NoMap");
      return;
    }
    this.#pick = pick;
    this.#escape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // Escape ends the aim only: core's dismiss (which closes the top window) does not see it.
      event.stopPropagation();
      event.preventDefault();
      pick.cancel();
    };
    globalThis.addEventListener?.("keydown", this.#escape, true);
    // The window steps aside (see-through, clicks pass) so the scene under it can be clicked.
    this.element?.classList.add("cw-aiming");
    this.element?.querySelector("[data-action=aim]")?.setAttribute("aria-pressed", "true");
    const point = await pick.point;
    this.#endAim();
    if (point && this.#pick === null && !this.#closed) await this.aimAt(point);
  }

  #closed = false;

  #endAim(): void {
    this.#pick = null;
    if (this.#escape) globalThis.removeEventListener?.("keydown", this.#escape, true);
    this.#escape = null;
    this.element?.classList.remove("cw-aiming");
    this.element?.querySelector("[data-action=aim]")?.setAttribute("aria-pressed", "false");
  }

  /** The "Aim on the map" button. */
  static onAim(this: FormDialog<unknown, { title: string; canSubmit: boolean }>): void {
    void this.startAim();
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
    this.#pick?.cancel();
    // The preview goes before the act: the cast or attack draws its own area.
    await this.#preview.clear();
    this.settle(this.#session);
  }

  protected override _onClose(options: never): void {
    super._onClose(options);
    this.#closed = true;
    this.#pick?.cancel();
    void this.#preview.clear();
    this.settle(null);
  }

  /** Resolves the dialog's promise once: the session to act with, or null. */
  protected settle(result: S | null): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#resolve(result);
  }
}
