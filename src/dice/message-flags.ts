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

/**
 * What modules read off any ClockWork card (roll, attack, cast): the item and the token behind
 * it, as `flags.clockwork.itemUuid` and `.tokenUuid`. Automated Animations and similar modules
 * key on them (issue 22 item 4). References only, never a hidden number.
 */
export interface SourceFlags {
  itemUuid: string | null;
  tokenUuid: string | null;
}

interface TokenHolder {
  token?: { uuid?: string | null } | null;
  getActiveTokens?(linked?: boolean, document?: boolean): unknown[];
}

/** The flags for a card of `actor` using `item`; `token` when the caller knows it. */
export function sourceFlags(item: { uuid?: string | null } | null | undefined, actor: TokenHolder | null | undefined, token?: { uuid?: string | null } | null): SourceFlags {
  const found = token ?? actor?.token ?? (actor?.getActiveTokens?.(false, true)?.[0] as { uuid?: string | null } | undefined);
  return { itemUuid: item?.uuid ?? null, tokenUuid: found?.uuid ?? null };
}
