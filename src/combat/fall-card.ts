/** The fall card (pure): its template and what it says (§4.8; src/combat/fall.ts posts it). */
import { localize } from "../foundry";
import type { FallOutcome } from "../rules";

export const FALL_CARD_TEMPLATE = "systems/clockwork/templates/chat/fall-card.hbs";

/** The card's template context (pure). */
export function fallCardContext(name: string, outcome: FallOutcome, died: boolean) {
  return {
    title: localize("CLOCKWORK.Combat.Fall.Title", { name, spaces: outcome.spaces }),
    result: outcome.prevented
      ? localize("CLOCKWORK.Combat.Fall.Prevented", { name, by: localize(`CLOCKWORK.Combat.Fall.By.${outcome.prevented}`) })
      : localize("CLOCKWORK.Combat.Fall.Hits", { name, hits: outcome.damage }),
    died: died ? localize("CLOCKWORK.Combat.Fall.Died", { name }) : null,
  };
}
