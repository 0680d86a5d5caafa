/**
 * The casting dialog (issue 29 item 1; ApplicationV2 on the attack dialog's machinery,
 * ../combat/form-dialog): the way of casting and the caster's options, the targets with their
 * distance, range, reaction, willingness and exact chance, and the cost and any refusal before
 * anything is paid. A change recomputes the odds and re-renders the targets and the summary; a
 * change of mode (a new area, a new reach) or of scroll redraws the controls too.
 * `castWithDialog` is `castSpell`'s dialog (set at init): a shift-click skips the window and
 * casts with this spell's last choices, as an attack's shift-click skips its dialog.
 */
import { isModifierActive } from "../foundry";
import { FormDialog, type DialogForm } from "../combat/form-dialog";
import type { AreaPlacement, AreaScene } from "../combat/area/templates";
import type { CastDoc, CastOptions } from "./cast";
import type { SpellItem } from "./context";
import { CAST_DIALOG_PARTS } from "./cast-dialog-parts";
import { applyCastForm, buildCastDialogContext, type CastDialogContext } from "./cast-dialog-context";
import { aimCastSession, castDialogInput, castOptionsOf, rememberChoices, startCastSession, withChoices, type CastSession } from "./cast-session";
import { willingKey } from "./willing";

export { CAST_DIALOG_PARTS };

/** The dialog's context for a session, as this user sees it. */
export function castDialogContext(session: CastSession, idPrefix?: string): CastDialogContext {
  return buildCastDialogContext(castDialogInput(session, idPrefix));
}

export class ClockworkCastDialog extends FormDialog<CastSession, CastDialogContext> {
  static override DEFAULT_OPTIONS = {
    classes: ["clockwork", "cw-cast-dialog-app"],
    tag: "form",
    window: { icon: "fa-solid fa-wand-sparkles", contentClasses: ["standard-form", "clockwork", "cw-attack-dialog", "cw-cast-dialog"] },
    position: { width: 620 },
    form: { handler: FormDialog.submit, submitOnChange: false, closeOnSubmit: true },
    actions: { aim: FormDialog.onAim },
  };

  static override PARTS = Object.fromEntries(Object.entries(CAST_DIALOG_PARTS).map(([part, template]) => [part, { template }]));

  /** Opens the dialog; resolves to the session to cast with, or null when closed. */
  static prompt(session: CastSession): Promise<CastSession | null> {
    return new Promise((resolve) => {
      const dialog = new ClockworkCastDialog({ session, resolve });
      void dialog.render({ force: true });
    });
  }

  protected override buildContext(session: CastSession): CastDialogContext {
    return castDialogContext(session, this.id);
  }

  protected override applyForm(form: DialogForm): string[] {
    const session = this.session;
    const allowed = {
      modes: (session.gathered.profile.automation.modes ?? []).map((m) => m.key),
      scrolls: [...(session.actor.items ?? [])].flatMap((i) => (i.id ? [i.id] : [])),
      targets: session.gathered.targets.map((t) => willingKey(t.actor)),
    };
    const choices = applyCastForm(session.choices, form, allowed);
    const redraw = choices.mode !== session.choices.mode || choices.scroll !== session.choices.scroll;
    this.session = withChoices(session, choices);
    this.rebuild();
    return redraw ? ["controls", "targets", "summary"] : ["targets", "summary"];
  }

  /** The aim point picked on the map: the area's tokens gathered again (the preview follows). */
  protected override applyAim(point: { x: number; y: number }): void {
    this.session = aimCastSession(this.session, point);
  }

  protected override aimedArea(): { placement: AreaPlacement; scene: AreaScene; label: string } | null {
    const placed = this.session.gathered.placement;
    return placed ? { placement: placed.area, scene: placed.scene, label: this.session.item.name } : null;
  }
}

function skipsDialog(options: CastOptions): boolean {
  return options.skipDialog === true || options.event?.shiftKey === true || isModifierActive("Shift");
}

/** `castSpell`'s dialog: the options chosen in the window (kept for the next shift-click), or null when closed. */
export async function castWithDialog(actor: CastDoc, item: SpellItem, options: CastOptions): Promise<CastOptions | null> {
  const { event: _event, ...rest } = options;
  const session = startCastSession(actor, item, rest);
  if (skipsDialog(options)) return castOptionsOf(session);
  const chosen = await ClockworkCastDialog.prompt(session);
  if (!chosen) return null;
  rememberChoices(chosen);
  return castOptionsOf(chosen);
}
