import { getSetting, registerSetting } from "../../foundry";
/** The attack workflow's world settings (issue 10 item 5). */
/**
 * How much of a target's numbers a player who may not observe it gets: in the attack dialog
 * nothing, a band of the chance ("likely" …, the default: an exact chance gives the defense
 * away), the exact chance, or everything; at "everything" every user's client shows the cards'
 * hidden details too (./chat, ./details). Here (not in ./preview): the settings need none of the attack rules.
 */
export const HIDDEN_INFO_LEVELS = ["nothing", "bands", "percentages", "everything"] as const;
export type HiddenInfoLevel = (typeof HIDDEN_INFO_LEVELS)[number];

export const SYSTEM_ID = "clockwork";
export const HIDDEN_INFO_SETTING = "attackHiddenInfo";
export const NPC_REACTIONS_SETTING = "npcReactions";
export const REACTION_TIMEOUT_SETTING = "reactionTimeout";

/** Who decides an NPC's dodge or block: the GM is asked, or the system picks the best one. */
export const NPC_REACTION_MODES = ["ask", "auto"] as const;
export type NpcReactionMode = (typeof NPC_REACTION_MODES)[number];

/** Seconds a target's owner has to choose a reaction before it counts as none. */
export const DEFAULT_REACTION_TIMEOUT = 30;

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "clockwork.attackHiddenInfo": HiddenInfoLevel;
    "clockwork.npcReactions": NpcReactionMode;
    "clockwork.reactionTimeout": number;
  }
}

/** Registers the settings; call in `init`. */
export function registerAttackSettings(): void {
  registerSetting(SYSTEM_ID, HIDDEN_INFO_SETTING, {
    name: "CLOCKWORK.Combat.Attack.Setting.HiddenInfo.Name",
    hint: "CLOCKWORK.Combat.Attack.Setting.HiddenInfo.Hint",
    scope: "world", config: true, type: String, default: "bands",
    choices: Object.fromEntries(HIDDEN_INFO_LEVELS.map((level) => [level, `CLOCKWORK.Combat.Attack.Setting.HiddenInfo.${level}`])),
  });
  registerSetting(SYSTEM_ID, NPC_REACTIONS_SETTING, {
    name: "CLOCKWORK.Combat.Attack.Setting.NpcReactions.Name",
    hint: "CLOCKWORK.Combat.Attack.Setting.NpcReactions.Hint",
    scope: "world", config: true, type: String, default: "ask",
    choices: Object.fromEntries(NPC_REACTION_MODES.map((mode) => [mode, `CLOCKWORK.Combat.Attack.Setting.NpcReactions.${mode}`])),
  });
  registerSetting(SYSTEM_ID, REACTION_TIMEOUT_SETTING, {
    name: "CLOCKWORK.Combat.Attack.Setting.ReactionTimeout.Name",
    hint: "CLOCKWORK.Combat.Attack.Setting.ReactionTimeout.Hint",
    scope: "world", config: true, type: Number, default: DEFAULT_REACTION_TIMEOUT,
    range: { min: 5, max: 120, step: 5 },
  });
}

/** What the dialog shows of targets the user may not observe (default: a band of the chance). */
export function hiddenInfoLevel(): HiddenInfoLevel {
  const value: unknown = getSetting(SYSTEM_ID, HIDDEN_INFO_SETTING);
  return (HIDDEN_INFO_LEVELS as readonly unknown[]).includes(value) ? value as HiddenInfoLevel : "bands";
}

export function npcReactionMode(): NpcReactionMode {
  const value: unknown = getSetting(SYSTEM_ID, NPC_REACTIONS_SETTING);
  return (NPC_REACTION_MODES as readonly unknown[]).includes(value) ? value as NpcReactionMode : "ask";
}

/** The reaction timeout in milliseconds. */
export function reactionTimeoutMs(): number {
  const value = Number(getSetting(SYSTEM_ID, REACTION_TIMEOUT_SETTING));
  return (Number.isFinite(value) && value > 0 ? value : DEFAULT_REACTION_TIMEOUT) * 1000;
}
