/**
 * The combat layer's implementation (issue 10), one chunk loaded on first use (./load.ts): the
 * Combat's and Combatant's method bodies, dying, the prompts' answers, minion groups and the
 * tracker's rows. The registrations at `init` reach it through `loadCombatImpl()`.
 */
export {
  answerInitiative, applyEndChecks, onCombatDeleted, onEndTurn, onEnter, onStartTurn, rewind, rollInitiative,
} from "./documents/combat-impl";
export { passTurn, prepareAction, setCounters, spendCounters, triggerPrepared } from "./documents/combatant-impl";
export { afterDamage, answerStabilize, onHealthUpdate, stabilize } from "./dying";
export { answerDeathRoll, answerEndChecks } from "./prompts";
export { groupMinions } from "./minions";
export { decorateTracker } from "./tracker/decorate";
