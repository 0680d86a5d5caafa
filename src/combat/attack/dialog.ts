/**
 * The attack dialog (ApplicationV2): the declaration's controls, the targets with their exact
 * odds, and the cost. A change recomputes the odds (well under 2 ms for 10 targets) and
 * re-renders the targets and the footer; a change of fire mode also re-collects the targets
 * (an area's tokens or the aimed ones) and redraws the controls.
 * `promptAttackDialog(session)` resolves to the session to attack with, or null when closed.
 */
import { hasFeature } from "../../dice/actor-source";
import { isAreaMode } from "../../rules";
import { ATTACK_DIALOG_PARTS } from "./dialog-parts";
import { applyAttackForm, buildAttackDialogContext, type AttackDialogContext, type AttackDialogForm } from "./dialog-context";
import { poolRequest } from "./source";
import { previewSession, retarget, viewerOf, type AttackSession } from "./workflow";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

type RenderOptions = Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0];


/** The context of a session for this user (pure apart from reading the user and setting). */
export function attackDialogContext(session: AttackSession, idPrefix?: string): AttackDialogContext {
  const preview = previewSession(session);
  const request = poolRequest(session.actor, session.item, session.declaration);
  const foci = request.foci;
  return buildAttackDialogContext({
    actorName: session.token?.name || session.actor.name,
    itemName: session.item.name,
    declaration: session.declaration,
    targets: session.targets,
    preview,
    choices: session.choices,
    ...(request.subject.skill ? { skill: request.subject.skill } : {}),
    foci,
    powerAttack: hasFeature(session.actor, "power-attack"),
    counters: session.counters,
    viewer: viewerOf(),
    idPrefix,
  });
}

interface DialogConfig {
  session: AttackSession;
  resolve: (session: AttackSession | null) => void;
}

export { ATTACK_DIALOG_PARTS };

export class ClockworkAttackDialog extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    classes: ["clockwork", "cw-attack-dialog-app"],
    tag: "form",
    window: { icon: "fa-solid fa-crosshairs", contentClasses: ["standard-form", "clockwork", "cw-attack-dialog"] },
    position: { width: 560 },
    form: { handler: ClockworkAttackDialog.#onSubmit, submitOnChange: false, closeOnSubmit: true },
  };

  static override PARTS = Object.fromEntries(Object.entries(ATTACK_DIALOG_PARTS).map(([part, template]) => [part, { template }]));

  #session: AttackSession;
  readonly #resolve: (session: AttackSession | null) => void;
  #settled = false;
  #context: AttackDialogContext | null = null;

  constructor(config: DialogConfig, options: object = {}) {
    super(options as never);
    this.#session = config.session;
    this.#resolve = config.resolve;
  }

  /** Opens the dialog; resolves to the session to attack with, or null when closed. */
  static prompt(session: AttackSession): Promise<AttackSession | null> {
    return new Promise((resolve) => {
      const dialog = new ClockworkAttackDialog({ session, resolve });
      void dialog.render({ force: true });
    });
  }

  get session(): AttackSession {
    return this.#session;
  }

  override get title(): string {
    return (this.#context ?? this.#build()).title;
  }

  #build(): AttackDialogContext {
    this.#context = attackDialogContext(this.#session, this.id);
    return this.#context;
  }

  protected override async _prepareContext(options: RenderOptions): Promise<never> {
    const base = await super._prepareContext(options);
    return { ...base, ...(this.#context ?? this.#build()) } as never;
  }

  /** The form as one field changed: checkboxes by their state, the rest by value. */
  #apply(form: AttackDialogForm): boolean {
    const before = this.#session.declaration.mode;
    const foci = poolRequest(this.#session.actor, this.#session.item, this.#session.declaration).foci;
    const next = applyAttackForm(this.#session.declaration, this.#session.targets, form, { ...this.#session.choices, foci });
    this.#session = { ...this.#session, declaration: next.declaration, targets: next.targets };
    const modeChanged = before !== next.declaration.mode;
    if (modeChanged && (isAreaMode(before) || isAreaMode(next.declaration.mode))) this.#session = retarget(this.#session);
    this.#build();
    return modeChanged;
  }

  protected override _onChangeForm(formConfig: never, event: Event): void {
    super._onChangeForm(formConfig, event);
    const target = event.target as HTMLInputElement | HTMLSelectElement | null;
    if (!target?.name) return;
    const value = target instanceof HTMLInputElement && target.type === "checkbox" ? target.checked : target.value;
    const all = this.#apply({ [target.name]: value });
    const parts = all ? ["controls", "targets", "summary"] : ["targets", "summary"];
    void this.render({ parts } as never).then(() => this.#syncButton());
  }

  /** The Attack button stays the same element; only whether it can be pressed follows the summary. */
  #syncButton(): void {
    const button = this.element?.querySelector<HTMLButtonElement>("button[type=submit]");
    if (button) button.disabled = !this.#context?.canAttack;
  }

  static async #onSubmit(this: ClockworkAttackDialog, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }): Promise<void> {
    this.#apply(formData.object as AttackDialogForm);
    if (!this.#context?.canAttack) return;
    this.#settle(this.#session);
  }

  protected override _onClose(options: never): void {
    super._onClose(options);
    this.#settle(null);
  }

  #settle(result: AttackSession | null): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#resolve(result);
  }
}

/** The dialog as the workflow's prompt. */
export function promptAttackDialog(session: AttackSession): Promise<AttackSession | null> {
  return ClockworkAttackDialog.prompt(session);
}
