/**
 * Dodge and block against an attack spell (§4.9 step 2 through combat's reaction path): the
 * target's owner (or the GM, or the system for NPCs when the world setting says so) is asked with
 * the same prompt and checks (`answerReaction`) a weapon attack uses, before any die is rolled;
 * whoever answers pays the reactor's counter on its own client. Area spells are never reacted to
 * (§4.9: area attacks leave no reaction), and a target that may not react (defenseless, grappled,
 * Void Bolt unseen, no counters) is not asked.
 *
 * The answering side's answer is **recorded** on the reacting actor by the GM's side (issue 34:
 * the record is the GM's, ../combat/attack/reaction-record): `flags.clockwork.spellReactions.<castId>`
 * holds the dodge or block (its counter paid by the GM as it records it), a resisting roll's
 * faces (opposed spells) and a willingness answer. The GM applying a player's card reads the
 * reaction from there, never from the card (issue 18), and neither the caster nor the
 * creature's owner can write it.
 */
import { declareAnswer, isCastId, SPELL_REACTED_FLAG } from "../combat/attack/reaction-record";
import { answerReaction, queryReactingUser, reactingPlayer, reactionQueryData, type QueryUser, type ReactionDecision } from "../combat/attack/reactions";
import { npcReactionMode, reactionTimeoutMs } from "../combat/attack/settings";
import { reactionChoices, type AttackTargetInfo, type PreviewRow } from "../combat/attack/preview";
import { activeGM, allUsers } from "../foundry";
import { refusal } from "../combat/query-refusal";
import { SPELL_REACTION_QUERY } from "./constants";
import { targetOf, type AttackActor } from "../combat/attack/source";
import {
  ACTION_COSTS, chargeFor, reactionOptions, spellAttackInput,
  type AttackTarget, type Caster, type CounterState, type DamageType, type SpellProfile, type SpellTarget, type TargetOdds,
} from "../rules";
import { statusesOf } from "./context";
import type { RelayOp as MagicOp } from "../relay";

/** One target as the cast workflow knows it. */
export interface ReactingTarget {
  actor: { uuid: string; name: string; testUserPermission?(user: unknown, level: string | number): boolean };
  tokenName?: string | null;
  self: boolean;
  /** Its combatant in the running combat (the reaction's counter is paid there). */
  combatant: { uuid: string; system: { counters?: CounterState } } | null;
}

/**
 * The target's defense parts a reaction needs (dodge and block bonuses, a drawn shield, parry
 * weapons, Evasion, prone, grappled) from combat's own target builder, under the spell's target.
 */
export function withDefenseParts(target: SpellTarget, actor: unknown, damageType: DamageType | undefined): SpellTarget {
  try {
    const parts: AttackTarget = targetOf(actor as AttackActor, target.id, damageType ?? "energy", { defenseless: target.defenseless });
    return {
      ...target,
      prone: parts.prone, grappled: parts.grappled, dodgeBonus: parts.dodgeBonus, blockBonus: parts.blockBonus,
      shieldDrawn: parts.shieldDrawn, parryWeapons: parts.parryWeapons, evasion: parts.evasion,
    };
  } catch {
    // An actor without derived resistances (a bare test double) keeps the spell's own target.
    return target;
  }
}

export interface SpellReactions {
  /** The reaction each target declared (by rule target id). */
  decisions: Record<string, ReactionDecision>;
  /** Always empty: each reactor's counter is paid by the side that answered its reaction (kept for the cast's batch). */
  ops: MagicOp[];
}

/**
 * Asks each target of an attack spell for its reaction, in parallel, and returns the declared
 * reactions (set on the targets) with the counters they cost. Other roll kinds ask nothing.
 */
export async function askSpellReactions(
  spell: SpellProfile,
  caster: Caster,
  casterName: string,
  spellName: string,
  ruleTargets: SpellTarget[],
  targets: readonly ReactingTarget[],
  odds: readonly (TargetOdds | null)[],
  damageType: DamageType | undefined,
  /** The caster's combatant in the running combat (the reactor answers once per caster action). */
  casterCombatantUuid: string | null = null,
  /** The cast's id: the answering side records its answer under it. */
  castId = "",
): Promise<SpellReactions> {
  const decisions: Record<string, ReactionDecision> = {};
  const ops: MagicOp[] = [];
  if (spell.roll.kind !== "attack") return { decisions, ops };
  const input = spellAttackInput(spell, caster, { damageType });
  await Promise.all(ruleTargets.map(async (target, i) => {
    const info = targets[i];
    const targetOdds = odds[i];
    if (!info || info.self || !targetOdds) return;
    const counters = info.combatant?.system.counters ?? null;
    const stunned = statusesOf(info.actor as { statuses?: Iterable<string> }).has("stunned");
    const row: PreviewRow = {
      key: target.id,
      odds: targetOdds,
      reactions: reactionOptions(input, target),
      reactionCharge: counters ? chargeFor(counters, ACTION_COSTS.dodge, { reaction: true, stunned }).problem : null,
    };
    const asked = {
      key: target.id, name: info.tokenName || info.actor.name, actor: info.actor, actorUuid: info.actor.uuid,
      situation: {}, include: true, observable: true, counters, stunned,
    } as AttackTargetInfo & { actor: { testUserPermission(user: unknown, level: string): boolean } };
    const decision = await decideSpellReaction(asked, row, { attacker: casterName, weapon: spellName }, { reactorUuid: info.combatant?.uuid ?? null, attackerUuid: casterCombatantUuid }, castId);
    // A reaction the target may not take (or cannot pay) counts as none.
    const open = decision.reaction !== "none" && row.reactions[decision.reaction] === null && !row.reactionCharge;
    decisions[target.id] = open ? decision : { reaction: "none", by: decision.by };
    if (!open) return;
    target.reaction = decision.reaction;
  }));
  return { decisions, ops };
}

