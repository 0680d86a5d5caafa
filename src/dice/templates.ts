/**
 * The dice layer's templates, as Foundry loads them. Paths are written out in full so the
 * bundle names every template it loads (the smoke test checks that each one exists).
 */
export const DICE_TEMPLATES = {
  chatCard: "systems/clockwork/templates/chat/roll-card.hbs",
  rollDialog: "systems/clockwork/templates/dialogs/roll-dialog.hbs",
} as const;

/** Preloads the templates so the first roll renders without a fetch. */
export async function preloadDiceTemplates(): Promise<void> {
  await foundry.applications.handlebars.loadTemplates(Object.values(DICE_TEMPLATES));
}
