/**
 * The attack workflow's code, loaded on first use (`import()` from ./index): the workflow, its
 * dialog, the card, the reactions, the sheet's combat actions and the GM write relay. Loading it
 * hands the workflow its dialog.
 */
import { promptAttackDialog } from "./dialog";
import { setAttackDialog } from "./workflow";

export { attack } from "./workflow";
export { applyAttackCard, onRenderAttackMessage, undoAttackCard } from "./chat";
export { answerReaction } from "./reactions";
export { redirectAttackDamage } from "./redirect";
export { fall, promptFall } from "../fall";
export { answerGmWrite, applyDamageTo, healActor, requestWrites, setStatus, spendCombatantCounters } from "../gm-writes";
export { combatActionsFor, loadActionProviders, onCombatActionClick, performCombatAction } from "../actions";

setAttackDialog(promptAttackDialog);
