/** The action list partial the sheet includes: `{{> cw-combat-actions combatActions}}`. */
export const COMBAT_ACTIONS_TEMPLATE = "systems/clockwork/templates/combat/actions.hbs";
