/**
 * The dice layer: roll classes (registered in `CONFIG.Dice.rolls`), the odds setting, chat-card
 * hooks (redaction and the luck button), the GM's luck refresh, Dice So Nice, and the public
 * roll API. The entry point calls `registerDice()` in `init`; `diceApi` belongs on
 * `game.clockwork`. Both come from `register.ts`; the actor's roll methods are declared on
 * ClockworkActor.
 */
import { ROLL_CLASSES } from "./registry";

export { ClockworkRoll } from "./clockwork-roll";
export { DamageRoll } from "./damage-roll";
export { DeathRoll } from "./death-roll";
export { FlatRoll } from "./flat-roll";
export { GainRoll } from "./gain-roll";
export { HOOKS } from "./hooks";
export { diceApi, registerDice } from "./register";

/** Roll class per kind, as each layer folder exports its `config`. */
export const config = ROLL_CLASSES;
