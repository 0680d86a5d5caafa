/**
 * Every numeric table of the ClockWork rules as plain typed data: the single source of truth
 * for code, sheets (through their context builders) and tests. Section numbers refer to the
 * implementation digest; RULING numbers to its section 6.
 */
import type {
  ArmorWeight, AttributeKey, CalledShot, CampaignSpeed, ConditionKey, CoverPercent, DamageType,
  Difficulty, MagicSkill, MissileGuidance, MissilePayload, MissilePropulsion, School, Size,
  SkillKey, WornWeight,
} from "./types";

// ---------------------------------------------------------------- general limits

/** Every pool is capped at 12 dice (digest §0). */
export const MAX_DICE = 12;
/** Skill ranks run from 12 (untrained) down to 4 (best). */
export const MIN_SKILL_RANK = 4;
export const MAX_SKILL_RANK = 12;
/** Attributes run from 5 to 10. */
export const MIN_ATTRIBUTE = 5;
export const MAX_ATTRIBUTE = 10;
/** Faces of the only die the game uses. */
export const DIE_FACES = 12;
/** Total resistance (species + armor) never exceeds 12 (§4.12). */
export const MAX_RESISTANCE = 12;
/** Species and armor shares are each capped at 6 (§4.12). */
export const MAX_SPECIES_RESISTANCE = 6;
export const MAX_ARMOR_RESISTANCE = 6;
/** Action counters a combatant receives at the start of each turn (§4.7). */
export const COUNTERS_PER_TURN = 6;
/** Player characters have 6 vitals; items may add more (RULING 17). */
export const BASE_VITALS = 6;
/** The death roll is always 6 dice (RULING 59). */
export const DEATH_ROLL_DICE = 6;
/** Initiative always rolls 12 dice with no bonus or focus die (RULING 57). */
export const INITIATIVE_DICE = 12;
/** Luck uses per player per session; one per roll, Halflings may spend several (§4.5). */
export const LUCK_PER_SESSION = 3;
/** Falling deals 4 unavoidable hits per space fallen (§4.8). */
export const FALLING_HITS_PER_SPACE = 4;
/** Effective range is this many range increments (§4.9). */
export const RANGE_INCREMENTS_MAX = 3;

// ---------------------------------------------------------------- skills and attributes

/** Which attribute supplies the dice for each skill (§2.1). */
export const SKILL_ATTRIBUTE: Record<SkillKey, AttributeKey> = {
  accuracy: "body", agility: "body", strength: "body", stamina: "body",
  celestial: "magic", elemental: "magic", soul: "magic", spellcraft: "magic",
  intuition: "mind", ingenuity: "mind", knowledge: "mind", perception: "mind",
  creativity: "spirit", charisma: "spirit", manipulation: "spirit", will: "spirit",
};

/** The four skills of each attribute, in the book's order. */
export const ATTRIBUTE_SKILLS: Record<AttributeKey, readonly SkillKey[]> = {
  body: ["accuracy", "agility", "strength", "stamina"],
  magic: ["celestial", "elemental", "soul", "spellcraft"],
  mind: ["intuition", "ingenuity", "knowledge", "perception"],
  spirit: ["creativity", "charisma", "manipulation", "will"],
};

/** Magic schools per magic skill (§3.1); Blizzard's "Cold" is Water (RULING 7). */
export const MAGIC_SCHOOLS: Record<MagicSkill, readonly School[]> = {
  celestial: ["fate", "force", "space", "time"],
  elemental: ["air", "earth", "fire", "water"],
  soul: ["death", "emotion", "life", "nature"],
  spellcraft: ["alchemy", "arcane", "enchantment", "illusion"],
};

/** A band of a lookup table: inclusive `min`..`max` maps to `value`. */
export interface Band<T> { min: number; max: number; value: T }

/** Attribute from the sum of the two lowest skill ranks (§1.4). */
export const ATTRIBUTE_FROM_RANK_SUM: readonly Band<number>[] = [
  { min: 8, max: 8, value: 10 },
  { min: 9, max: 11, value: 9 },
  { min: 12, max: 15, value: 8 },
  { min: 16, max: 19, value: 7 },
  { min: 20, max: 23, value: 6 },
  { min: 24, max: 24, value: 5 },
];

