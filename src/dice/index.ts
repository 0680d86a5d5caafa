/**
 * The dice layer: roll classes (registered in `CONFIG.Dice.rolls`), the odds setting, chat-card
 * hooks (redaction and the luck button), the GM's luck refresh, Dice So Nice, and the public
 * roll API. The entry point calls `registerDice()` in `init` and
 * `installActorRollMethods(ClockworkActor)`; `diceApi` belongs on `game.clockwork`.
 */
import { registerDiceSoNice } from "../integrations/dice-so-nice";
import { rollAttack, rollDamage, rollDeath, rollFlat, rollSkill } from "./actor-rolls";
import { onRenderChatMessageHTML } from "./chat";
import { confirmRefreshLuck, refreshLuck, spendLuck } from "./luck";
import { registerRollClasses, ROLL_CLASSES } from "./registry";
import { registerDiceSettings } from "./settings";
import { preloadDiceTemplates } from "./templates";
import { DamageRoll } from "./damage-roll";
import { DeathRoll } from "./death-roll";
import { FlatRoll } from "./flat-roll";
import { GainRoll } from "./gain-roll";

export { ClockworkRoll } from "./clockwork-roll";
export { DamageRoll, DeathRoll, FlatRoll, GainRoll };
export { HOOKS } from "./hooks";
export { installActorRollMethods, type ActorRollMethods } from "./actor-rolls";

/** Roll class per kind, as each layer folder exports its `config`. */
export const config = ROLL_CLASSES;

/** For `game.clockwork`: the roll API as functions of an actor, and the GM's luck refresh. */
export const diceApi = {
  rollSkill, rollAttack, rollDamage, rollFlat, rollDeath, refreshLuck, spendLuck,
  rolls: { GainRoll, FlatRoll, DamageRoll, DeathRoll },
} as const;

interface SceneControlTools {
  tools?: Record<string, unknown>;
}

interface HookRegistry {
  on(hook: string, fn: (...args: never[]) => unknown): number;
}

/** A GM button in the token controls that refreshes every character's luck. */
function addLuckControl(controls: Record<string, SceneControlTools> | unknown[]): void {
  if (!game.user?.isGM || Array.isArray(controls)) return;
  const tokens = controls.tokens;
  if (!tokens?.tools) return;
  tokens.tools.clockworkRefreshLuck = {
    name: "clockworkRefreshLuck",
    title: "CLOCKWORK.Luck.RefreshTool",
    icon: "fa-solid fa-clover",
    order: Object.keys(tokens.tools).length,
    button: true,
    visible: true,
    onChange: () => void confirmRefreshLuck(),
  };
}

/** Registers the dice layer; call once in the `init` hook. */
export function registerDice(): void {
  registerRollClasses();
  registerDiceSettings();
  registerDiceSoNice();
  const hooks = Hooks as unknown as HookRegistry;
  hooks.on("renderChatMessageHTML", (message: unknown, html: HTMLElement) => onRenderChatMessageHTML(message, html, spendLuck));
  hooks.on("getSceneControlButtons", (controls: Record<string, SceneControlTools>) => addLuckControl(controls));
  void preloadDiceTemplates();
}
