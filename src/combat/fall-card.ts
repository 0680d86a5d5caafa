/** The fall card (pure): its template and what it says (§4.8; src/combat/fall.ts posts it). */
import { localize } from "../foundry";
import type { FallOutcome } from "../rules";

export const FALL_CARD_TEMPLATE = "systems/clockwork/templates/chat/fall-card.hbs";
export const FALL_PROMPT_TEMPLATE = "systems/clockwork/templates/combat/fall-prompt.hbs";

/** The fall prompt's template context (the creature's name; the template localizes). */
export function fallPromptContext(name: string) {
  return { name };
}

/** The card's template context (pure). */
export function fallCardContext(name: string, outcome: FallOutcome, died: boolean) {
  return {
    title: localize("CLOCKWORK.Combat.Fall.Title", { name, spaces: outcome.spaces }),
    result: outcome.prevented
      ? localize("CLOCKWORK.Combat.Fall.Prevented", { name, by: localize(`CLOCKWORK.Combat.Fall.By.${outcome.prevented}`) })
      : localize("CLOCKWORK.Combat.Fall.Hits", { name, hits: outcome.damage }),
    died: died ? localize("CLOCKWORK.Combat.Fall.Died", { name }) : null,
    /** The result box's tone: prevented reads as a success, hits as a failure, a 0-space fall as neither. */
    tone: outcome.prevented ? "is-success" : outcome.damage > 0 ? "is-failure" : "",
  };
}
