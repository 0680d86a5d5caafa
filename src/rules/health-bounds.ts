/**
 * Keeping the stored health track possible (issue 9). Two layers:
 *
 * - `healthBounds` / `validateHealthBounds`: what the stored system data alone allows, for
 *   `validateJoint` (which sees no items, so the size, and with it the grit, is unknown: the
 *   largest size of the tables is assumed). This stops "wounds 99" on every path, imports and
 *   compendia included; `repairHealth` brings old data inside the same bounds (migration).
 * - `checkHealthWrite`: the exact rules for one write, with the actor's derived grit and
 *   vitals, run by the actor before the write is sent (see ClockworkActor#_preUpdate).
 *
 * Pure, in the rules core: the data models, the migration steps and the actor's write rules all
 * read it.
 */
import { staminaGritBonus } from "./character";
import { boxCapacity } from "./health";
import { BASE_VITALS, MAX_DICE, SIZE_TABLE } from "./tables";

/** The stored health fields. */
export interface StoredHealth {
  hits: number;
  wounds: number;
  vitalsLost: number;
  barrier: number;
  dying: boolean;
  dead: boolean;
}

/** What the stored creature data holds that the bounds read. */
export interface HealthBoundSource {
  skills: { stamina: { rank: number } };
  health: StoredHealth;
  vitalsMax?: number;
  minion?: boolean;
}

/**
 * A barrier is the gains of one Barrier spell, and a new one replaces the old (§3.1): at most 12
 * dice, each giving two gains on a 12.
 */
export const MAX_BARRIER = MAX_DICE * 2;

/** Vitals items can add on top of the base: one artifact (at most 6) and armor enchantments (6). */
export const ITEM_VITALS_ALLOWANCE = 12;

const LARGEST_BASE_GRIT = Math.max(...Object.values(SIZE_TABLE).map((row) => row.baseGrit));

export interface HealthBounds {
  /** The most grit the stored skills allow at any size. */
  grit: number;
  /** Wounds above grit kill; one more than the most grit is the most that can be stored. */
  wounds: number;
  /** A box never holds more than the most grit. */
  hits: number;
  vitalsLost: number;
}

export function healthBounds(source: HealthBoundSource): HealthBounds {
  const grit = LARGEST_BASE_GRIT + staminaGritBonus(source.skills.stamina.rank);
  const baseVitals = source.minion ? 1 : (source.vitalsMax ?? BASE_VITALS);
  return { grit, wounds: grit + 1, hits: grit, vitalsLost: baseVitals + ITEM_VITALS_ALLOWANCE };
}

/** A problem for a localized message: its key and data. */
export interface HealthProblem {
  key: string;
  data: Record<string, unknown>;
}

/** The first bound the stored data breaks, or null. */
export function healthBoundProblem(source: HealthBoundSource): HealthProblem | null {
  const bounds = healthBounds(source);
  const { hits, wounds, vitalsLost } = source.health;
  if (wounds > bounds.wounds) return { key: "CLOCKWORK.Safety.Health.WoundsBound", data: { wounds, max: bounds.wounds } };
  if (hits > bounds.hits) return { key: "CLOCKWORK.Safety.Health.HitsBound", data: { hits, max: bounds.hits } };
  if (vitalsLost > bounds.vitalsLost) return { key: "CLOCKWORK.Safety.Health.VitalsBound", data: { lost: vitalsLost, max: bounds.vitalsLost } };
  return null;
}

/**
 * Bring stored health inside the bounds (old worlds may hold wounds 99), and mark dead a
 * creature whose wounds are then above any grit. Returns whether it changed anything.
 * Unreadable data (invalid ranks) is left for validation to report.
 */
export function repairHealth(source: HealthBoundSource): boolean {
  const health = source.health as Partial<StoredHealth> | undefined;
  const rank = source.skills?.stamina?.rank;
  if (!health || !Number.isInteger(rank) || rank < 4 || rank > 12) return false;
  const bounds = healthBounds(source);
  let changed = false;
  for (const key of ["wounds", "hits", "vitalsLost"] as const) {
    const value = health[key];
    if (typeof value === "number" && value > bounds[key]) {
      health[key] = bounds[key];
      changed = true;
    }
  }
  // Wounds above the most grit any size gives are above this creature's grit: it is dead (RULING 23).
  if (typeof health.wounds === "number" && health.wounds > bounds.grit && health.dead !== true) {
    health.dead = true;
    health.dying = false;
    changed = true;
  }
  return changed;
}

