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
import { FormDialog, type DialogForm } from "../form-dialog";
import type { AreaPlacement, AreaScene } from "../area/templates";
import { applyAttackForm, buildAttackDialogContext, type AttackDialogContext } from "./dialog-context";
import { poolRequest } from "./source";
import { previewSession, retarget, viewerOf, type AttackSession } from "./workflow";

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
    // An area on a scene is aimed on the map (the attacker's token places it).
    aim: isAreaMode(session.declaration.mode) && session.token?.parent ? { at: session.area ?? null, placed: session.placement !== null } : null,
  });
}

export { ATTACK_DIALOG_PARTS };

export class ClockworkAttackDialog extends FormDialog<AttackSession, AttackDialogContext> {
  static override DEFAULT_OPTIONS = {
    classes: ["clockwork", "cw-attack-dialog-app"],
    tag: "form",
    window: { icon: "fa-solid fa-crosshairs", contentClasses: ["standard-form", "clockwork", "cw-attack-dialog"] },
    position: { width: 560 },
    form: { handler: FormDialog.submit, submitOnChange: false, closeOnSubmit: true },
    actions: { aim: FormDialog.onAim },
  };

  static override PARTS = Object.fromEntries(Object.entries(ATTACK_DIALOG_PARTS).map(([part, template]) => [part, { template }]));

  /** Opens the dialog; resolves to the session to attack with, or null when closed. */
  static prompt(session: AttackSession): Promise<AttackSession | null> {
    return new Promise((resolve) => {
      const dialog = new ClockworkAttackDialog({ session, resolve });
      void dialog.render({ force: true });
    });
  }

  protected override buildContext(session: AttackSession): AttackDialogContext {
    return attackDialogContext(session, this.id);
  }

  /** The form as one field changed: a change of fire mode redraws the controls too. */
  protected override applyForm(form: DialogForm): string[] {
    const session = this.session;
    const before = session.declaration.mode;
    const foci = poolRequest(session.actor, session.item, session.declaration).foci;
    const next = applyAttackForm(session.declaration, session.targets, form, { ...session.choices, foci });
    this.session = { ...session, declaration: next.declaration, targets: next.targets };
    const modeChanged = before !== next.declaration.mode;
    if (modeChanged && (isAreaMode(before) || isAreaMode(next.declaration.mode))) this.session = retarget(this.session);
    this.rebuild();
    return modeChanged ? ["controls", "targets", "summary"] : ["targets", "summary"];
  }

  /** The aim point picked on the map: the area placed from the attacker toward it, its tokens taken. */
  protected override applyAim(point: { x: number; y: number }): void {
    this.session = retarget({ ...this.session, area: point });
  }

  protected override aimedArea(): { placement: AreaPlacement; scene: AreaScene | null; label: string } | null {
    const { placement, token, item } = this.session;
    return placement ? { placement, scene: token?.parent ?? null, label: item.name } : null;
  }
}

/** The dialog as the workflow's prompt. */
export function promptAttackDialog(session: AttackSession): Promise<AttackSession | null> {
  return ClockworkAttackDialog.prompt(session);
}
