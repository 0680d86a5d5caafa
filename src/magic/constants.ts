/** Magic's names (queries, flags, templates), apart from its code so registering them at `init` stays light. */

/** The query a target's owner answers with its reaction roll. */
export const SPELL_REACTION_QUERY = "clockwork.spellReaction";
export const CAST_FLAG = "cast";
export const CAST_CARD_TEMPLATE = "systems/clockwork/templates/chat/cast-card.hbs";
/** The spell actions' provider id (the combat action buttons' `data-provider`). */
export const SPELL_ACTIONS = "magic";
/** The query a combatant's owner (or the GM) answers when offered Counterspell against a cast. */
export const COUNTERSPELL_QUERY = "clockwork.counterspell";
export const COUNTERSPELL_TEMPLATE = "systems/clockwork/templates/magic/counterspell-prompt.hbs";
/** The dialog a casting card's book table opens (Call of the Wild, Golemancy, Illusion, Shapeshift). */
export const SPELL_TABLE_TEMPLATE = "systems/clockwork/templates/magic/spell-table.hbs";