/** Premade skill purchases for the 36 creation points (§1.1): how many skills end at each rank. */
export interface PremadeSkillOption {
  option: number;
  style: "balanced" | "focused";
  /** rank → number of skills at that rank; the counts sum to 16 and cost exactly 36 points. */
  counts: Readonly<Record<7 | 8 | 9 | 10 | 12, number>>;
}
export const PREMADE_SKILL_OPTIONS: readonly PremadeSkillOption[] = [
  { option: 1, style: "balanced", counts: { 7: 1, 8: 3, 9: 3, 10: 5, 12: 4 } },
  { option: 2, style: "balanced", counts: { 7: 2, 8: 2, 9: 2, 10: 6, 12: 4 } },
  { option: 3, style: "balanced", counts: { 7: 3, 8: 1, 9: 1, 10: 7, 12: 4 } },
  { option: 4, style: "balanced", counts: { 7: 4, 8: 0, 9: 0, 10: 8, 12: 4 } },
  { option: 5, style: "focused", counts: { 7: 1, 8: 5, 9: 3, 10: 1, 12: 6 } },
  { option: 6, style: "focused", counts: { 7: 2, 8: 4, 9: 2, 10: 2, 12: 6 } },
  { option: 7, style: "focused", counts: { 7: 3, 8: 3, 9: 1, 10: 3, 12: 6 } },
  { option: 8, style: "focused", counts: { 7: 4, 8: 2, 9: 0, 10: 4, 12: 6 } },
];

/** Creation step 2: 36 points at 1 point per rank, no skill below 7 (§4.19, RULING 16). */
export const CREATION_SKILL_POINTS = 36;
export const CREATION_SKILL_FLOOR = 7;

// ---------------------------------------------------------------- sizes

export interface SizeRow {
  /** Tiny 1 … Huge 5. */
  index: number;
  /** Extra resistance points to allocate at creation (= index). */
  resistancePoints: number;
  /** Base grit (= index + 2). */
  baseGrit: number;
  /** Added to the movement score (= index − 3). */
  movementAdjustment: number;
  /** Base defense (= 6 − index). */
  baseDefense: number;
  /** Melee reach in spaces. */
  reach: number;
}
/** Size table (§1.6, §1.14, §4.9 reach). */
export const SIZE_TABLE: Record<Size, SizeRow> = {
  tiny: { index: 1, resistancePoints: 1, baseGrit: 3, movementAdjustment: -2, baseDefense: 5, reach: 1 },
  small: { index: 2, resistancePoints: 2, baseGrit: 4, movementAdjustment: -1, baseDefense: 4, reach: 1 },
  medium: { index: 3, resistancePoints: 3, baseGrit: 5, movementAdjustment: 0, baseDefense: 3, reach: 1 },
  large: { index: 4, resistancePoints: 4, baseGrit: 6, movementAdjustment: 1, baseDefense: 2, reach: 2 },
  huge: { index: 5, resistancePoints: 5, baseGrit: 7, movementAdjustment: 2, baseDefense: 1, reach: 3 },
};

// ---------------------------------------------------------------- damage and resistance

/** Damage types with the book's one-letter abbreviations (§1.3). */
export const DAMAGE_TYPE_TABLE: Record<DamageType, { abbreviation: string }> = {
  ballistic: { abbreviation: "B" },
  blunt: { abbreviation: "L" },
  energy: { abbreviation: "N" },
  piercing: { abbreviation: "P" },
  slashing: { abbreviation: "S" },
  explosive: { abbreviation: "X" },
};

/** Every type starts at 2 resistance at creation; the base cannot be moved (RULING 22). */
export const BASE_RESISTANCE = 2;
/** Allocated creation points may raise a type to at most 5 (§4.19 step 8). */
export const MAX_ALLOCATED_RESISTANCE = 5;
/** The species +1 applies after allocation and may reach 6 (§4.19 step 9). */
export const SPECIES_RESISTANCE_BONUS = 1;
/** Changelings may not put their species bonus on these types (RULING 14). */
export const CHANGELING_EXCLUDED_TYPES: readonly DamageType[] = ["ballistic", "explosive"];
/** Petrified creatures have resistance 12 against these types (§4.12). */
export const PETRIFIED_RESISTANT_TYPES: readonly DamageType[] = ["blunt", "slashing", "piercing", "ballistic"];

