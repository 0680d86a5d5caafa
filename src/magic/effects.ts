/**
 * Spells' lasting effects as Active Effects (issue 11, §4.18 step 4): what a successful cast
 * writes on each target, and how those effects end.
 *
 * - A condition of the combat rules (Burning, Frozen, Entangled, Petrified …) is added by its
 *   status id, so the turn bookkeeping ticks and ends it (src/combat/turns.ts); the effect then
 *   carries the spell's flag with the casting gains (Melt and Soften compare with them) and,
 *   for Entangling Roots, the escape difficulty.
 * - A spell state (Charmed, Hasted, Slowed …) is added by its status id too, and ends here: at
 *   the end of its creature's turn on a Flat, when its rounds or world time run out, or when
 *   its opposite is cast (Haste ↔ Slow).
 * - Any other lasting spell (Barrier, Blur, Ward, Boon, Regenerate …) is its own effect named
 *   after the spell, with the same flag.
 * Every flag stores the casting gains; Dispel ends an effect at or above them (RULING 81).
 */
import { COMBAT_STATUS_IDS, type SpellDuration, type SpellProfile, type SpellTargetOutcome } from "../rules";
import { SPELL_STATES } from "../config";
import type { EffectSource, RelayOp as MagicOp } from "../relay";
import type { EffectLike, SpellEffectFlag } from "./context";
import { effectDurationData } from "../foundry";

/** Where a cast happens in time: the running combat's position, and the world time. */
export interface CastClock {
  combat: { id: string; round: number; turn: number } | null;
  worldTime: number;
}

/** When a duration runs out, from the moment of casting; null for no clock end. */
export function expiryOf(duration: SpellDuration, clock: CastClock): SpellEffectFlag["expires"] {
  if (duration.kind === "rounds") {
    // Rounds count in the combat; out of combat a round is no clock (the GM ends it).
    return clock.combat ? { combat: clock.combat.id, round: clock.combat.round + duration.rounds, turn: clock.combat.turn } : null;
  }
  if (duration.kind === "time") return { time: clock.worldTime + duration.seconds };
  return null;
}

/** Foundry's duration fields for the effect (what the sheet and token HUD show), in this Foundry's shape. */
function foundryDuration(duration: SpellDuration, clock: CastClock): { duration: Record<string, unknown>; start?: Record<string, unknown> } {
  if (duration.kind === "rounds" && clock.combat) return effectDurationData({ units: "rounds", value: duration.rounds, combat: clock.combat, worldTime: clock.worldTime });
  if (duration.kind === "time") return effectDurationData({ units: "seconds", value: duration.seconds, worldTime: clock.worldTime });
  return effectDurationData(null);
}

const isCombatStatus = (key: string): boolean => (COMBAT_STATUS_IDS as readonly string[]).includes(key);
const isSpellState = (key: string): boolean => (SPELL_STATES as readonly string[]).includes(key);

/** The spell's flag for one target's outcome. */
export function spellFlag(spell: SpellProfile, outcome: SpellTargetOutcome, context: { name: string; casterUuid: string | null; itemUuid: string | null; clock: CastClock }, gains: number): SpellEffectFlag {
  const duration = outcome.lasting?.duration ?? { kind: "instant" as const };
  return {
    identifier: spell.identifier,
    school: spell.school,
    name: context.name,
    gains: outcome.lasting?.gains ?? gains,
    dispellable: spell.automation.dispellable,
    casterUuid: context.casterUuid,
    itemUuid: context.itemUuid,
    effect: spell.automation.effect.kind,
    amount: outcome.amount,
    endFlat: duration.kind === "endFlat" ? duration.flat : null,
    expires: expiryOf(duration, context.clock),
  };
}

