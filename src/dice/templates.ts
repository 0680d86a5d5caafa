/**
 * The dice layer's templates, as Foundry loads them. Paths are written out in full so the
 * bundle names every template it loads (the smoke test checks that each one exists).
 */

/** The roll dialog's parts in display order; each re-renders on its own. */
export const ROLL_DIALOG_PARTS = {
  header: "systems/clockwork/templates/dialogs/roll-header.hbs",
  pool: "systems/clockwork/templates/dialogs/roll-pool.hbs",
  choices: "systems/clockwork/templates/dialogs/roll-choices.hbs",
  odds: "systems/clockwork/templates/dialogs/roll-odds.hbs",
  footer: "systems/clockwork/templates/dialogs/roll-footer.hbs",
} as const;

export type RollDialogPart = keyof typeof ROLL_DIALOG_PARTS;

export const DICE_TEMPLATES = {
  chatCard: "systems/clockwork/templates/chat/roll-card.hbs",
  ...ROLL_DIALOG_PARTS,
} as const;

/** Preloads the templates so the first roll renders without a fetch. */
export async function preloadDiceTemplates(): Promise<void> {
  await foundry.applications.handlebars.loadTemplates(Object.values(DICE_TEMPLATES));
}
