/**
 * The sheet's combat actions: the context the sheet adds in play mode, the click handler of its
 * `combatAction` buttons, and re-rendering open sheets when a combatant's counters change. See
 * /tmp/plan/requests-attack.md for the lines the sheet classes and templates need.
 */
import { inputDialog, localize } from "../../foundry";
import { buildCombatActionsContext, heldChoices, sheetCounters, type ActionsActor, type CombatActionsContext, type SheetCounters } from "./context";
import { SKILL_ATTRIBUTE } from "../../rules";
import { actionProvider } from "./providers";
import { combatStateOf, performCombatAction, type ActingActor, type ActionResult } from "./perform";

export { buildCombatActionsContext, performCombatAction, sheetCounters, type CombatActionsContext, type ActionResult, type SheetCounters };
export { speciesAttacksOf, speciesAttackItem, type SpeciesAttack } from "./species-attacks";

export { COMBAT_ACTIONS_TEMPLATE } from "./templates";
export { registerActionProvider, type ActionProvider, type ProvidedAction, type ProvidedRequest } from "./providers";

/** The actions context of a live actor (reads the running combat). */
export function combatActionsFor(actor: ActionsActor & { id: string | null; token?: { id: string | null } | null }): CombatActionsContext {
  const state = combatStateOf(actor);
  return buildCombatActionsContext(actor, { inCombat: state !== null, counters: state?.counters ?? null });
}

/** The actor's counters for the sheet header while it fights in the running combat, else null. */
export function combatCountersFor(actor: { id: string | null; token?: { id: string | null } | null }): SheetCounters | null {
  return sheetCounters(combatStateOf(actor)?.counters ?? null);
}

/** Actions whose cost the player sets: a prepared action's counters (with its trigger), a skill roll's. */
const ASKS_COST = new Set(["prepare", "skillRoll"]);

/** Asks how many counters (and, for a prepared action, its trigger); null when cancelled. */
async function askCost(key: string): Promise<{ cost: number; trigger?: string; skill?: string } | null> {
  const prepare = key === "prepare";
  const esc = (text: string) => foundry.utils.escapeHTML(text);
  const skills = Object.keys(SKILL_ATTRIBUTE).map((skill) => `<option value="${skill}">${esc(localize(`CLOCKWORK.Skill.${skill}`))}</option>`).join("");
  const content = `<div class="form-group"><label for="cw-action-cost">${localize("CLOCKWORK.Combat.Attack.Actions.CostPrompt")}</label>`
    + `<input type="number" id="cw-action-cost" name="cost" value="2" min="${prepare ? 1 : 2}" max="12" step="1"></div>`
    + (key === "skillRoll" ? `<div class="form-group"><label for="cw-action-skill">${localize("CLOCKWORK.Combat.Held.SkillLabel")}</label><select id="cw-action-skill" name="skill">${skills}</select></div>` : "")
    + (prepare ? `<div class="form-group"><label for="cw-action-trigger">${localize("CLOCKWORK.Combat.Attack.Actions.TriggerPrompt")}</label><input type="text" id="cw-action-trigger" name="trigger"></div>` : "");
  const result = await inputDialog<{ cost?: number | string; trigger?: string; skill?: string }>({ title: localize(`CLOCKWORK.Combat.Attack.Action.${key}`), content });
  if (!result) return null;
  const cost = Math.floor(Number(result.cost));
  if (!Number.isFinite(cost)) return null;
  return { cost, trigger: typeof result.trigger === "string" ? result.trigger : undefined, ...(typeof result.skill === "string" ? { skill: result.skill } : {}) };
}

/** Stow, Draw, Recall: which item, asked only when there are several (the only one is the default). */
async function askItem(actor: ActingActor, key: "stow" | "draw" | "recallWeapon"): Promise<{ itemId?: string } | null> {
  const choices = heldChoices(actor, key);
  if (choices.length <= 1) return {};
  const action = localize(`CLOCKWORK.Combat.Attack.Action.${key}`);
  const options = choices.map((c) => `<option value="${c.id}">${foundry.utils.escapeHTML(c.name)}</option>`).join("");
  const content = `<div class="form-group"><label for="cw-action-item">${localize("CLOCKWORK.Combat.Held.ChooseLabel")}</label><select id="cw-action-item" name="itemId">${options}</select></div>`;
  const result = await inputDialog<{ itemId?: string }>({ title: localize("CLOCKWORK.Combat.Held.ChooseTitle", { action }), content });
  return result && typeof result.itemId === "string" ? { itemId: result.itemId } : null;
}

const ASKS_ITEM = new Set(["stow", "draw", "recallWeapon"]);

/** The sheet's `combatAction` click (and a hotbar macro's action): the button's dataset names the action. */
export async function onCombatActionClick(actor: ActingActor, target: { dataset: DOMStringMap }, event?: { shiftKey?: boolean } | null): Promise<ActionResult> {
  const data = target.dataset;
  const key = data.key ?? "";
  if (data.provider) {
    const provider = actionProvider(data.provider);
    if (!provider) return { ok: false };
    const done = await provider.perform(actor as never, { key, itemId: data.itemId ?? null, event: event ?? null });
    return done ? { ok: true, paid: 0 } : { ok: false };
  }
  // A skill roll always needs its skill; the cost is asked only in combat.
  const asked = ASKS_ITEM.has(key) ? await askItem(actor, key as "stow" | "draw" | "recallWeapon")
    : (ASKS_COST.has(key) && combatStateOf(actor)) || key === "skillRoll" ? await askCost(key) : {};
  if (asked === null) return { ok: false };
  return performCombatAction(actor, {
    key,
    weaponId: data.weaponId ?? null,
    offWeaponId: data.offWeaponId ?? null,
    speciesAttack: data.speciesAttack ?? null,
    attack: { event: event ?? null },
    ...asked,
  });
}

export { rerenderSheetsOf, registerCombatActions } from "./register";
