/**
 * The prompts' names and settings (issue 10 items 8, 9), registered at `init`: whether prompts
 * roll at once, and the queries a player's client answers. The prompts themselves (./prompts.ts)
 * load with the combat implementation.
 */
import { loadCombatImpl, type CombatImpl } from "./load";
import { registerQuery } from "../foundry";

export const SYSTEM_ID = "clockwork";
export const QUERY_END_CHECKS = "clockwork.endOfTurnChecks";
export const QUERY_DEATH_ROLL = "clockwork.deathRoll";
/** World: the GM rolls NPCs' end-of-turn checks and death rolls without a prompt. */
export const AUTO_NPC_SETTING = "autoRollNpcChecks";
/** Client: this user's own prompts roll at once. */
export const AUTO_OWN_SETTING = "autoRollOwnChecks";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "clockwork.autoRollNpcChecks": boolean;
    "clockwork.autoRollOwnChecks": boolean;
  }
}

/** Registers the prompt settings and query handlers. */
export function registerPrompts(): void {
  game.settings?.register(SYSTEM_ID, AUTO_NPC_SETTING, {
    name: "CLOCKWORK.Conditions.Setting.AutoNpc.Name", hint: "CLOCKWORK.Conditions.Setting.AutoNpc.Hint",
    scope: "world", config: true, type: Boolean, default: true,
  } as never);
  game.settings?.register(SYSTEM_ID, AUTO_OWN_SETTING, {
    name: "CLOCKWORK.Conditions.Setting.AutoOwn.Name", hint: "CLOCKWORK.Conditions.Setting.AutoOwn.Hint",
    scope: "client", config: true, type: Boolean, default: false,
  } as never);
  registerQuery(QUERY_END_CHECKS, async (data: Parameters<CombatImpl["answerEndChecks"]>[0]) => (await loadCombatImpl()).answerEndChecks(data));
  registerQuery(QUERY_DEATH_ROLL, async (data: Parameters<CombatImpl["answerDeathRoll"]>[0]) => (await loadCombatImpl()).answerDeathRoll(data));
}

