/**
 * Dodge and block against an attack spell (§4.9 step 2 through combat's reaction path): the
 * target's owner (or the GM, or the system for NPCs when the world setting says so) is asked with
 * the same prompt and query (`clockwork.reaction`) a weapon attack uses, before any die is
 * rolled; whoever answers pays the reactor's counter on its own client. Area spells are never reacted to (§4.9: area attacks leave no reaction), and a target
 * that may not react (defenseless, grappled, Void Bolt unseen, no counters) is not asked.
 */
import { decideReaction, type ReactionDecision } from "../combat/attack/reactions";
import type { AttackTargetInfo, PreviewRow } from "../combat/attack/preview";
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
    const decision = await decideReaction(asked, row, { attacker: casterName, weapon: spellName }, { reactorUuid: info.combatant?.uuid ?? null, attackerUuid: casterCombatantUuid });
    // A reaction the target may not take (or cannot pay) counts as none.
    const open = decision.reaction !== "none" && row.reactions[decision.reaction] === null && !row.reactionCharge;
    decisions[target.id] = open ? decision : { reaction: "none", by: decision.by };
    if (!open) return;
    target.reaction = decision.reaction;
  }));
  return { decisions, ops };
}
