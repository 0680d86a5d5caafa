/**
 * The character sheet's own click handlers (builder, advancement, refund).
 */
import type { XpLogEntry } from "../../rules";
import { refundLastPurchase } from "../../documents/advancement";
import { lastPurchase } from "../../rules/advancement-log";
import { logText } from "../builder/advancement-context";
import { builderApi } from "../builder/register";
import { currentChoices } from "../choices-registry";
import { confirm, escapeText, localize, notify } from "../../foundry";

/** What the handlers need of a character sheet. */
export interface CharacterSheetLike {
  actor: Actor.Implementation;
  xpLog: XpLogEntry[];
}

async function openBuilder(sheet: CharacterSheetLike): Promise<void> {
  await builderApi.openBuilder(sheet.actor);
}

async function openAdvancement(sheet: CharacterSheetLike): Promise<void> {
  await builderApi.openAdvancement(sheet.actor);
}

/** Refunds the last purchase after a confirmation, as the advancement window does. */
async function refund(sheet: CharacterSheetLike): Promise<void> {
  const last = lastPurchase(sheet.xpLog);
  if (!last) return;
  const entry = logText(last, currentChoices(), localize);
  const yes = await confirm("CLOCKWORK.Advancement.RefundTitle", "CLOCKWORK.Advancement.RefundContent", { entry, xp: last.xp });
  if (!yes) return;
  try {
    const refund = await refundLastPurchase(sheet.actor);
    notify("info", "CLOCKWORK.Advancement.Done.Refunded", { name: entry, xp: refund.xp });
  } catch (error) {
    // A refusal (something bought since, a write refused) is told in words; nothing changed.
    ui.notifications?.error(escapeText(error instanceof Error ? error.message : String(error)));
  }
}

/** The handlers by name, as the character sheet classes call them. */
export const characterActions = { openBuilder, openAdvancement, refund };