/** Body attribute → extra resistance points at creation (§1.5: Body − 4). */
export const BODY_RESISTANCE_POINTS: Readonly<Record<number, number>> = { 5: 1, 6: 2, 7: 3, 8: 4, 9: 5, 10: 6 };

// ---------------------------------------------------------------- grit, vitals, mana

/** Stamina rank → bonus grit (§1.7: ceil((13 − rank) / 2)). */
export const STAMINA_GRIT_BONUS: Readonly<Record<number, number>> = {
  4: 5, 5: 4, 6: 4, 7: 3, 8: 3, 9: 2, 10: 2, 11: 1, 12: 1,
};

/**
 * Remaining vitals → dice lost on Body rolls (§1.8). Rows above 6 (Bulwark, Amulet of Vitality)
 * carry no penalty; 0 remaining means dying, which keeps the last row's −3 (docs/rulings.md #24).
 */
export const VITALS_PENALTY: readonly Band<number>[] = [
  { min: 4, max: Number.POSITIVE_INFINITY, value: 0 },
  { min: 3, max: 3, value: 1 },
  { min: 2, max: 2, value: 2 },
  { min: 0, max: 1, value: 3 },
];

/** Magic attribute → personal mana (§1.9: 6 × (Magic − 4)). */
export const MANA_BY_MAGIC: Readonly<Record<number, number>> = { 5: 6, 6: 12, 7: 18, 8: 24, 9: 30, 10: 36 };
/** The Amulet of Wizardry's extra mana (§1.35). */
export const AMULET_OF_WIZARDRY_MANA = 6;

/** Global mana pool by the area's connection to the mana source (§1.10); refills 1 per hour. */
export const GLOBAL_MANA_POOL = { strong: 60, middling: 48, low: 36 } as const;
export type ManaConnection = keyof typeof GLOBAL_MANA_POOL;
/** Flat rolls that negate spells (§3.2, §3.3, §1.39): Null Magic on others' and own spells, Gnomes, golem runes. */
export const SPELL_NEGATION_FLAT = {
  nullMagicIncoming: 7, nullMagicOwn: 4, nullMagicItem: 4, gnome: 10,
  runesMinor: 10, runes: 7, runesMajor: 4,
} as const;
/** In combat, channeling moves this much mana per action counter (§4.18). */
export const MANA_PER_CHANNEL_COUNTER = 2;

// ---------------------------------------------------------------- encumbrance and movement

/** Strength rank → heaviest armor worn without penalty (§1.11 as fixed by RULING 1). */
export const MAX_ARMOR_BY_STRENGTH: readonly Band<WornWeight>[] = [
  { min: 12, max: 12, value: "light" },
  { min: 7, max: 11, value: "medium" },
  { min: 4, max: 6, value: "heavy" },
];

/** Weight steps over the limit → encumbrance (§1.11): one step no running, two steps step only. */
export const ENCUMBRANCE_BY_STEPS_OVER = ["none", "encumbered", "step-only"] as const;

/** Movement score base by the armor row (§1.12); add (12 − Agility rank) and the size adjustment. */
export const MOVEMENT_BASE: Record<ArmorWeight, number> = { none: 12, light: 12, medium: 8, heavy: 4 };

/** Movement score → run and walk (§1.13); matches Run = 4 + floor(score / 4), Walk = floor(Run / 2). */
export const SPEED_BANDS: readonly Band<{ walk: number; run: number }>[] = [
  { min: 0, max: 3, value: { walk: 2, run: 4 } },
  { min: 4, max: 7, value: { walk: 2, run: 5 } },
  { min: 8, max: 11, value: { walk: 3, run: 6 } },
  { min: 12, max: 15, value: { walk: 3, run: 7 } },
  { min: 16, max: 19, value: { walk: 4, run: 8 } },
  { min: 20, max: 23, value: { walk: 4, run: 9 } },
  { min: 24, max: 27, value: { walk: 5, run: 10 } },
];

/** Haste adds and Slow removes this much Run (§3.1). */
export const HASTE_RUN_BONUS = 2;

// ---------------------------------------------------------------- defense

/** Agility rank → dodge bonus (§1.15: ceil((13 − rank) / 2)). */
export const DODGE_BONUS: Readonly<Record<number, number>> = {
  4: 5, 5: 4, 6: 4, 7: 3, 8: 3, 9: 2, 10: 2, 11: 1, 12: 1,
};

