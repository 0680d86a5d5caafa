/**
 * Rules of the magic items that act in a fight (§1.34–1.36, RULINGS 13 and 35; docs/rulings.md
 * 128–131): the Spiked Shield's damage back on a melee hit, the Reactive / Reflective shields'
 * redirected damage roll, Acid's persistent damage, and falls (§4.8) with what prevents them.
 * Pure: the shell layers read the items and write the results.
 */
import { persistentStatusId } from "./conditions";
import { fallingDamage, resolveDamage, type DamageResult, type DamageTarget } from "./damage";
import { applyDamageDetailed, type DamageApplication, type HealthTrack } from "./health";
import type { ConditionKey, DamageType } from "./types";

/**
 * The Spiked Shield's damage on the attacker (RULING 35): only when a melee attack hits the
 * wearer; its damage roll (`faces`, the item's dice) counts against the attacker's resistance
 * like any damage roll. Null when it does not trigger.
 */
export function spikedShieldDamage(faces: readonly number[], attacker: DamageTarget, attack: { melee: boolean; hit: boolean }): DamageResult | null {
  if (!attack.melee || !attack.hit) return null;
  return resolveDamage(faces, attacker);
}

/**
 * Whether a Reactive / Reflective shield may turn this damage roll aside (RULING 35,
 * docs/rulings.md 129): its type matches one the wearer's shields redirect, and the roll counted
 * against the wearer (a hit, or an area that reached it).
 */
export function mayRedirect(redirects: readonly DamageType[], damageType: DamageType, row: { hit: boolean; area: boolean; automaticMiss: string | null }): boolean {
  if (!redirects.includes(damageType)) return false;
  if (row.automaticMiss !== null && row.automaticMiss !== "noDice" && row.automaticMiss !== "concealed") return false;
  return row.hit || row.area;
}

/**
 * The redirected damage roll counted against the chosen creature instead of the wearer
 * (docs/rulings.md 129): the same faces and the same hit, so a hit keeps its criticals and an
 * area that missed the wearer deals half.
 */
export function redirectedDamage(
  faces: readonly number[],
  creature: DamageTarget,
  row: { hit: boolean; criticals: number; armorPiercing?: boolean },
): DamageResult {
  return resolveDamage(faces, creature, { armorPiercing: row.armorPiercing, aoeMiss: !row.hit, criticals: row.hit ? row.criticals : 0 });
}

/**
 * The status a weapon condition applies. Persistent damage has one status per damage type
 * (§4.15); a weapon's "persistent" (Acid, docs/rulings.md 130) is of the attack's damage type.
 */
export function conditionStatus(key: ConditionKey | string, damageType: DamageType): string {
  return key === "persistent" ? persistentStatusId(damageType) : key;
}

/** What keeps a creature from taking falling damage (§4.8). */
export type FallProtection = "featherFall" | "wingedRobe" | "glide" | "levitate";

/** What the shell layer knows of the falling creature. */
export interface FallFacts {
  /** Feather Fall applied to the worn armor or the equipped shield. */
  featherFall?: boolean;
  /** A Winged Robe (or another artifact with no falling damage) is worn. */
  wingedRobe?: boolean;
  /** The species glides (Rooks). */
  glides?: boolean;
  /** Conscious: not dying, dead, stabilized (out of the fight) or petrified. */
  conscious?: boolean;
  /** An active Levitate. */
  levitating?: boolean;
}

/** The first thing that prevents the fall's damage, or null. Glide works only while conscious. */
export function fallProtection(facts: FallFacts): FallProtection | null {
  if (facts.levitating) return "levitate";
  if (facts.featherFall) return "featherFall";
  if (facts.wingedRobe) return "wingedRobe";
  if (facts.glides && facts.conscious !== false) return "glide";
  return null;
}

/** What a fall did. */
export interface FallOutcome {
  spaces: number;
  /** Unavoidable hits the fall deals (4 per space), 0 when prevented. */
  damage: number;
  prevented: FallProtection | null;
  /** The track after the fall; null when prevented or nothing fell. */
  application: DamageApplication | null;
}

/**
 * A fall of `spaces` (§4.8, §4.13): 4 unavoidable hits per space as one event that can create
 * wounds; losing the last vital to it kills outright with no death roll. Prevented by Levitate,
 * Feather Fall, a Winged Robe or a conscious glider.
 */
export function resolveFall(track: HealthTrack, spaces: number, facts: FallFacts = {}): FallOutcome {
  const damage = fallingDamage(spaces);
  const prevented = damage > 0 ? fallProtection(facts) : null;
  if (prevented || damage === 0) return { spaces, damage: 0, prevented, application: null };
  return { spaces, damage, prevented: null, application: applyDamageDetailed(track, damage, { fall: true }) };
}
