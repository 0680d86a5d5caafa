/**
 * Combat arithmetic (digest §4.6–§4.10): initiative, range penalties, target defense, action
 * costs and area templates. Pure: rolls come in as faces.
 */
import { countGains } from "./dice";
import { requireFaces, requireInteger, requireKey, ruleError } from "./errors";
import {
  CALLED_SHOT_TABLE, COVER_BONUS, DEADEYE_REDUCTION, INITIATIVE_DICE,
  MAX_PARRY_WEAPONS, PARRY_BONUS_PER_WEAPON, RANGE_INCREMENTS_MAX,
} from "./tables";
import { CALLED_SHOTS, COVER_LEVELS } from "./types";
import type { CalledShot, CoverPercent } from "./types";

// ---------------------------------------------------------------- initiative

/** Initiative gains: always 12 dice against the chosen Agility or Intuition rank, no bonus dice (RULING 57). */
export function initiativeGains(faces: readonly number[], rank: number): number {
  requireFaces(faces);
  if (faces.length !== INITIATIVE_DICE) {
    ruleError("initiative roll", `must have exactly ${INITIATIVE_DICE} dice`, "initiative always rolls 12 dice (§4.6)", faces.length);
  }
  requireInteger(rank, "initiative rank", "initiative counts against the Agility or Intuition rank, 4–12", 4, 12);
  return countGains(faces, rank);
}

/** A combatant's initiative result and any tie-break d12s rolled so far, in order. */
export interface InitiativeEntry {
  id: string;
  gains: number;
  tieBreaks?: readonly number[];
}

/** Turn order; `ties` lists groups that are still tied and must each roll another d12. */
export interface InitiativeOrder {
  order: string[];
  ties: string[][];
}

/**
 * Orders combatants by gains, highest first (§4.6). Tied combatants compare their tie-break
 * d12s round by round, highest first; a group stays tied (kept in input order and reported in
 * `ties`) until every member has a face for the deciding round.
 */
export function orderInitiative(entries: readonly InitiativeEntry[]): InitiativeOrder {
  const ids = new Set<string>();
  for (const entry of entries) {
    if (ids.has(entry.id)) ruleError("initiative id", "must be unique", "each combatant appears once in the order", entry.id);
    ids.add(entry.id);
    requireInteger(entry.gains, `initiative gains of ${entry.id}`, "gains are whole numbers of 0 or more", 0);
    requireFaces(entry.tieBreaks ?? [], "tie-break die");
  }
  const order: string[] = [];
  const ties: string[][] = [];
  const resolve = (group: readonly InitiativeEntry[], key: (e: InitiativeEntry) => number | undefined, depth: number): void => {
    const buckets = new Map<number, InitiativeEntry[]>();
    for (const entry of group) {
      const value = key(entry) as number;
      const bucket = buckets.get(value);
      if (bucket) bucket.push(entry);
      else buckets.set(value, [entry]);
    }
    for (const value of [...buckets.keys()].sort((a, b) => b - a)) {
      const bucket = buckets.get(value) as InitiativeEntry[];
      if (bucket.length === 1) {
        order.push(bucket[0].id);
      } else if (bucket.every((e) => (e.tieBreaks ?? []).length > depth)) {
        resolve(bucket, (e) => (e.tieBreaks ?? [])[depth], depth + 1);
      } else {
        ties.push(bucket.map((e) => e.id));
        order.push(...bucket.map((e) => e.id));
      }
    }
  };
  resolve(entries, (e) => e.gains, 0);
  return { order, ties };
}

// ---------------------------------------------------------------- range

/**
 * Dice lost for range (§4.9 step 4): ceil(distance / increment) − 1, or `null` when the target
 * is beyond 3 increments (an automatic miss). Distance and increment are in spaces.
 */
export function rangePenalty(distance: number, increment: number): number | null {
  requireInteger(distance, "distance", "distances are whole spaces of 0 or more", 0);
  requireInteger(increment, "range increment", "a range increment is a whole number of spaces of at least 1", 1);
  if (distance > RANGE_INCREMENTS_MAX * increment) return null;
  return Math.max(0, Math.ceil(distance / increment) - 1);
}

/** Maximum range: 3 increments. */
export function effectiveRange(increment: number): number {
  requireInteger(increment, "range increment", "a range increment is a whole number of spaces of at least 1", 1);
  return RANGE_INCREMENTS_MAX * increment;
}

