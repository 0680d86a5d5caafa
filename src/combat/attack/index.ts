/**
 * The attack workflow's registration (issue 10 items 4–7, 10, 11): the GM write relay, the
 * reaction query, the world settings, the attack card's render hook, the attack dialog,
 * `actor.attack(item, options)` and `game.clockwork.combat`. The entry point calls
 * `registerAttack()` in `init`.
 */
import { applyDamageTo, GM_WRITE_QUERY, healActor, registerGmWrites, requestWrites, setStatus, spendCombatantCounters } from "../gm-writes";
import { COMBAT_ACTIONS_TEMPLATE, combatActionsFor, onCombatActionClick, performCombatAction, registerCombatActions } from "../actions";
import { registerTokenRuler } from "../ruler";
import { ATTACK_CARD_TEMPLATE } from "./card";
import { applyAttackCard, onRenderAttackMessage, undoAttackCard } from "./chat";
import { ATTACK_DIALOG_PARTS, promptAttackDialog } from "./dialog";
import { REACTION_QUERY, REACTION_TEMPLATE, registerReactionQuery } from "./reactions";
import { registerAttackSettings } from "./settings";
import { ATTACK_HOOKS, attack, setAttackDialog, type AttackCallOptions, type WorkflowActor } from "./workflow";
import type { AttackItem } from "./source";

export { attack, ATTACK_HOOKS, type AttackCallOptions, type AttackOutcome } from "./workflow";

/** The combat API for macros and modules (`game.clockwork.combat`). */
export const combatApi = {
  attack,
  applyAttackCard,
  undoAttackCard,
  requestWrites,
  applyDamage: applyDamageTo,
  heal: healActor,
  setStatus,
  spendCounters: spendCombatantCounters,
  actions: combatActionsFor,
  performAction: performCombatAction,
  onActionClick: onCombatActionClick,
  queries: { gmWrite: GM_WRITE_QUERY, reaction: REACTION_QUERY },
  hooks: ATTACK_HOOKS,
} as const;

interface HookRegistry {
  on(hook: string, fn: (...args: never[]) => unknown): number;
}

/** Adds `attack(item, options)` to the Actor class. */
export function installActorAttack(cls: { prototype: object }): void {
  Object.defineProperty(cls.prototype, "attack", {
    value: function (this: WorkflowActor, item: AttackItem, options?: AttackCallOptions) {
      return attack(this, item, options);
    },
    writable: true,
    configurable: true,
  });
}

/** Registers everything of the attack workflow; call once in the `init` hook. */
export function registerAttack(): void {
  registerGmWrites();
  registerReactionQuery();
  registerAttackSettings();
  registerCombatActions();
  registerTokenRuler();
  setAttackDialog(promptAttackDialog);
  const actorClass = (CONFIG as unknown as { Actor?: { documentClass?: { prototype: object } } }).Actor?.documentClass;
  if (actorClass) installActorAttack(actorClass);
  const api = game as unknown as { clockwork?: Record<string, unknown> };
  api.clockwork = { ...(api.clockwork ?? {}), combat: combatApi };
  (Hooks as unknown as HookRegistry).on("renderChatMessageHTML", (message: unknown, html: HTMLElement) => onRenderAttackMessage(message, html));
  void foundry.applications.handlebars?.loadTemplates?.([ATTACK_CARD_TEMPLATE, REACTION_TEMPLATE, COMBAT_ACTIONS_TEMPLATE, ...Object.values(ATTACK_DIALOG_PARTS)]);
}
