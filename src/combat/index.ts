/**
 * Combat at the table (issue 10): turns, counters, initiative, conditions, dying and minions.
 * `registerCombat()` runs in `init` (src/clockwork.ts). The attack workflow registers itself
 * beside it (src/combat/attack*, gm-writes). Start-up holds the document classes, their data
 * model, the status effects and the hooks and queries; what they do loads on first use
 * (./impl.ts, issue 9) and is fetched in the background once the game is ready.
 */
import { activeStatuses, addStatus, conditionEffects, registerStatusEffects, removeStatus } from "./conditions";
import { config as combatantModels } from "./data/combatant";
import { ClockworkCombat, QUERY_INITIATIVE } from "./documents/combat";
import { ClockworkCombatant } from "./documents/combatant";
import { registerDying } from "./dying-register";
import { loadCombatImpl, type CombatImpl } from "./load";
import { registerPrompts } from "./prompt-settings";
import { loadRulerStyle } from "./ruler-register";
import { registerTracker } from "./tracker";
import { TURN_TEMPLATES } from "./templates";
import { getConfig, registerQuery, systemApi } from "../foundry";

export { ClockworkCombat, ClockworkCombatant };

/** `game.clockwork.turns`: conditions by id, stabilize, minion groups (docs/combat.md). */
export const turnsApi = {
  addStatus,
  removeStatus,
  activeStatuses,
  conditionEffects,
  stabilize: async (...args: Parameters<CombatImpl["stabilize"]>) => (await loadCombatImpl()).stabilize(...args),
  afterDamage: async (...args: Parameters<CombatImpl["afterDamage"]>) => (await loadCombatImpl()).afterDamage(...args),
  groupMinions: async (...args: Parameters<CombatImpl["groupMinions"]>) => (await loadCombatImpl()).groupMinions(...args),
};

/** Every template this part renders (preloaded; the smoke test checks each exists). */
export const COMBAT_TEMPLATES = Object.values(TURN_TEMPLATES);

/** Fetches the combat code and the ruler's colouring ahead of the first turn change or drag. */
export function prefetchCombat(): Promise<unknown> {
  return Promise.all([loadCombatImpl(), loadRulerStyle()]).catch(() => null);
}

/** Registers the combat documents, the Combatant data model, status effects, queries and hooks. */
export function registerCombat(): void {
  CONFIG.Combat.documentClass = ClockworkCombat as never;
  CONFIG.Combatant.documentClass = ClockworkCombatant as never;
  Object.assign(getConfig().Combatant.dataModels, combatantModels);
  registerStatusEffects();
  registerPrompts();
  registerDying();
  registerTracker();
  registerQuery(QUERY_INITIATIVE, (data: Parameters<typeof ClockworkCombat.answerInitiative>[0]) => ClockworkCombat.answerInitiative(data));
  systemApi().turns = turnsApi;
  void foundry.applications.handlebars?.loadTemplates?.(COMBAT_TEMPLATES);
  // Not needed to start, but soon: fetched in the background once the game is ready, as the sheets are.
  Hooks.once("ready", () => void prefetchCombat());
}
