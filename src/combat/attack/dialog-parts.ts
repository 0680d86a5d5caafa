/**
 * The attack dialog's parts, in order (a module of their own, so tests can read them without
 * Foundry). The Attack button's part is rendered once, so it never moves under the pointer.
 */
export const ATTACK_DIALOG_PARTS = {
  controls: "systems/clockwork/templates/combat/attack-controls.hbs",
  targets: "systems/clockwork/templates/combat/attack-targets.hbs",
  summary: "systems/clockwork/templates/combat/attack-summary.hbs",
  footer: "systems/clockwork/templates/combat/attack-footer.hbs",
} as const;