/** Armor weight → dodge penalty (RULING 3); Dwarves reduce it by 1; dodge never goes below 0. */
export const DODGE_ARMOR_PENALTY: Record<ArmorWeight, number> = { none: 0, light: 0, medium: 1, heavy: 2 };

/** Shield weight → block bonus (RULING 2). */
export const BLOCK_BONUS: Record<ArmorWeight, number> = { none: 0, light: 1, medium: 3, heavy: 5 };

/** Cover → defense bonus (§1.17); `null` = cannot be targeted. */
export const COVER_BONUS: Record<CoverPercent, number | null> = { 0: 0, 25: 1, 50: 3, 75: 5, 100: null };

/** Called shots (§1.18): defense bonus, and how far a head shot lowers the critical threshold. */
export const CALLED_SHOT_TABLE: Record<CalledShot, { defenseBonus: number; criticalThresholdReduction: number; endFlat: number | null }> = {
  head: { defenseBonus: 2, criticalThresholdReduction: 1, endFlat: null },
  arm: { defenseBonus: 2, criticalThresholdReduction: 0, endFlat: 7 },
  leg: { defenseBonus: 2, criticalThresholdReduction: 0, endFlat: 7 },
};
/** Deadeye lowers a called shot's defense bonus by this much (§3.2). */
export const DEADEYE_REDUCTION = 1;
/** Defense per parry weapon against melee attacks, at most two weapons (§1.27). */
export const PARRY_BONUS_PER_WEAPON = 1;
export const MAX_PARRY_WEAPONS = 2;

/** Natural 12s score critical damage on a hit (§4.9 step 6). */
export const BASE_CRITICAL_THRESHOLD = 12;

// ---------------------------------------------------------------- difficulty and experience

/** Gains needed for each difficulty of an unopposed roll (§1.19); extreme is 6 or more. */
export const DIFFICULTY_GAINS: Record<Difficulty, number> = {
  simple: 1, easy: 2, normal: 3, hard: 4, difficult: 5, extreme: 6,
};
/** Out of combat, gains this far above or below the difficulty allow a dramatic result (§4.3). */
export const DRAMATIC_MARGIN = 3;

/** XP the GM may award per trigger (§1.20). */
export const XP_AWARDS = [1, 2, 3, 4] as const;

/** XP multiplier by campaign speed (§1.21, §1.22). */
export const XP_SPEED_MULTIPLIER: Record<CampaignSpeed, number> = { fast: 1, normal: 2, slow: 3 };
/** Spells and features have levels 1–4. */
export const MIN_POWER_LEVEL = 1;
export const MAX_POWER_LEVEL = 4;

/** Customization points at creation (§1.23); species may add more (High Elves +4). */
export const CUSTOMIZATION_POINTS = 12;
export const HIGH_ELF_EXTRA_CUSTOMIZATION_POINTS = 4;
/** A customization rank costs 1 CP down to this rank and 2 CP below it. */
export const CP_CHEAP_RANK_FLOOR = 7;
export const CP_COST_CHEAP = 1;
export const CP_COST_EXPENSIVE = 2;

// ---------------------------------------------------------------- equipment

/** Armor construction (§1.24): points to spend exactly, per-type cap, price. */
export const ARMOR_CONSTRUCTION: Record<WornWeight, { points: number; maxPerType: number; price: number }> = {
  light: { points: 12, maxPerType: 4, price: 250 },
  medium: { points: 18, maxPerType: 5, price: 500 },
  heavy: { points: 24, maxPerType: 6, price: 750 },
};