/** The actor's derived limits for the state after the write. */
export interface HealthLimits {
  grit: number;
  vitalsMax: number;
}

export type HealthNotice = "died" | "dying" | "recovered" | "woundsCapped";

export type HealthWriteResult =
  | { ok: true; health: Partial<StoredHealth>; notices: HealthNotice[] }
  | { ok: false; problem: HealthProblem };

/**
 * The rules for one write to `system.health` (docs/rulings.md, "Health writes"):
 * - hits above the box capacity at the new wounds, and vitals lost above the vitals, are refused;
 * - wounds above grit kill (RULING 23): the write sets dead; more than grit + 1 wounds are kept at
 *   grit + 1 when the creature ends up dead, and refused otherwise;
 * - losing the last vital makes a living creature dying; getting one back ends dying;
 * - only a GM sets dying or dead against the track (the sheet asks the GM to confirm).
 * Only the fields the write changes are checked, so a state the rules allow to drift (an
 * over-full box after Enlarge ends) never blocks an unrelated edit. `changes` is not mutated.
 */
export function checkHealthWrite(current: StoredHealth, changes: Partial<StoredHealth>, limits: HealthLimits, isGM: boolean): HealthWriteResult {
  const next = { ...current, ...changes };
  const changed = (key: keyof StoredHealth) => key in changes && changes[key] !== current[key];
  const out: Partial<StoredHealth> = { ...changes };
  const notices: HealthNotice[] = [];
  const { grit, vitalsMax } = limits;

  if (changed("vitalsLost") && next.vitalsLost > vitalsMax) {
    return { ok: false, problem: { key: "CLOCKWORK.Safety.Health.VitalsLost", data: { lost: next.vitalsLost, max: vitalsMax } } };
  }
  if (changed("wounds") && next.wounds > grit + 1) {
    if (!next.dead) return { ok: false, problem: { key: "CLOCKWORK.Safety.Health.Wounds", data: { wounds: next.wounds, grit, max: grit + 1 } } };
    out.wounds = next.wounds = grit + 1;
    notices.push("woundsCapped");
  }
  const capacity = boxCapacity({ grit, wounds: next.wounds });
  if (changed("hits") && next.hits > capacity) {
    return { ok: false, problem: { key: "CLOCKWORK.Safety.Health.Hits", data: { hits: next.hits, capacity } } };
  }

  const remaining = Math.max(0, vitalsMax - next.vitalsLost);
  const explicit = changed("dead") || changed("dying");
  if (explicit && !isGM) {
    const problem = statusProblem(current, next, grit, remaining);
    if (problem) return { ok: false, problem };
  }

  // The rules' own consequences of the new track, unless the write decided the status itself.
  if (changed("wounds") && next.wounds > grit && !next.dead && !changed("dead")) {
    out.dead = next.dead = true;
    out.dying = next.dying = false;
    notices.push("died");
  }
  // A dead creature is no longer dying (RULING 23, docs/rulings.md #27).
  if (next.dead && next.dying && (changed("dead") || changed("wounds")) && !(isGM && changed("dying"))) out.dying = next.dying = false;
  if (changed("vitalsLost") && !changed("dying") && !next.dead) {
    const before = Math.max(0, vitalsMax - current.vitalsLost);
    if (remaining === 0 && before > 0 && !next.dying) {
      out.dying = next.dying = true;
      notices.push("dying");
    } else if (remaining > 0 && next.dying) {
      out.dying = next.dying = false;
      notices.push("recovered");
    }
  }
  return { ok: true, health: out, notices };
}

function statusProblem(current: StoredHealth, next: StoredHealth, grit: number, remaining: number): HealthProblem | null {
  if (next.dead && !current.dead && !(next.wounds > grit || remaining === 0)) {
    return { key: "CLOCKWORK.Safety.Health.NotDead", data: { wounds: next.wounds, grit } };
  }
  if (!next.dead && current.dead && next.wounds > grit) {
    return { key: "CLOCKWORK.Safety.Health.StillDead", data: { wounds: next.wounds, grit } };
  }
  if (next.dying && !current.dying && (remaining > 0 || next.dead)) {
    return { key: "CLOCKWORK.Safety.Health.NotDying", data: { remaining } };
  }
  return null;
}
