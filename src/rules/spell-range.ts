/**
 * Whether a spell reaches a target (issue 19 item 1; each spell's "Range" in §3.1, §4.18 step 1):
 * self, touch and adjacent (1 space: book L1281 Charm, L1467 Heal's touch), a number of spaces
 * (L1355 Fear, L1592 Polymorph: 12), sight, and area spells by the aim point's distance from the
 * caster and each target's place in the area (L1367 Fireball: "a target space within 12 spaces").
 * Distances are whole spaces between the nearest spaces two tokens cover, every step counting 1
 * (RULING 62). A distance nobody could measure (no token on a scene) is not held against the
 * cast (docs/rulings.md). Pure: the cast measures, this decides.
 */
import { tokensInArea, type AreaShape } from "./area";
import { requireInteger } from "./errors";

/** A way of casting a spell (the item's `automation.modes`; the same shape as ./spells' SpellMode, not imported: spells uses this module). */
interface ModeLike {
  key: string;
  counters: number;
  mana: number;
  rangeSpaces: number;
  areaShape: string;
  areaSize: number;
}

/** What range decisions read of a spell (a `SpellProfile` fits). */
export interface RangedSpell {
  range: { kind: string; spaces: number };
  area: { shape: string; size: number };
  automation: { targets: { kind: string; max: number }; modes?: readonly ModeLike[] };
}

/** Touch and adjacent spells reach this far: the next space (L1281, L1467). */
export const TOUCH_SPACES = 1;

/** Why a spell does not reach a target. */
export type SpellReachProblem =
  /** A self spell on another creature. */
  | "notSelf"
  /** A touch or adjacent spell on a creature 2 or more spaces away. */
  | "notAdjacent"
  /** Beyond the spell's spaces. */
  | "tooFar"
  /** An area spell aimed at a point beyond its spaces. */
  | "aimTooFar"
  /** Not in the area the spell covers. */
  | "outsideArea"
  /** A sight spell on a creature the caster cannot see. */
  | "unseen";

/** Where a target stands for one cast, as the caster's client measured it. */
export interface SpellPlace {
  /** The caster itself (0 spaces away). */
  self?: boolean;
  /** Spaces from the caster to the target; undefined when it could not be measured. */
  distance?: number;
  /** Area spells: spaces from the caster to the aim point (the area's centre). */
  aimDistance?: number;
  /** Area spells: whether the target stands in the placed area; undefined when unknown. */
  inArea?: boolean;
  /** Sight spells: whether the caster sees the target (undefined: taken as seen). */
  seen?: boolean;
}

/** The verdict for one target. */
export interface SpellReach {
  reaches: boolean;
  problem: SpellReachProblem | null;
  /** The spell's reach in spaces (0 for self, null for sight and special). */
  limit: number | null;
}

/** The spell's reach in spaces: 0 for self, 1 for touch and adjacent, its spaces, or null (sight, special). */
export function spellRangeLimit(spell: Pick<RangedSpell, "range">): number | null {
  switch (spell.range.kind) {
    case "self":
      return 0;
    case "touch":
    case "adjacent":
      return TOUCH_SPACES;
    case "spaces":
      return requireInteger(spell.range.spaces, "spell range", "a spell's range is whole spaces of 0 or more", 0);
    default:
      return null;
  }
}

/** An area spell: its targets are whoever stands in its area (Fireball, Quake, Heal's area mode). */
export function isAreaSpell(spell: Pick<RangedSpell, "automation">): boolean {
  return spell.automation.targets.kind === "area";
}

function measured(value: number | undefined, what: string): number | undefined {
  return value === undefined ? undefined : requireInteger(value, what, "distances are whole spaces of 0 or more", 0);
}

const ok = (limit: number | null): SpellReach => ({ reaches: true, problem: null, limit });
const no = (problem: SpellReachProblem, limit: number | null): SpellReach => ({ reaches: false, problem, limit });

/**
 * Whether the spell reaches this target.
 * - Area spells cast from the caster (range self: Shock's cone, Force Blast): the target must be
 *   in the area (or, unplaced, within the area's size of the caster).
 * - Other area spells: the aim point within range, and the target in the area; unplaced and with
 *   no aim point, the target must be within range plus the area's size (the farthest an area in
 *   range can cover).
 * - Self: only the caster. Touch and adjacent: at most 1 space. Spaces: at most that many.
 *   Sight: any creature the caster sees. Special: the GM decides (always reaches).
 */