/** Prebuilt armors (§1.25), in B / L / N / P / S / X order. */
export const PREBUILT_ARMORS: readonly { name: string; weight: WornWeight; resistances: Record<DamageType, number> }[] = [
  armor("Bullet Resistant Vest", "light", 4, 2, 2, 2, 2, 0),
  armor("Padded Armor", "light", 1, 4, 2, 2, 2, 1),
  armor("Fire Resistant Clothing", "light", 1, 2, 4, 2, 2, 1),
  armor("Leather Armor", "light", 1, 2, 2, 4, 2, 1),
  armor("Hide Armor", "light", 1, 2, 2, 2, 4, 1),
  armor("Flak Jacket", "light", 0, 2, 2, 2, 2, 4),
  armor("Graphene Armor", "light", 2, 2, 2, 2, 2, 2),
  armor("Bullet Resistant Armor", "medium", 5, 3, 3, 3, 3, 1),
  armor("Riot Vest", "medium", 2, 5, 3, 3, 3, 2),
  armor("Fireproof Suit", "medium", 2, 3, 5, 3, 3, 2),
  armor("Breastplate", "medium", 2, 3, 3, 5, 3, 2),
  armor("Ringmail", "medium", 2, 3, 3, 3, 5, 2),
  armor("Bombsquad Vest", "medium", 1, 3, 3, 3, 3, 5),
  armor("Lamellar", "medium", 3, 3, 3, 3, 3, 3),
  armor("Infantry Armor", "heavy", 6, 4, 4, 4, 4, 2),
  armor("Chainmail", "heavy", 3, 6, 4, 4, 4, 3),
  armor("Envirosuit", "heavy", 3, 4, 6, 4, 4, 3),
  armor("Platemail", "heavy", 3, 4, 4, 6, 4, 3),
  armor("Scalemail", "heavy", 3, 4, 4, 4, 6, 3),
  armor("Bombsquad Armor", "heavy", 2, 4, 4, 4, 4, 6),
  armor("Riot Gear", "heavy", 4, 4, 4, 4, 4, 4),
];

function armor(
  name: string, weight: WornWeight,
  ballistic: number, blunt: number, energy: number, piercing: number, slashing: number, explosive: number,
): { name: string; weight: WornWeight; resistances: Record<DamageType, number> } {
  return { name, weight, resistances: { ballistic, blunt, energy, piercing, slashing, explosive } };
}

/** Shield prices by weight (§1.26): Buckler 100, Kite / Round 150, Riot / Tower 200. */
export const SHIELD_PRICE: Record<WornWeight, number> = { light: 100, medium: 150, heavy: 200 };
/** Shield kinds of the book by weight (§1.16). */
export const SHIELD_KINDS: Record<WornWeight, readonly string[]> = {
  light: ["buckler"],
  medium: ["kite", "round"],
  heavy: ["riot", "tower"],
};

/** Starting currency and what each Wealthy purchase adds (§1.42). */
export const STARTING_CURRENCY = 2000;
export const WEALTHY_BONUS = 250;
/** The book sets no ceiling on money; a character holds at most this (docs/rulings.md, typed values). */
export const MAX_CURRENCY = 1_000_000;

/** Combat carry slots (§1.11). */
export const CARRY_SLOTS = { belt: 3, bandolier: 3 } as const;

/** Range increment of the Thrown property and hand grenades (§1.27, §1.30). */
export const THROWN_RANGE_INCREMENT = 3;

/** Grenades and mines (§1.30). */
export const GRENADE = { counters: 4, radius: 2, rangeIncrement: 3 } as const;

/** Missiles (§1.32, RULING 38): 4 AC, radius 3. */
export const MISSILE = { counters: 4, radius: 3 } as const;
/** Guidance: the attack pool; `null` = the shooter's Body / Accuracy roll (rocket). */
export const MISSILE_GUIDANCE_TABLE: Record<MissileGuidance, { dice: number; threshold: number } | null> = {
  rocket: null,
  dumb: { dice: 6, threshold: 8 },
  guided: { dice: 8, threshold: 6 },
  smart: { dice: 10, threshold: 4 },
};
/** Propulsion speed, used as the range increment (RULING 38). */
export const MISSILE_PROPULSION_SPEED: Record<MissilePropulsion, number> = { hellfire: 8, standard: 10, cruise: 12 };
/** Payloads: 12 explosive dice plus an optional condition and its trigger (RULING 13). */
export const MISSILE_PAYLOAD_TABLE: Record<MissilePayload, {
  dice: number; damageType: DamageType; condition: ConditionKey | null; trigger: "proc" | "always" | null;
}> = {
  explosive: { dice: 12, damageType: "explosive", condition: null, trigger: null },
  fragmentation: { dice: 12, damageType: "explosive", condition: "bleeding", trigger: "proc" },
  incendiary: { dice: 12, damageType: "explosive", condition: "burning", trigger: "always" },
  concussion: { dice: 12, damageType: "explosive", condition: "stunned", trigger: "proc" },
};

