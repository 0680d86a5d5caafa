/**
 * The turn templates' paths, written out in full so the bundle names every template it loads
 * (the smoke test checks that each one exists). No Foundry classes here: render tests import it.
 */
export const TURN_TEMPLATES = {
  initiativeCard: "systems/clockwork/templates/chat/initiative-card.hbs",
  turnNote: "systems/clockwork/templates/combat/condition-tick.hbs",
  tracker: "systems/clockwork/templates/combat/tracker-counters.hbs",
  endChecks: "systems/clockwork/templates/combat/condition-prompt.hbs",
  deathRoll: "systems/clockwork/templates/combat/condition-death.hbs",
} as const;
