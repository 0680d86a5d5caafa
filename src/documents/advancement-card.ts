/**
 * The chat card of an XP award (issue 33): who got how much and why, posted in the GM's roll
 * mode. A report only: no hook or relay reads it back, so a card a player posts with the same
 * look or flags changes no XP (XP is written by `awardXp` on the GM's side, as before).
 */
import { allUsers, localize } from "../foundry";
import { applyRollMode, currentRollMode } from "../dice/roll-mode";
import type { RollModeKey } from "../dice/types";

export const XP_AWARD_CARD_TEMPLATE = "systems/clockwork/templates/chat/xp-award-card.hbs";

export interface XpAwardReport {
  amount: number;
  reason: string;
  note?: string;
  names: readonly string[];
}

/** The card's template context (pure but for localize). Names stay raw: the template escapes them. */
export function xpAwardCardContext(report: XpAwardReport) {
  return {
    title: localize("CLOCKWORK.Advancement.AwardCard.Title"),
    amount: report.amount,
    amountText: localize(`CLOCKWORK.Advancement.AwardCard.${report.names.length > 1 ? "AmountEach" : "AmountOne"}`, { amount: report.amount }),
    names: [...report.names],
    reason: localize(`CLOCKWORK.Advancement.Reason.${report.reason}`),
    note: report.note?.trim() || null,
  };
}

interface OwnedActor {
  testUserPermission?(user: unknown, level: string): boolean;
}

interface UserLike {
  id: string | null;
  isGM: boolean;
}

/**
 * Who a private card goes to. A GM roll is "the GM and the one it concerns": here the GMs and
 * the players who own an awarded character, so a player learns of his award and no one else's.
 * Blind and self rolls keep core's meaning (GMs only; the poster only); public whispers no one.
 */
export function awardRecipients(actors: readonly unknown[], mode: RollModeKey): string[] | null {
  if (mode !== "gmroll") return null;
  const users = allUsers<UserLike>();
  const owners = users.filter((u) => !u.isGM && actors.some((a) => (a as OwnedActor).testUserPermission?.(u, "OWNER") === true));
  return [...users.filter((u) => u.isGM), ...owners].map((u) => u.id).filter((id): id is string => !!id);
}

/** Posts the card for an award already written; `rollMode` defaults to the poster's chat setting. */
export async function postXpAwardCard(actors: readonly unknown[], report: XpAwardReport, rollMode: RollModeKey = currentRollMode()): Promise<unknown> {
  const content = await foundry.applications.handlebars.renderTemplate(XP_AWARD_CARD_TEMPLATE, xpAwardCardContext(report) as never);
  const data: { content: string; speaker: object; whisper?: string[] } = applyRollMode({ content, speaker: { alias: localize("CLOCKWORK.Advancement.AwardCard.Speaker") } }, rollMode);
  // Set after core's mode, which would otherwise leave a GM roll to the GMs alone.
  const whisper = awardRecipients(actors, rollMode);
  if (whisper) data.whisper = whisper;
  // No rollMode option: core would apply the mode a second time.
  return ChatMessage.implementation.create(data as never);
}
