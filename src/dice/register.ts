/**
 * The dice layer's registration, in the entry module: the roll classes (Foundry rebuilds chat
 * messages' rolls by class name, so they register at `init`), the settings, the chat-card hook,
 * the GM's luck tool, Dice So Nice, and the roll API (`actor-rolls.ts`, `luck.ts`). The actor's
 * roll methods are declared on ClockworkActor (src/documents/actor.ts).
 */
import { configureDiceSoNice, type Dice3D } from "./dice-so-nice";
import { rollAttack, rollDamage, rollDeath, rollFlat, rollSkill } from "./actor-rolls";
import { onRenderChatMessageHTML, type RollMessage } from "./chat";
import { DamageRoll } from "./damage-roll";
import { DeathRoll } from "./death-roll";
import { FlatRoll } from "./flat-roll";
import { registerGainModifier } from "./gain-modifier";
import { GainRoll } from "./gain-roll";
import { confirmRefreshLuck, refreshLuck, spendLuck } from "./luck";
import { rollFlags } from "./message-flags";
import { registerRollClasses } from "./registry";
import { registerDiceSettings } from "./settings";
import { preloadDiceTemplates } from "./templates";
import { hooks as foundryHooks } from "../foundry";

/** For `game.clockwork`: the roll API as functions of an actor, and the GM's luck refresh. */
export const diceApi = {
  rollSkill,
  rollAttack,
  rollDamage,
  rollFlat,
  rollDeath,
  refreshLuck,
  spendLuck: (message: RollMessage) => spendLuck(message),
  rolls: { GainRoll, FlatRoll, DamageRoll, DeathRoll },
} as const;

interface SceneControlTools {
  tools?: Record<string, unknown>;
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
  registerGainModifier();
  registerDiceSettings();
  const hooks = foundryHooks();
  // Dice So Nice (optional): set up when the module says it is ready.
  hooks.once("diceSoNiceReady", (dice3d: Dice3D) => configureDiceSoNice(dice3d));
  // A roll card's redaction and luck button (core already hides a private roll's content; the
  // hook draws the viewer's card in its place).
  hooks.on("renderChatMessageHTML", (message: RollMessage, html: HTMLElement) => {
    if (rollFlags(message)) onRenderChatMessageHTML(message, html, diceApi.spendLuck);
  });
  hooks.on("getSceneControlButtons", (controls: Record<string, SceneControlTools>) => addLuckControl(controls));
  void preloadDiceTemplates();
}