export function spellReaches(spell: RangedSpell, place: SpellPlace): SpellReach {
  const limit = spellRangeLimit(spell);
  const distance = place.self ? 0 : measured(place.distance, "target distance");
  const aimDistance = measured(place.aimDistance, "aim distance");
  const size = Math.max(0, spell.area.size);
  if (isAreaSpell(spell)) {
    if (spell.range.kind === "self") {
      if (place.inArea === false) return no("outsideArea", limit);
      if (place.inArea === undefined && distance !== undefined && distance > size) return no("outsideArea", limit);
      return ok(limit);
    }
    if (limit !== null && aimDistance !== undefined && aimDistance > limit) return no("aimTooFar", limit);
    if (place.inArea === false) return no("outsideArea", limit);
    if (place.inArea === undefined && aimDistance === undefined && limit !== null && distance !== undefined && distance > limit + size) return no("tooFar", limit);
    return ok(limit);
  }
  switch (spell.range.kind) {
    case "self":
      return place.self ? ok(limit) : no("notSelf", limit);
    case "sight":
      return place.seen === false && !place.self ? no("unseen", limit) : ok(limit);
    case "touch":
    case "adjacent":
      return distance !== undefined && distance > TOUCH_SPACES ? no("notAdjacent", limit) : ok(limit);
    case "spaces":
      return distance !== undefined && limit !== null && distance > limit ? no("tooFar", limit) : ok(limit);
    default:
      return ok(limit);
  }
}

/** Whether the spell reaches every one of these places. */
export function spellReachesAll(spell: RangedSpell, places: readonly SpellPlace[]): boolean {
  return places.every((p) => spellReaches(spell, p).reaches);
}

/**
 * A mode of the spell as its own profile (Heal at range, Heal on an area: L1467): the mode's
 * cost, its spaces, and its area; an unknown key leaves the spell as it is.
 */
export function spellInMode<S extends RangedSpell & { counters: number | null; mana: number }>(spell: S, key: string | undefined): S {
  if (!key) return spell;
  const mode = spell.automation.modes?.find((m) => m.key === key);
  if (!mode) return spell;
  const area = mode.areaShape !== "none";
  return {
    ...spell,
    counters: mode.counters,
    mana: mode.mana,
    range: { kind: "spaces", spaces: mode.rangeSpaces },
    area: { shape: mode.areaShape, size: mode.areaSize },
    automation: { ...spell.automation, targets: area ? { kind: "area", max: 0 } : { kind: "one", max: 1 } },
  };
}

/**
 * The way of casting that reaches these targets when the caster named none: the spell itself
 * when it reaches them, else its first single-target mode that does (Heal beyond touch: its
 * ranged mode, 3 counters and 8 mana, L1467). `undefined` = the spell itself; null = none reaches.
 */
export function modeThatReaches(spell: RangedSpell & { counters: number | null; mana: number }, places: readonly SpellPlace[]): string | null | undefined {
  if (spellReachesAll(spell, places)) return undefined;
  if (isAreaSpell(spell)) return null;
  const modes = spell.automation.modes ?? [];
  for (const mode of modes) {
    if (mode.areaShape !== "none") continue;
    if (places.length > 1) continue;
    if (spellReachesAll(spellInMode(spell, mode.key), places)) return mode.key;
  }
  return null;
}

/** A token's spaces for an area check: its top-left space and its size in spaces. */
export interface PlacedBox {
  x: number;
  y: number;
  size?: number;
}

/**
 * Whether a token stands in a radius area centred on `aim` (spaces), for an area spell whose
 * template could not be placed (a macro naming its targets): the same spaces as the template.
 */
export function inRadiusArea(radius: number, aim: { x: number; y: number }, box: PlacedBox): boolean {
  const shape: AreaShape = { shape: "radius", radius: Math.max(0, radius) };
  return tokensInArea(shape, aim, [{ id: "t", x: box.x, y: box.y, size: box.size ?? 1 }]).length === 1;
}
