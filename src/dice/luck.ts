/**
 * Spending and refreshing luck (digest §4.5). A luck reroll happens in the same chat message:
 * the earlier attempts stay in `message.rolls`, marked discarded, and the card shows them
 * struck through. Only a user who owns both the message (its author, or a GM) and the actor
 * may spend the actor's luck, so no write ever needs a GM on another client.
 */
import { confirm, documentImplementation, notify, updateDocument, worldCollection } from "../foundry";
import { LUCK_PER_SESSION, canSpendMoreLuck, standingAttempt } from "./luck-policy";
import { FLAG_SCOPE, fullViewer, ROLL_FLAG, renderRollCard, rollFlags, rollMessageActor, serializeRoll, type RollMessage } from "./chat";
import type { ClockworkRoll } from "./clockwork-roll";
import { applyDeathRoll } from "./death";
import { DeathRoll } from "./death-roll";
import { callRolled } from "./hooks";
import { animateRoll } from "./dice-so-nice";
import type { LuckState, SerializedRoll } from "./types";

function withDiscarded(roll: SerializedRoll, discarded: boolean): SerializedRoll {
  return { ...roll, options: { ...(roll.options ?? {}), discarded } };
}

/**
 * Rerolls a message's roll for one luck. Returns the new roll, or null (with a localized
 * warning) when the user may not, the actor has no luck left, or the roll already had its luck.
 */
export async function spendLuck(message: RollMessage): Promise<ClockworkRoll | null> {
  const flags = rollFlags(message);
  if (!flags) return null;
  const actor = rollMessageActor(flags);
  if (!actor) {
    notify("warn", "CLOCKWORK.Luck.NoActor");
    return null;
  }
  if (!message.isOwner || actor.isOwner !== true) {
    notify("warn", "CLOCKWORK.Luck.NotAllowed");
    return null;
  }
  if (!canSpendMoreLuck(flags.luck)) {
    notify("warn", "CLOCKWORK.Luck.OnePerRoll");
    return null;
  }
  const luckLeft = actor.system.luck?.value ?? 0;
  if (luckLeft < 1) {
    notify("warn", "CLOCKWORK.Luck.NoneLeft", { name: actor.name });
    return null;
  }

  // The actor pays before the dice roll; a refused write (core resolves undefined, as for an
  // empty diff) stops the reroll.
  const paid = await updateDocument(actor, { "system.luck.value": luckLeft - 1 });
  if (paid === "refused") {
    notify("warn", "CLOCKWORK.Luck.PaymentRefused", { name: actor.name });
    return null;
  }

  const rolls = message.rolls as ClockworkRoll[];
  const reroll = rolls[0].freshCopy();
  await reroll.evaluate();
  await animateRoll(reroll, message);

  const attempts = [...rolls, reroll];
  const standing = standingAttempt(attempts.map((r) => r.luckScore()), flags.luck.keepBest);
  const serialized = attempts.map((r, i) => withDiscarded(serializeRoll(r), i !== standing));
  const luck: LuckState = { ...flags.luck, spent: flags.luck.spent + 1 };
  const content = await renderRollCard({ actorName: message.speaker?.alias ?? actor.name, rolls: serialized, luck }, fullViewer(flags.rollMode));
  await message.update({
    rolls: serialized.map((r) => JSON.stringify(r)),
    content,
    [`flags.${FLAG_SCOPE}.${ROLL_FLAG}.luck`]: luck,
  });
  const stands = attempts[standing];
  if (stands instanceof DeathRoll && stands.settings.applied) await applyDeathRoll(actor, stands);
  callRolled(actor, reroll, message);
  return reroll;
}

interface LuckHolder {
  id: string | null;
  type: string;
  system: { luck?: { value?: number; max?: number } };
}

interface ActorBatch {
  updateDocuments(updates: object[]): Promise<unknown[] | undefined>;
}

/** Sets every character's luck back to its maximum (3) in one batch; GM only. Returns how many changed. */
export async function refreshLuck(): Promise<number> {
  if (!game.user?.isGM) {
    notify("warn", "CLOCKWORK.Luck.GMOnly");
    return 0;
  }
  const characters = (worldCollection<{ contents: LuckHolder[] }>("actors")?.contents ?? []).filter((a) => a.type === "character");
  const max = (a: LuckHolder) => a.system.luck?.max ?? LUCK_PER_SESSION;
  const updates = characters.filter((a) => (a.system.luck?.value ?? 0) !== max(a)).map((a) => ({ _id: a.id, "system.luck.value": max(a) }));
  // A refused entry is skipped, not thrown: the batch resolves with the documents it changed.
  const changed = updates.length ? ((await documentImplementation<ActorBatch>("Actor")?.updateDocuments(updates)) ?? []) : [];
  notify("info", "CLOCKWORK.Luck.Refreshed", { count: characters.length });
  return changed.length;
}

/** Asks the GM to confirm, then refreshes everyone's luck (the scene-control button). */
export async function confirmRefreshLuck(): Promise<void> {
  if (await confirm("CLOCKWORK.Luck.RefreshTitle", "CLOCKWORK.Luck.RefreshConfirm")) await refreshLuck();
}