// ---------------------------------------------------------------- defense

/** The attack a defense is computed against. */
export interface AttackProfile {
  kind: "melee" | "ranged";
  /** Area attacks (including autofire) are rolled against base defense only. */
  aoe?: boolean;
  /** Arc shots ignore line-of-sight cover. */
  arcShot?: boolean;
  /** The attack ignores cover entirely (Void Bolt, Void weapons). */
  ignoresCover?: boolean;
}

/** Everything that makes up a target's defense against one attack (§4.9 step 3). */
export interface DefenseInput {
  /** Base defense by size, with Enlarge/Shrink already applied (as derived). */
  baseDefense: number;
  attack: AttackProfile;
  /** The declared reaction, if any. */
  reaction?: "none" | "dodge" | "block";
  dodgeBonus?: number;
  blockBonus?: number;
  calledShot?: CalledShot | null;
  /** The attacker has Deadeye: called shots give 1 less. */
  deadeye?: boolean;
  cover?: CoverPercent;
  /** The attacker has Sniper: cover, shields included, counts one 25 % step lower. */
  sniper?: boolean;
  /** Parry weapons the target wields (melee attacks only, at most 2 count). */
  parryWeapons?: number;
  /** Force Field gains, usable even against area attacks. */
  forceField?: number;
  /** Unaware, stationary or defenseless: base defense only. */
  unaware?: boolean;
  /** The target has Evasion, which allows a dodge against an area attack. */
  evasion?: boolean;
}

/** A defense and its parts. `targetable` is false behind 100 % cover. */
export interface DefenseResult {
  total: number;
  targetable: boolean;
  parts: { base: number; reaction: number; calledShot: number; cover: number; parry: number; forceField: number };
}

const COVER_BONUS_LADDER = [0, 1, 3, 5] as const;

/** Lowers a cover-like bonus by one 25 % step (Sniper), keeping any Enlarge/Shrink offset (docs/rulings.md #30). */
export function lowerOneCoverStep(bonus: number): number {
  requireInteger(bonus, "cover bonus", "cover and block bonuses are whole numbers of 0 or more", 0);
  let rung = 0;
  for (let i = 0; i < COVER_BONUS_LADDER.length; i++) if (COVER_BONUS_LADDER[i] <= bonus) rung = i;
  const offset = bonus - COVER_BONUS_LADDER[rung];
  return rung === 0 ? bonus : COVER_BONUS_LADDER[rung - 1] + offset;
}

/** Cover percentage one 25 % step lower (Sniper); 100 % stays 100 %. */
export function sniperCover(cover: CoverPercent): CoverPercent {
  if (cover === 100) return 100;
  const index = COVER_LEVELS.indexOf(cover);
  return COVER_LEVELS[Math.max(0, index - 1)];
}

function bonusInput(value: number | undefined, what: string): number {
  return requireInteger(value ?? 0, what, "defense bonuses are whole numbers of 0 or more", 0);
}

/** Computes a target's defense against one attack (§4.9 step 3, RULINGS 2–4). */
export function computeDefense(input: DefenseInput): DefenseResult {
  const base = requireInteger(input.baseDefense, "base defense", "defense is a whole number of 0 or more", 0);
  const reaction = input.reaction ?? "none";
  requireKey(reaction, ["none", "dodge", "block"], "reaction", "a target may dodge or block, never both");
  const dodge = bonusInput(input.dodgeBonus, "dodge bonus");
  const block = bonusInput(input.blockBonus, "block bonus");
  const forceField = bonusInput(input.forceField, "Force Field gains");
  const parryWeapons = bonusInput(input.parryWeapons, "parry weapons");
  const cover = input.cover ?? 0;
  requireKey(cover, COVER_LEVELS, "cover", "cover is 0, 25, 50, 75 or 100 %");
  if (input.calledShot) requireKey(input.calledShot, CALLED_SHOTS, "called shot", "called shots are head, arm or leg");
  const parts = { base, reaction: 0, calledShot: 0, cover: 0, parry: 0, forceField: 0 };
  const sum = (targetable = true): DefenseResult => ({
    total: parts.base + parts.reaction + parts.calledShot + parts.cover + parts.parry + parts.forceField,
    targetable,
    parts,
  });

  if (input.unaware) return sum();
  parts.forceField = forceField;
  if (input.attack.aoe) {
    if (input.evasion && reaction === "dodge") parts.reaction = dodge;
    return sum();
  }
  if (reaction === "dodge") parts.reaction = dodge;
  if (reaction === "block") parts.reaction = input.sniper ? lowerOneCoverStep(block) : block;
  if (input.calledShot) {
    parts.calledShot = Math.max(0, CALLED_SHOT_TABLE[input.calledShot].defenseBonus - (input.deadeye ? DEADEYE_REDUCTION : 0));
  }
  let targetable = true;
  if (input.attack.kind === "ranged" && !input.attack.arcShot && !input.attack.ignoresCover) {
    const effective = input.sniper ? sniperCover(cover) : cover;
    const bonus = COVER_BONUS[effective];
    if (bonus === null) targetable = false;
    else parts.cover = bonus;
  }
  if (input.attack.kind === "melee") {
    parts.parry = Math.min(parryWeapons, MAX_PARRY_WEAPONS) * PARRY_BONUS_PER_WEAPON;
  }
  return sum(targetable);
}

