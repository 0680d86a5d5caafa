/** The attack dialog's parts, in order (a module of their own, so tests can read them without Foundry). */
export const ATTACK_DIALOG_PARTS = {
  controls: "systems/clockwork/templates/combat/attack-controls.hbs",
  targets: "systems/clockwork/templates/combat/attack-targets.hbs",
  footer: "systems/clockwork/templates/combat/attack-footer.hbs",
} as const;
