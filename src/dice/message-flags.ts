/**
 * Where a roll message keeps its ClockWork flags. Apart from chat.ts so the entry's
 * `renderChatMessageHTML` hook can tell a roll card from other messages without loading the
 * chat code, which it loads only for a roll card.
 */
import type { RollMessageFlags } from "./types";

export const FLAG_SCOPE = "clockwork";
export const ROLL_FLAG = "roll";

/** The ClockWork roll flags of a message, or null for any other message. */
export function rollFlags(message: { flags?: Record<string, unknown> } | null | undefined): RollMessageFlags | null {
  const scope = message?.flags?.[FLAG_SCOPE] as Record<string, unknown> | undefined;
  const flags = scope?.[ROLL_FLAG] as RollMessageFlags | undefined;
  return flags && typeof flags === "object" && flags.kind ? flags : null;
}
