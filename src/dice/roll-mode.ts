/**
 * The one place that reads, writes and applies roll modes. The system speaks v13's vocabulary
 * inside (`publicroll`, `gmroll`, `blindroll`, `selfroll`: roll flags, the dialog, the API);
 * this file translates at the edge. Foundry v13 keeps the user's choice in the core
 * `rollMode` setting and applies it with `ChatMessage.applyRollMode`; v14 renamed them to the
 * `messageMode` setting (`public`, `gm`, `blind`, `self`) and `ChatMessage.applyMode`; v13's
 * setting stays there deprecated until v16 (reading it logs a compatibility warning), so this
 * file reads `messageMode` on v14.
 */
import { ROLL_MODES, type RollModeKey } from "./types";
import { labelKey } from "./context/format";
import { maybeGame, releaseGeneration, runtimeGlobal } from "../foundry";

/** v14's message modes, by the v13 roll mode each replaces. */
const MESSAGE_MODES: Readonly<Record<RollModeKey, string>> = {
  publicroll: "public",
  gmroll: "gm",
  blindroll: "blind",
  selfroll: "self",
};

interface SettingsLike {
  get(namespace: string, key: string): unknown;
  set(namespace: string, key: string, value: unknown): Promise<unknown>;
}

interface ChatMessageStatics {
  applyRollMode?: (data: object, mode: string) => unknown;
  applyMode?: (data: object, mode: string) => unknown;
}

export function isRollMode(value: unknown): value is RollModeKey {
  return (ROLL_MODES as readonly unknown[]).includes(value);
}

/** Whether this Foundry uses v14's message modes instead of v13's roll modes. */
export function usesMessageModes(): boolean {
  return releaseGeneration() >= 14;
}

/** A roll mode in either vocabulary (or v14's "ic", which is public) as the system's key. */
export function toRollMode(value: unknown): RollModeKey | null {
  if (isRollMode(value)) return value;
  if (value === "ic") return "publicroll";
  for (const [mode, message] of Object.entries(MESSAGE_MODES)) if (message === value) return mode as RollModeKey;
  return null;
}

/** The core setting holding the user's choice: `[namespace, key, value]` for this Foundry. */
function coreSetting(mode?: RollModeKey): [string, string, string | undefined] {
  if (usesMessageModes()) return ["core", "messageMode", mode && MESSAGE_MODES[mode]];
  return ["core", "rollMode", mode];
}

function settings(): SettingsLike | undefined {
  return maybeGame()?.settings as SettingsLike | undefined;
}

/** The roll mode this user has chosen in the chat controls. */
export function currentRollMode(): RollModeKey {
  const [namespace, key] = coreSetting();
  return toRollMode(settings()?.get(namespace, key)) ?? "publicroll";
}

/** Makes `mode` the user's roll mode, in whichever core setting this Foundry has. */
export async function setRollMode(mode: RollModeKey): Promise<void> {
  const [namespace, key, value] = coreSetting(mode);
  await settings()?.set(namespace, key, value);
}

/**
 * Sets whisper and blind on new message data for the roll mode, as core does. Callers pass the
 * data to `ChatMessage.create` without a `rollMode`/`messageMode` option, so core does not
 * apply it a second time.
 */
export function applyRollMode<T extends object>(messageData: T, rollMode: RollModeKey): T {
  const statics = runtimeGlobal<ChatMessageStatics>("ChatMessage") ?? {};
  if (usesMessageModes() && typeof statics.applyMode === "function") statics.applyMode(messageData, MESSAGE_MODES[rollMode]);
  else statics.applyRollMode?.(messageData, rollMode);
  return messageData;
}

/** The roll modes the dialog offers, with their labels. */
export function rollModeChoices(): { value: RollModeKey; label: string }[] {
  return ROLL_MODES.map((value) => ({ value, label: labelKey.rollMode(value) }));
}