/** An attack hits when its gains reach the defense (§4.9 step 5). */
export function attackHits(gains: number, defense: number): boolean {
  requireInteger(gains, "attack gains", "gains are whole numbers");
  requireInteger(defense, "defense", "defense is a whole number of 0 or more", 0);
  return Math.max(0, gains) >= defense;
}

// ---------------------------------------------------------------- counters

export { actionCost, channelCounters } from "./counters";

// ---------------------------------------------------------------- area templates

/** A grid offset in spaces from a template's origin. */
export interface GridOffset { dx: number; dy: number }

/** Spaces of a radius-r area (§4.9): centres within r + 0.5 of the centre space's centre. */
export function radiusOffsets(radius: number): GridOffset[] {
  requireInteger(radius, "radius", "an area radius is whole spaces of 0 or more", 0);
  const limit = (radius + 0.5) ** 2;
  const result: GridOffset[] = [];
  for (let dy = 0 - radius; dy <= radius; dy++) {
    for (let dx = 0 - radius; dx <= radius; dx++) if (dx * dx + dy * dy <= limit) result.push({ dx, dy });
  }
  return result;
}

export type Facing = "north" | "east" | "south" | "west";
const FACING_VECTORS: Record<Facing, { forward: GridOffset; side: GridOffset }> = {
  north: { forward: { dx: 0, dy: -1 }, side: { dx: 1, dy: 0 } },
  east: { forward: { dx: 1, dy: 0 }, side: { dx: 0, dy: 1 } },
  south: { forward: { dx: 0, dy: 1 }, side: { dx: 1, dy: 0 } },
  west: { forward: { dx: -1, dy: 0 }, side: { dx: 0, dy: 1 } },
};

/**
 * Spaces of a cone in front of the caster (§4.9): 1 space at distance 1, 3 at 2, 5 at 3 …
 * Orthogonal facings only; diagonal cones use the table's template (RULING in §4.9).
 */
export function coneOffsets(length: number, facing: Facing): GridOffset[] {
  requireInteger(length, "cone length", "a cone is whole spaces long, at least 1", 1);
  requireKey(facing, ["north", "east", "south", "west"], "facing", "cones face north, east, south or west");
  const { forward, side } = FACING_VECTORS[facing];
  const result: GridOffset[] = [];
  for (let d = 1; d <= length; d++) {
    for (let w = 1 - d; w <= d - 1; w++) {
      result.push({ dx: forward.dx * d + side.dx * w, dy: forward.dy * d + side.dy * w });
    }
  }
  return result;
}

/** Spaces of a line of n spaces from the caster in one of 8 directions; diagonals count 1 each here. */
export function lineOffsets(length: number, direction: GridOffset): GridOffset[] {
  requireInteger(length, "line length", "a line is whole spaces long, at least 1", 1);
  const { dx, dy } = direction;
  if (![-1, 0, 1].includes(dx) || ![-1, 0, 1].includes(dy) || (dx === 0 && dy === 0)) {
    ruleError("line direction", "must be a unit step in one of 8 directions", "lines run straight or diagonal", direction);
  }
  return Array.from({ length }, (_, i) => ({ dx: dx * (i + 1), dy: dy * (i + 1) }));
}
