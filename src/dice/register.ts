/**
 * The dice layer's registration, in the entry module: the roll classes (Foundry rebuilds chat
 * messages' rolls by class name, so they register at `init`), the settings, the chat-card hook,
 * the GM's luck tool, Dice So Nice, and the roll API. The API's work (requests, dialog, chat
 * card, luck) loads with the first roll (`actor-rolls.ts`, `luck.ts`: their own chunks).
 */
import type { Dice3D } from "../integrations/dice-so-nice";
import type * as ActorRolls from "./actor-rolls";
import type { ActorRollMethods, RollingActor } from "./actor-rolls";
import type { RollMessage } from "./chat";
import { DamageRoll } from "./damage-roll";
import { DeathRoll } from "./death-roll";
import { FlatRoll } from "./flat-roll";
import { GainRoll } from "./gain-roll";
import { rollFlags } from "./message-flags";
import { registerRollClasses } from "./registry";
import { registerDiceSettings } from "./settings";
import { preloadDiceTemplates } from "./templates";

type Rolls = typeof ActorRolls;

let rolls: Promise<Rolls> | null = null;
const loadRolls = (): Promise<Rolls> => (rolls ??= import("./actor-rolls"));
const loadLuck = () => import("./luck");
const loadChat = () => import("./chat");

/** For `game.clockwork`: the roll API as functions of an actor, and the GM's luck refresh. */
export const diceApi = {
  rollSkill: async (...args: Parameters<Rolls["rollSkill"]>) => (await loadRolls()).rollSkill(...args),
  rollAttack: async (...args: Parameters<Rolls["rollAttack"]>) => (await loadRolls()).rollAttack(...args),
  rollDamage: async (...args: Parameters<Rolls["rollDamage"]>) => (await loadRolls()).rollDamage(...args),
  rollFlat: async (...args: Parameters<Rolls["rollFlat"]>) => (await loadRolls()).rollFlat(...args),
  rollDeath: async (...args: Parameters<Rolls["rollDeath"]>) => (await loadRolls()).rollDeath(...args),
  refreshLuck: async () => (await loadLuck()).refreshLuck(),
  spendLuck: async (message: RollMessage) => (await loadLuck()).spendLuck(message),
  rolls: { GainRoll, FlatRoll, DamageRoll, DeathRoll },
} as const;

/** Adds the roll API to an Actor class's prototype (`actor.rollSkill("strength")` …). */
export function installActorRollMethods(cls: { prototype: object }): void {
  const methods: ActorRollMethods & ThisType<RollingActor> = {
    rollSkill(skill, options) { return diceApi.rollSkill(this, skill, options); },
    rollAttack(item, options) { return diceApi.rollAttack(this, item, options); },
    castSpell(item, options) { return diceApi.rollAttack(this, item, options); },
    rollDamage(item, options) { return diceApi.rollDamage(this, item, options); },
    rollFlat(target, options) { return diceApi.rollFlat(this, target, options); },
    rollDeath(options) { return diceApi.rollDeath(this, options); },
  };
  for (const [name, fn] of Object.entries(methods)) {
    Object.defineProperty(cls.prototype, name, { value: fn, writable: true, configurable: true });
  }
}

interface SceneControlTools {
  tools?: Record<string, unknown>;
}

interface HookRegistry {
  on(hook: string, fn: (...args: never[]) => unknown): number;
  once(hook: string, fn: (...args: never[]) => unknown): number;
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
    onChange: () => void loadLuck().then((luck) => luck.confirmRefreshLuck()),
  };
}

/** Registers the dice layer; call once in the `init` hook. */
export function registerDice(): void {
  registerRollClasses();
  registerDiceSettings();
  const hooks = Hooks as unknown as HookRegistry;
  // Dice So Nice (optional): its setup loads only when the module says it is ready.
  hooks.once("diceSoNiceReady", (dice3d: Dice3D) => void import("../integrations/dice-so-nice").then((dsn) => dsn.configureDiceSoNice(dice3d)));
  // A roll card's redaction and luck button: the chat code loads with the first card drawn (core
  // already hides a private roll's content; the hook draws the viewer's card in its place).
  hooks.on("renderChatMessageHTML", (message: RollMessage, html: HTMLElement) => {
    if (rollFlags(message)) void loadChat().then((chat) => chat.onRenderChatMessageHTML(message, html, diceApi.spendLuck));
  });
  hooks.on("getSceneControlButtons", (controls: Record<string, SceneControlTools>) => addLuckControl(controls));
  void preloadDiceTemplates();
  // Every table rolls: once the game is up, fetch the rolling code in the background, so the
  // first roll does not wait for it (start-up itself does not).
  Hooks.once("ready", () => void prefetchRolls());
}

/** Loads the roll API's modules, the chat code, the roll dialog and the chat card's builder ahead of the first roll. */
export function prefetchRolls(): Promise<unknown> {
  return Promise.all([loadRolls(), loadChat(), import("../applications/dialogs/roll-dialog"), import("./context/chat-card")]).catch(() => null);
}
