/** The spell lists the item's data model needs (pure constants; the engine is ./spells). */

/** What the gains of a spell do beyond damage and conditions (the structured "effect" of §3.1). */
export const SPELL_EFFECT_KINDS = [
  "none",
  /** Barrier points (RULING 85): amount per gain; a new barrier replaces the old one. */
  "barrier",
  /** Hits cleared: amount per gain (Heal 2). */
  "heal",
  /** Wounds removed: amount per gain (Cure Wounds 1). */
  "cureWounds",
  /** Up to amount per gain hits moved from the target onto the caster (Transfer Life). */
  "transferLife",
  /** The caster heals half of the damage dealt, rounded down (Drain Life). */
  "drainLife",
  /** Hits cleared at the start of each of the target's turns (Regenerate 2). */
  "regenerate",
  /** Ends dying when gains ≥ the target's wounds (RULING 9). */
  "stabilize",
  /** Defense bonus: flat (Blur +5, RULING 32) or per gain (Force Field +1). */
  "defense",
  /** Run changed by amount (Haste +2, Slow −2). */
  "speed",
  /** Counters moved from the next turn into this one, 1 per gain (Borrow Time). */
  "borrowTime",
  /** Counters moved from this turn into the next, 1 per gain (Sliding Time). */
  "slideTime",
  /** Cancels a spell being cast: must exceed its casting gains. */
  "counterspell",
  /** Ends a lasting effect: gains ≥ its stored casting gains (RULING 81). */
  "dispel",
  /** Negates incoming spells: d12 ≤ the stored gains (RULING 10), at most `max` gains. */
  "ward",
  /** The gains become the difficulty to escape (Entangling Roots). */
  "escape",
  /** One size step: +1 (Enlarge) or −1 (Shrink). */
  "size",
  /** Shock's "Stun 1" on a damaged target (RULING 39). */
  "stunOne",
  /** Roll twice and keep the better (Boon, True Strike). */
  "reroll",
  /** Push (positive) or pull (negative) in spaces, ± 1 per size step (Force Blast, Force Push, Gust). */
  "push",
  /** A distance or count that scales with gains: spaces per gain (Teleport 4, Phase 1, Telekinesis 1). */
  "spaces",
  /** The gains are spent on one of the book's spell tables (1.37–1.41). */
  "table",
] as const;
export type SpellEffectKind = (typeof SPELL_EFFECT_KINDS)[number];

/** Who a spell reaches. */
export const SPELL_TARGET_KINDS = [
  /** The caster only. */
  "self",
  /** One creature or object. */
  "one",
  /** Several chosen targets, up to `max` (0 = any number); the cost may grow per target. */
  "several",
  /** As many targets as the gains, chosen before the roll (Mass Haste, RULING in docs/rulings.md). */
  "perGain",
  /** Everyone inside a template. */
  "area",
  /** No creature (an object, a place, a ritual). */
  "none",
] as const;
export type SpellTargetKind = (typeof SPELL_TARGET_KINDS)[number];

/** How far a spell is automated (docs/spells.md). */
export const AUTOMATION_LEVELS = ["full", "partial", "narrative"] as const;
export type AutomationLevel = (typeof AUTOMATION_LEVELS)[number];

/** The book's spell tables a spell's gains are spent on. */
export const SPELL_TABLE_KEYS = ["callOfTheWild", "itemPersonality", "golemancy", "illusion", "shapeshift"] as const;
export type SpellTableKey = (typeof SPELL_TABLE_KEYS)[number];

/** Fixed durations the `special` duration kind stands for (Mass Haste 1 round, Scry 15 minutes). */
export const FIXED_DURATION_UNITS = ["rounds", "minutes", "hours"] as const;
export type FixedDurationUnit = (typeof FIXED_DURATION_UNITS)[number];

