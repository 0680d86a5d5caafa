/**
 * The casting dialog's parts, in order (a module of their own, so tests can read them without
 * Foundry). The summary and the Cast button are the attack dialog's own parts.
 */
import { ATTACK_DIALOG_PARTS } from "../combat/attack/dialog-parts";

export const CAST_DIALOG_PARTS = {
  controls: "systems/clockwork/templates/magic/cast-controls.hbs",
  targets: "systems/clockwork/templates/magic/cast-targets.hbs",
  summary: ATTACK_DIALOG_PARTS.summary,
  footer: ATTACK_DIALOG_PARTS.footer,
} as const;
