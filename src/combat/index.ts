/**
 * Combat at the table (issue 10): turns, counters, initiative, conditions, dying and minions.
 * `registerCombat()` runs in `init` (src/clockwork.ts). The attack workflow registers itself
 * beside it (src/combat/attack*; writes on others go through src/relay).
 */
import { activeStatuses, addStatus, conditionEffects, registerStatusEffects, removeStatus } from "./conditions";
import { config as combatantModels } from "./data/combatant";
import { ClockworkCombat, QUERY_INITIATIVE } from "./documents/combat";
import { ClockworkCombatant } from "./documents/combatant";
import { afterDamage, registerDying, stabilize } from "./dying";
import { addToBand, groupMinions, leaveBand } from "./minions";
import { registerPrompts } from "./prompts";
import { registerTracker } from "./tracker";
import { TURN_TEMPLATES } from "./templates";
import { getConfig, registerQuery, systemApi } from "../foundry";

export { ClockworkCombat, ClockworkCombatant };

/** `game.clockwork.turns`: conditions by id, stabilize, minion bands (docs/combat.md). */
export const turnsApi = {
  addStatus,
  removeStatus,
  activeStatuses,
  conditionEffects,
  stabilize,
  afterDamage,
  groupMinions,
  addToBand,
  leaveBand,
};

/** Every template this part renders (preloaded; the smoke test checks each exists). */
export const COMBAT_TEMPLATES = Object.values(TURN_TEMPLATES);

/** Registers the combat documents, the Combatant data model, status effects, queries and hooks. */
export function registerCombat(): void {
  CONFIG.Combat.documentClass = ClockworkCombat as never;
  CONFIG.Combatant.documentClass = ClockworkCombatant as never;
  Object.assign(getConfig().Combatant.dataModels, combatantModels);
  registerStatusEffects();
  registerPrompts();
  registerDying();
  registerTracker();
  registerQuery(QUERY_INITIATIVE, (data: unknown) => ClockworkCombat.answerInitiative(data));
  systemApi().turns = turnsApi;
  void foundry.applications.handlebars?.loadTemplates?.(COMBAT_TEMPLATES);
}
