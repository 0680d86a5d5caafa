/**
 * Willing or not is the target's side's answer (issue 29 item 2). A spell harmful only to an
 * unwilling creature (an unopposed spell with a resisting skill, not harmful in itself: Enlarge,
 * Shrink) cast on a creature
 * this user does not own asks that creature's side — an active player who owns it, else the GM
 * (NPCs) — through the spell reaction query, before anything is paid. The answer is recorded on
 * the creature under the cast's id (./reactions), so the GM's Apply reads the target's own word
 * and a caster's card cannot make it willing. An unanswered question counts as unwilling.
 */
import { choose, currentUser, localize } from "../foundry";
import { promptUser, type PromptActor } from "../combat/prompts";
import { refusal } from "../combat/query-refusal";
import type { SpellProfile } from "../rules";
import { SPELL_REACTION_QUERY } from "./constants";
import { isCastId, recordReaction } from "./reactions";

/** The query's data: who asks whom about which spell. */
export interface WillingQuery {
  willing: true;
  actorUuid: string;
  caster: string;
  spell: string;
  castId: string;
}

interface AskedActor {
  id?: string | null;
  uuid: string;
  name: string;
  isOwner?: boolean;
  testUserPermission?(user: unknown, level: string | number): boolean;
}

/** A spell its target may resist when unwilling (the unopposed ones with a resisting skill). */
export function resistibleWhenUnwilling(spell: Pick<SpellProfile, "roll">): boolean {
  return spell.roll.kind === "unopposed" && !!spell.roll.opposedSkill;
}

/** The key `unwilling` uses for a creature (./cast `unwillingOf`). */
export function willingKey(actor: { id?: string | null; uuid: string }): string {
  return actor.id ?? actor.uuid;
}

/**
 * Whether the target's side is asked: a spell that is harmful only when the target is unwilling
 * (Enlarge, Shrink). A spell harmful in itself (Slow) is resisted by every creature the caster's
 * user does not own, with no question (./cast `unwillingOf`).
 */
export function askedWhenCast(spell: Pick<SpellProfile, "roll" | "automation">): boolean {
  return resistibleWhenUnwilling(spell) && !spell.automation.harmful;
}

/** What the caller said of a target: true = unwilling, false = willing, undefined = nothing. */
function claimOf(answered: Record<string, boolean> | boolean | undefined, actor: AskedActor): boolean | undefined {
  return typeof answered === "boolean" ? answered : answered?.[willingKey(actor)];
}

/**
 * Targets whose side answers: not the caster, not this user's own. A caller cannot make
 * another's creature willing; only a target already taken as unwilling needs no question.
 */
export function targetsToAsk<T extends { actor: AskedActor; self: boolean }>(spell: Pick<SpellProfile, "roll" | "automation">, targets: readonly T[], answered: Record<string, boolean> | boolean | undefined): T[] {
  if (!askedWhenCast(spell)) return [];
  return targets.filter((t) => !t.self && !t.actor.isOwner && claimOf(answered, t.actor) !== true);
}

/**
 * Asks each target's side whether it is willing; resolves the `unwilling` record with their
 * answers added (the caster's own answers kept), or the record as it was when nobody is asked.
 */
export async function askWillingness(spell: Pick<SpellProfile, "roll" | "automation">, targets: readonly { actor: AskedActor; self: boolean }[], answered: Record<string, boolean> | boolean | undefined, ask: { caster: string; spell: string; castId: string }): Promise<Record<string, boolean> | boolean | undefined> {
  const asked = targetsToAsk(spell, targets, answered);
  if (!asked.length) return answered;
  const record: Record<string, boolean> = typeof answered === "object" ? { ...answered } : {};
  // A boolean said it of every target: kept for those not asked.
  if (typeof answered === "boolean") for (const t of targets) record[willingKey(t.actor)] = answered;
  await Promise.all(asked.map(async ({ actor }) => {
    const user = promptUser(actor as unknown as PromptActor);
    let willing = false;
    if (user && user.id !== currentUser<{ id?: string }>()?.id) {
      try {
        const answer = await user.query(SPELL_REACTION_QUERY, { willing: true, actorUuid: actor.uuid, ...ask } satisfies WillingQuery, { timeout: 60_000 }) as { willing?: unknown } | null;
        willing = answer?.willing === true;
      } catch (error) {
        console.warn("ClockWork | a target's side did not say whether it is willing; it counts as unwilling", error);
      }
    }
    record[willingKey(actor)] = !willing;
  }));
  return record;
}

/** The target's side of the question: its owner (or the GM) answers in a prompt; the answer is recorded on the creature. */
export async function answerWillingness(data: Partial<WillingQuery>, find: (uuid: string) => AskedActor | null): Promise<{ willing: boolean } | ReturnType<typeof refusal>> {
  if (typeof data.actorUuid !== "string" || !isCastId(data.castId) || typeof data.spell !== "string" || typeof data.caster !== "string") return refusal("BadRequest");
  const actor = find(data.actorUuid);
  if (!actor) return refusal("NoActor");
  if (!actor.isOwner) return refusal("NotOwner", { name: actor.name });
  const names = { caster: data.caster, spell: data.spell, name: actor.name };
  const answer = await choose({
    title: localize("CLOCKWORK.CastDialog.WillingPrompt.Title", names),
    content: `<p>${foundry.utils.escapeHTML(localize("CLOCKWORK.CastDialog.WillingPrompt.Content", names))}</p>`,
    classes: ["clockwork", "cw-willing-prompt"],
    buttons: [
      { action: "unwilling", label: localize("CLOCKWORK.CastDialog.WillingPrompt.unwilling"), default: true },
      { action: "willing", label: localize("CLOCKWORK.CastDialog.WillingPrompt.willing") },
    ],
  });
  const willing = answer === "willing";
  await recordReaction(actor as never, data.castId, { willing });
  return { willing };
}
