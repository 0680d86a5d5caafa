/**
 * The attack workflow's registration (issue 10 items 4–7, 10, 11): the GM write relay, the
 * attack card's relay kinds and hidden details worked out by each viewer (issue 18), the reaction query, the world settings, the attack card's render hook, the attack dialog,
 * `actor.attack(item, options)` and `game.clockwork.combat`. The entry point calls
 * `registerAttack()` in `init`.
 */
import { hooks, registerQuery, systemApi } from "../../foundry";
import { RELAY_QUERY, relay, writeOwned } from "../../relay";
import { COMBAT_ACTIONS_TEMPLATE } from "../actions/templates";
import { registerCombatActions } from "../actions/register";
import { combatActionsFor, onCombatActionClick, performCombatAction } from "../actions";
import { fall, promptFall } from "../fall";
import { addFallButton } from "../fall-button";
import { registerTokenRuler } from "../../canvas/ruler";
import { applyAttackCard, registerAttackKinds, undoAttackCard } from "./apply";
import { onRenderAttackMessage, setHiddenDetails } from "./chat";
import { forgetHiddenDetails, HIDDEN_DETAIL_HOOKS, hiddenDetails } from "./details";
import { answerReactionRecord, REACTION_RECORD_QUERY } from "./reaction-record";
import { recordLastMiss } from "./last-miss-record";
import { ATTACK_CARD_TEMPLATE, ATTACK_HOOKS, REACTION_QUERY, REACTION_TEMPLATE } from "./constants";
import { promptAttackDialog } from "./dialog";
import { ATTACK_DIALOG_PARTS } from "./dialog-parts";
import { answerReaction } from "./reactions";
import { redirectAttackDamage } from "./redirect";
import { registerAttackSettings } from "./settings";
import { attack, setAttackDialog, type AttackCallOptions, type AttackOutcome } from "./workflow";

export { ATTACK_HOOKS, attack, type AttackCallOptions, type AttackOutcome };

// The workflow asks through the attack dialog (injected: the dialog imports the workflow).
setAttackDialog(promptAttackDialog);
// The card works out the numbers its viewer may see (./details reads the workflow: injected).
setHiddenDetails(hiddenDetails);

/** The combat API for macros and modules (`game.clockwork.combat`). */
export const combatApi = {
  attack,
  applyAttackCard,
  undoAttackCard,
  writeOwned,
  relay,
  fall,
  redirectDamage: redirectAttackDamage,
  actions: combatActionsFor,
  performAction: performCombatAction,
  onActionClick: onCombatActionClick,
  queries: { relay: RELAY_QUERY, reaction: REACTION_QUERY },
  hooks: ATTACK_HOOKS,
} as const;

/** Whether a chat message carries an attack card (its flag). */
function hasAttackCard(message: unknown): boolean {
  const flags = (message as { flags?: { clockwork?: Record<string, unknown> } } | null)?.flags?.clockwork;
  return !!flags && typeof flags.attack === "object" && flags.attack !== null;
}

/** Registers everything of the attack workflow; call once in the `init` hook. */
export function registerAttack(): void {
  registerQuery(REACTION_QUERY, (data: unknown) => answerReaction(data));
  // The GM's side records a reaction (and pays it): a player never writes the record (issue 34).
  registerQuery(REACTION_RECORD_QUERY, (data: unknown, options) => answerReactionRecord(data, options));
  registerAttackSettings();
  registerCombatActions();
  registerTokenRuler();
  systemApi().combat = combatApi;
  hooks().on("renderChatMessageHTML", (message: unknown, html: HTMLElement) => {
    if (hasAttackCard(message)) onRenderAttackMessage(message, html, { apply: (m) => applyAttackCard(m as never), undo: undoAttackCard, redirect: redirectAttackDamage });
  });
  registerAttackKinds();
  // Flourish: the GM records a missed attack from each new card (./last-miss).
  hooks().on("createChatMessage", (message: unknown) => {
    if (hasAttackCard(message)) recordLastMiss(message as never).catch((error: unknown) => console.error(error));
  });
  for (const name of HIDDEN_DETAIL_HOOKS) hooks().on(name, () => forgetHiddenDetails());
  hooks().on("renderTokenHUD", (hud: never, html: HTMLElement) => addFallButton(hud, html, (token) => void promptFall(token as never)));
  void foundry.applications.handlebars?.loadTemplates?.([ATTACK_CARD_TEMPLATE, REACTION_TEMPLATE, COMBAT_ACTIONS_TEMPLATE, ...Object.values(ATTACK_DIALOG_PARTS)]);
}
