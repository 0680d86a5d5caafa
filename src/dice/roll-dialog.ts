/**
 * The roll dialog (ApplicationV2): shows the pool as it is built, lets the player pick a
 * focus, situational dice, the difficulty and the roll mode, and previews the exact odds from
 * the rules core, updated on every change. Each area is its own part and a change re-renders
 * only the parts it alters, so the controls and the roll button stay put under the pointer.
 * `ClockworkRollDialog.prompt(request)` resolves to the final request, or null when closed.
 */
import { localize } from "../foundry";
import {
  applyDialogForm, buildRollDialogContext, changedRollDialogParts, rollDialogPartKeys,
  type RollDialogContext, type RollDialogForm,
} from "./context/roll-dialog";
import { labelKey } from "./context/format";
import type { GainRollRequest } from "./pool";
import { rollModeChoices } from "./roll-mode";
import { oddsVisibility } from "./settings";
import { ROLL_DIALOG_PARTS, type RollDialogPart } from "./templates";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

type RenderOptions = Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0];

interface RollDialogConfig {
  request: GainRollRequest;
  resolve: (request: GainRollRequest | null) => void;
}

/** The dialog's title: "Ada: Body / Strength", "Ada: Longbow". */
function titleOf(request: GainRollRequest): string {
  const s = request.subject;
  const what = s.itemName ?? s.label
    ?? (s.skill && s.attribute ? `${localize(labelKey.attribute(s.attribute))} / ${localize(labelKey.skill(s.skill))}` : "");
  return localize("CLOCKWORK.Roll.Dialog.Title", { actor: request.actorName, subject: what });
}

export class ClockworkRollDialog extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    classes: ["clockwork", "cw-roll-dialog-app"],
    tag: "form",
    window: { icon: "fa-solid fa-dice-d20", contentClasses: ["standard-form", "clockwork", "cw-roll-dialog"] },
    position: { width: 420 },
    form: { handler: ClockworkRollDialog.#onSubmit, submitOnChange: false, closeOnSubmit: true },
  };

  static override PARTS = Object.fromEntries(Object.entries(ROLL_DIALOG_PARTS).map(([part, template]) => [part, { template }]));

  #request: GainRollRequest;
  readonly #resolve: (request: GainRollRequest | null) => void;
  #settled = false;
  /** The context of the last render and what each part showed then. */
  #context: RollDialogContext | null = null;
  #partKeys: Record<RollDialogPart, string> | null = null;

  constructor(config: RollDialogConfig, options: object = {}) {
    super(options as never);
    this.#request = config.request;
    this.#resolve = config.resolve;
  }

  /** Opens the dialog; resolves to the request to roll, or null when closed. */
  static prompt(request: GainRollRequest): Promise<GainRollRequest | null> {
    return new Promise((resolve) => {
      const dialog = new ClockworkRollDialog({ request, resolve });
      void dialog.render({ force: true });
    });
  }

  /** The request as the form currently stands. */
  get request(): GainRollRequest {
    return this.#request;
  }

  override get title(): string {
    return titleOf(this.#request);
  }

  #buildContext(): RollDialogContext {
    return buildRollDialogContext({
      request: this.#request,
      rollModes: rollModeChoices(),
      oddsVisibility: oddsVisibility(),
      isGM: game.user?.isGM === true,
      idPrefix: this.id,
    });
  }

  /** Built once per change (in `_onChangeForm`) and shared by every part rendered. */
  protected override async _prepareContext(options: RenderOptions): Promise<never> {
    const base = await super._prepareContext(options);
    const context = this.#context ?? this.#buildContext();
    this.#context = context;
    this.#partKeys = rollDialogPartKeys(context);
    return { ...base, ...context } as never;
  }

  /**
   * Keyboard: the roll button (`[autofocus]`) has the focus when the dialog opens, so Enter
   * rolls; Enter on a select rolls too (a browser submits a form on Enter only from a text
   * field). Listeners go on the form once: parts come and go, the form stays.
   */
  protected override async _onFirstRender(...args: Parameters<foundry.applications.api.ApplicationV2["_onFirstRender"]>): Promise<void> {
    await super._onFirstRender(...args);
    this.element.querySelector<HTMLElement>("[autofocus]")?.focus();
    this.element.addEventListener("keydown", (event) => this.#onKeyDown(event));
  }

  #onKeyDown(event: KeyboardEvent): void {
    if (event.key !== "Enter" || event.isComposing || (event.target as HTMLElement | null)?.tagName !== "SELECT") return;
    event.preventDefault();
    const form = this.element.tagName === "FORM" ? this.element as HTMLFormElement : this.element.querySelector("form");
    const button = form?.querySelector<HTMLButtonElement>("button[type=submit]") ?? undefined;
    form?.requestSubmit(button);
  }

  /** A change updates the request, then re-renders only the parts it altered. */
  protected override _onChangeForm(formConfig: never, event: Event): void {
    super._onChangeForm(formConfig, event);
    const target = event.target as HTMLInputElement | HTMLSelectElement | null;
    if (!target?.name) return;
    this.#request = applyDialogForm(this.#request, { [target.name]: target.value } as RollDialogForm);
    const context = this.#buildContext();
    const parts = this.#partKeys ? changedRollDialogParts(this.#partKeys, rollDialogPartKeys(context)) : Object.keys(ROLL_DIALOG_PARTS);
    this.#context = context;
    if (parts.length) void this.render({ parts } as never);
  }

  static async #onSubmit(this: ClockworkRollDialog, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }): Promise<void> {
    this.#request = applyDialogForm(this.#request, formData.object as RollDialogForm);
    this.#settle(this.#request);
  }

  protected override _onClose(options: never): void {
    super._onClose(options);
    this.#settle(null);
  }

  #settle(result: GainRollRequest | null): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#resolve(result);
  }
}
