/** The attack workflow's names (queries, hooks, templates), apart from its code so registering them at `init` stays light. */

/** The query a target's owner answers. */
export const REACTION_QUERY = "clockwork.reaction";
export const REACTION_TEMPLATE = "systems/clockwork/templates/combat/attack-reaction.hbs";
export const ATTACK_CARD_TEMPLATE = "systems/clockwork/templates/chat/attack-card.hbs";
/** A shield's Redirect: which adjacent creature takes the damage roll (expects `{ wearer }`). */
export const REDIRECT_PROMPT_TEMPLATE = "systems/clockwork/templates/combat/redirect-prompt.hbs";

/** Automatic misses that refuse the attack before anything is paid (issue 28): the target is beyond reach or range. */
export const BEYOND_REACH: readonly string[] = ["outOfReach", "outOfRange"];

/** Public hooks of the attack workflow. */
export const ATTACK_HOOKS = {
  /** (actor, item, session): before reactions and payment; false cancels. */
  preAttack: "clockwork.preAttack",
  /** (actor, item, outcome): after the card is posted. */
  attack: "clockwork.attack",
} as const;

/** The attack card's relay kinds (./apply registers them). */
export const ATTACK_KINDS = { apply: "attack.apply", undo: "attack.undo", redirect: "attack.redirect" } as const;