// ---------------------------------------------------------------- the answering side's record

/** Where a reacting actor's answers to casts are recorded (by cast id). */
export const REACTION_RECORD_FLAG = SPELL_REACTED_FLAG;
export { isCastId };

/** What the reacting side answered to one cast. */
export interface ReactionRecord {
  /** The dodge or block it declared (and paid). */
  reaction?: "dodge" | "block";
  /** The faces of its resisting roll (opposed spells). */
  faces?: number[];
  /** Its answer to a spell it may resist (Enlarge, Shrink): false = unwilling (./willing). */
  willing?: boolean;
  /** When it was written (ms), to prune the oldest. */
  at: number;
}

interface RecordingActor {
  uuid?: string;
  isOwner?: boolean;
  flags?: Record<string, unknown>;
  update?(changes: object): Promise<unknown>;
}

function recordsOf(actor: RecordingActor | null | undefined): Record<string, ReactionRecord> {
  const records = (actor?.flags?.clockwork as Record<string, unknown> | undefined)?.[REACTION_RECORD_FLAG];
  return records && typeof records === "object" ? records as Record<string, ReactionRecord> : {};
}

/**
 * Records this side's answer to a cast (a resisting roll's faces, a willingness answer) on the
 * reacting actor: the GM's side writes it (locally on a GM's client). False: not recorded.
 */
export async function recordReaction(actor: RecordingActor, castId: string, record: Pick<ReactionRecord, "faces" | "willing">): Promise<boolean> {
  if (!actor.isOwner || !actor.uuid || !isCastId(castId)) return false;
  const declared = await declareAnswer({ actorUuid: actor.uuid, on: "cast", id: castId, ...record });
  return declared.ok;
}

/** What the reacting actor recorded for a cast (null: nothing, as when it was not asked or declined). */
export function recordedReaction(actor: RecordingActor | null | undefined, castId: unknown): ReactionRecord | null {
  if (!isCastId(castId)) return null;
  const record = recordsOf(actor)[castId];
  return record && typeof record === "object" ? record : null;
}

/** The dodge query's data: combat's reaction request and the cast it answers. */
export interface SpellDodgeQuery {
  castId: string;
  dodge: unknown;
}

/**
 * The reactor's side of a dodge or block against an attack spell: combat's own checks and prompt
 * (`answerReaction`: this user's creature, may react), the counter paid and the answer recorded
 * under the cast's id by the GM's side.
 */
export async function answerSpellDodge(data: SpellDodgeQuery): Promise<unknown> {
  if (!isCastId(data.castId)) return refusal("BadRequest");
  return answerReaction(data.dodge, { on: "cast", id: data.castId });
}


/**
 * Asks one target for its dodge or block (combat's `decideReaction`, through magic's query so the
 * answering side records it): nothing is asked when no reaction is open; a connected owning player
 * is asked, else the GM (or the system decides on the GM's client, by the world setting).
 */
async function decideSpellReaction(target: AttackTargetInfo & { actor: { testUserPermission(user: unknown, level: string): boolean } }, row: PreviewRow, names: { attacker: string; weapon: string }, parties: { reactorUuid: string | null; attackerUuid: string | null }, castId: string): Promise<ReactionDecision> {
  if (!target.include || reactionChoices(row).length === 0 || row.odds.setup.automaticMiss) return { reaction: "none", by: "none" };
  const dodge = {
    ...reactionQueryData(row, { ...names, target: target.name }, reactionTimeoutMs()),
    actorUuid: target.actorUuid ?? (target.actor as { uuid?: string }).uuid ?? null,
    ...parties,
  };
  const player = reactingPlayer(target.actor, allUsers<QueryUser>());
  const gm = activeGM<QueryUser>();
  const user = player ?? gm;
  if (!user) return { reaction: "none", by: "none" };
  const auto = !player && npcReactionMode() === "auto";
  const by = player ? "player" : auto ? "auto" : "gm";
  try {
    const query: SpellDodgeQuery = { castId, dodge: auto ? { ...dodge, auto: true } : dodge };
    const answer = await queryReactingUser(user, SPELL_REACTION_QUERY, query, dodge.timeout, (d) => answerSpellDodge(d as SpellDodgeQuery));
    const reaction = (answer as { reaction?: unknown } | null)?.reaction;
    return (reaction === "dodge" || reaction === "block") && dodge.choices.some((c) => c.reaction === reaction) ? { reaction, by } : { reaction: "none", by };
  } catch {
    return { reaction: "none", by: "timeout" };
  }
}