// ---------------------------------------------------------------- conditions

export interface ConditionRow {
  /** Unavoidable hits dealt at the start of the creature's turn (RULING in §4.15). */
  tickHits: number;
  /** Flat roll at the end of the creature's turn that ends it; `null` = ended another way. */
  endFlat: number | null;
  /** Whether a second application adds another instance. */
  stacks: boolean;
  /** Taking damage ends it (Pacified). */
  endsOnDamage: boolean;
}
/** Conditions (§4.15). Persistent damage allows one instance per damage type. */
export const CONDITION_TABLE: Record<ConditionKey, ConditionRow> = {
  bleeding: { tickHits: 2, endFlat: 7, stacks: false, endsOnDamage: false },
  burning: { tickHits: 2, endFlat: 7, stacks: false, endsOnDamage: false },
  chilled: { tickHits: 0, endFlat: 7, stacks: false, endsOnDamage: false },
  frozen: { tickHits: 0, endFlat: 7, stacks: false, endsOnDamage: false },
  deafened: { tickHits: 0, endFlat: null, stacks: false, endsOnDamage: false },
  entangled: { tickHits: 0, endFlat: null, stacks: false, endsOnDamage: false },
  exhausted: { tickHits: 0, endFlat: null, stacks: false, endsOnDamage: false },
  persistent: { tickHits: 2, endFlat: 7, stacks: true, endsOnDamage: false },
  petrified: { tickHits: 0, endFlat: null, stacks: false, endsOnDamage: false },
  poisoned: { tickHits: 2, endFlat: null, stacks: false, endsOnDamage: false },
  stunned: { tickHits: 0, endFlat: 7, stacks: false, endsOnDamage: false },
  blind: { tickHits: 0, endFlat: 7, stacks: false, endsOnDamage: false },
  prone: { tickHits: 0, endFlat: null, stacks: false, endsOnDamage: false },
  grappled: { tickHits: 0, endFlat: null, stacks: false, endsOnDamage: false },
  pacified: { tickHits: 0, endFlat: 7, stacks: false, endsOnDamage: true },
  dying: { tickHits: 0, endFlat: null, stacks: false, endsOnDamage: false },
  encumbered: { tickHits: 0, endFlat: null, stacks: false, endsOnDamage: false },
  defenseless: { tickHits: 0, endFlat: null, stacks: false, endsOnDamage: false },
};
/** A Frozen creature that ends Frozen on its Flat becomes Chilled (§4.15). */
export const FROZEN_BECOMES: ConditionKey = "chilled";
/** Stunned: every action costs this many extra counters (§4.7). */
export const STUNNED_EXTRA_COUNTERS = 1;
/** Blind and obscured targets count as this much cover (§1.17, RULING 32). */
export const BLIND_COVER: CoverPercent = 75;
/** Exhausted: dice lost on every roll (RULING 26). */
export const EXHAUSTED_PENALTY = 1;

// ---------------------------------------------------------------- action counters

/** Fixed action costs in counters (§4.7); weapon attacks and spells use their own cost. */
export const ACTION_COSTS = {
  skillRoll: 2, run: 2, walk: 2, step: 1, climbSpace: 1, unarmedAttack: 2, autofireExtra: 1,
  twoWeaponExtra: 1, dualWieldMelee: 3, dualWieldRanged: 4, powerAttackPerCritical: 1,
  grenade: 4, missile: 4, dodge: 1, block: 1, draw: 1, stow: 1, drop: 0, pickUp: 1,
  standOrDropProne: 1, feint: 2, disarm: 3, trip: 4, grapple: 2, crush: 4, piledrive: 2,
  shove: 1, emplaceMine: 1, detonateMine: 1, drawAlchemy: 1, useAlchemy: 2, stopDropRoll: 4,
  moveSummonedArea: 2, dragonkinBreath: 4, mycorreanSpores: 4, bleedingFirstAid: 4,
  recallReturningWeapon: 1, flourishFollowUp: 1, channelPerTwoMana: 1, stabilize: 2,
} as const;
export type ActionKey = keyof typeof ACTION_COSTS;

/** Situational dice named by the book (§4.1 step 3). */
export const SITUATIONAL_DICE = {
  proneRanged: 1, accurate: 1, autofire: -2, mounted: -2, cyclone: -2, challenged: -2,
} as const;