/** The writes one target's outcome makes: damage, healing, barrier, wounds, statuses and effects. */
export function targetOps(
  spell: SpellProfile,
  outcome: SpellTargetOutcome,
  actor: { uuid: string; statuses?: Iterable<string>; effects?: Iterable<EffectLike> },
  context: { name: string; img?: string | null; casterUuid: string | null; itemUuid: string | null; clock: CastClock; gains: number },
): MagicOp[] {
  const ops: MagicOp[] = [];
  if (!outcome.success && outcome.damageTotal <= 0) return ops;
  const uuid = actor.uuid;
  if (outcome.damageTotal > 0) ops.push({ op: "damage", uuid, amount: outcome.damageTotal, unavoidable: outcome.unavoidable });
  // Disintegrate or Ice Beam at 0 vitals: beyond stabilizing, healing and revival (L1321, L1481).
  if (outcome.destroys) ops.push({ op: "status", uuid, status: "destroyed", active: true });
  if (!outcome.success) {
    // A missed area target still gets its "damaged" conditions (docs/rulings.md 102).
    for (const key of outcome.conditions) if (isCombatStatus(key)) ops.push({ op: "status", uuid, status: key, active: true });
    return ops;
  }
  // Disintegrate and Ice Beam: a target that took damage cannot end the condition this round (§3.1).
  const has = new Set(actor.statuses ?? []);
  if (spell.damage.perGain && outcome.damageTotal > 0 && context.clock.combat) {
    for (const key of spell.automation.requires) {
      if (has.has(key) && isCombatStatus(key)) ops.push({ op: "effectFlags", uuid, status: key, flags: { status: { noEndThroughRound: context.clock.combat.round } } });
    }
  }
  if (outcome.heal > 0) ops.push({ op: "heal", uuid, amount: outcome.heal });
  if (outcome.woundsRemoved > 0) ops.push({ op: "cureWounds", uuid, count: outcome.woundsRemoved });
  if (outcome.barrier > 0) ops.push({ op: "barrier", uuid, amount: outcome.barrier });
  if (spell.automation.effect.kind === "stabilize") ops.push({ op: "stabilize", uuid });
  for (const key of outcome.removes) if (has.has(key)) ops.push({ op: "status", uuid, status: key, active: false });
  // A new one of the same spell replaces the old (Barrier, Regenerate: one per target).
  for (const effect of actor.effects ?? []) {
    const flag = (effect.flags?.clockwork as { spell?: SpellEffectFlag } | undefined)?.spell;
    if (flag?.identifier === spell.identifier && effect.uuid && ![...(effect.statuses ?? [])].length) ops.push({ op: "endEffect", uuid: effect.uuid });
  }
  const flag = spellFlag(spell, outcome, context, context.gains);
  let carried = false;
  for (const key of outcome.conditions) {
    if (!isCombatStatus(key) && !isSpellState(key)) continue;
    ops.push({ op: "status", uuid, status: key, active: true });
    const status = spell.automation.effect.kind === "escape" ? { difficulty: outcome.amount } : undefined;
    ops.push({ op: "effectFlags", uuid, status: key, flags: { spell: flag, ...(status ? { status } : {}) } });
    carried = true;
  }
  if (!carried && outcome.lasting) {
    const effect: EffectSource = {
      name: context.name,
      img: context.img ?? null,
      origin: context.itemUuid,
      ...foundryDuration(outcome.lasting.duration, context.clock),
      flags: { clockwork: { spell: flag } },
    };
    ops.push({ op: "effect", uuid, effect });
  }
  return ops;
}

// ---------------------------------------------------------------- ending

/** A combat position as one sortable number (round, then turn). */
export function stamp(round: number, turn: number | null): number {
  return round * 1000 + (turn ?? 0);
}

/** Whether an effect's clock has run out at this combat position or world time. */
export function hasExpired(flag: Pick<SpellEffectFlag, "expires">, now: { combat?: { id: string; round: number; turn: number } | null; worldTime?: number }): boolean {
  const expires = flag.expires;
  if (!expires) return false;
  if ("time" in expires) return now.worldTime !== undefined && now.worldTime >= expires.time;
  const combat = now.combat;
  return !!combat && combat.id === expires.combat && stamp(combat.round, combat.turn) >= stamp(expires.round, expires.turn);
}

/** Spell effects whose clock has run out, as end ops (combat statuses are left to the turn bookkeeping). */
export function expiredEffects(effects: Iterable<EffectLike>, now: Parameters<typeof hasExpired>[1]): string[] {
  const ended: string[] = [];
  for (const effect of effects) {
    const flag = (effect.flags?.clockwork as { spell?: SpellEffectFlag } | undefined)?.spell;
    if (!flag || !effect.uuid) continue;
    if ([...(effect.statuses ?? [])].some(isCombatStatus)) continue;
    if (hasExpired(flag, now)) ended.push(effect.uuid);
  }
  return ended;
}

/** Spell effects of a combat's rounds, which end with the combat. */
export function combatBoundEffects(effects: Iterable<EffectLike>, combatId: string): string[] {
  const ended: string[] = [];
  for (const effect of effects) {
    const flag = (effect.flags?.clockwork as { spell?: SpellEffectFlag } | undefined)?.spell;
    const expires = flag?.expires;
    if (!effect.uuid || !expires || "time" in expires || [...(effect.statuses ?? [])].some(isCombatStatus)) continue;
    if (expires.combat === combatId) ended.push(effect.uuid);
  }
  return ended;
}

/** Spell-state effects that end on a Flat at the end of their creature's turn (Charm, Fear, Hex …). */
export function endOfTurnFlats(effects: Iterable<EffectLike>): { uuid: string; flat: number; name: string }[] {
  const checks: { uuid: string; flat: number; name: string }[] = [];
  for (const effect of effects) {
    const flag = (effect.flags?.clockwork as { spell?: SpellEffectFlag } | undefined)?.spell;
    if (!flag || !effect.uuid || !flag.endFlat) continue;
    if ([...(effect.statuses ?? [])].some(isCombatStatus)) continue;
    checks.push({ uuid: effect.uuid, flat: flag.endFlat, name: flag.name });
  }
  return checks;
}

/** Regenerate's hits at the start of its creature's turn (§3.1: 2 hits each turn). */
export function regenerationOf(effects: Iterable<EffectLike>): number {
  let hits = 0;
  for (const effect of effects) {
    const flag = (effect.flags?.clockwork as { spell?: SpellEffectFlag } | undefined)?.spell;
    if (flag?.effect === "regenerate") hits = Math.max(hits, flag.amount);
  }
  return hits;
}
