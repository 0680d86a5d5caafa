/**
 * The one place that reads and applies roll modes. Foundry v13 keeps the user's choice in the
 * core "rollMode" setting and whispers messages through `ChatMessage.applyRollMode`; a later
 * Foundry that renames these changes only this file.
 */
import { ROLL_MODES, type RollModeKey } from "./types";
import { labelKey } from "./context/format";

export function isRollMode(value: unknown): value is RollModeKey {
  return (ROLL_MODES as readonly unknown[]).includes(value);
}

/** The roll mode this user has chosen in the chat controls. */
export function currentRollMode(): RollModeKey {
  const mode: unknown = game.settings?.get("core", "rollMode");
  return isRollMode(mode) ? mode : "publicroll";
}

/** Sets whisper and blind on new message data for the roll mode, as core does. */
export function applyRollMode<T extends object>(messageData: T, rollMode: RollModeKey): T {
  ChatMessage.applyRollMode(messageData as never, rollMode);
  return messageData;
}

/** The roll modes the dialog offers, with their labels. */
export function rollModeChoices(): { value: RollModeKey; label: string }[] {
  return ROLL_MODES.map((value) => ({ value, label: labelKey.rollMode(value) }));
}
