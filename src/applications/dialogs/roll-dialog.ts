/**
 * The roll dialog (ApplicationV2): shows the pool as it is built, lets the player pick a
 * focus, situational dice, the difficulty and the roll mode, and previews the exact odds from
 * the rules core, updated on every change. `ClockworkRollDialog.prompt(request)` resolves to
 * the final request, or null when the dialog is closed without rolling.
 */
import { localize } from "../../foundry";
import { applyDialogForm, buildRollDialogContext, type RollDialogForm } from "../../dice/context/roll-dialog";
import { labelKey } from "../../dice/context/format";
import type { GainRollRequest } from "../../dice/pool";
import { rollModeChoices } from "../../dice/roll-mode";
import { oddsVisibility } from "../../dice/settings";
import { DICE_TEMPLATES } from "../../dice/templates";

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
    window: { icon: "fa-solid fa-dice-d20", contentClasses: ["standard-form"] },
    position: { width: 420 },
    form: { handler: ClockworkRollDialog.#onSubmit, submitOnChange: false, closeOnSubmit: true },
  };

  static override PARTS = {
    form: { template: DICE_TEMPLATES.rollDialog },
  };

  #request: GainRollRequest;
  readonly #resolve: (request: GainRollRequest | null) => void;
  #settled = false;

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

  protected override async _prepareContext(options: RenderOptions): Promise<never> {
    const base = await super._prepareContext(options);
    const context = buildRollDialogContext({
      request: this.#request,
      rollModes: rollModeChoices(),
      oddsVisibility: oddsVisibility(),
      isGM: game.user?.isGM === true,
      idPrefix: this.id,
    });
    return { ...base, ...context } as never;
  }

  /** Every change re-renders the pool and the odds; the focused control keeps its focus. */
  protected override _onChangeForm(formConfig: never, event: Event): void {
    super._onChangeForm(formConfig, event);
    const target = event.target as HTMLInputElement | HTMLSelectElement | null;
    if (!target?.name) return;
    this.#request = applyDialogForm(this.#request, { [target.name]: target.value } as RollDialogForm);
    void this.render();
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
