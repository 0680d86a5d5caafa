/**
 * Moved to the Foundry adapter (src/foundry/). Kept only for src/dice/actor-rolls.ts and
 * src/combat/documents/combat-impl.ts, which are being rewritten in parallel; delete after merge.
 */
export { confirm, localize, notify, renderTemplate } from "../foundry";
