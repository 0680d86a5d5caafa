import { describe, expect, it } from "vitest";
import {
  ACTION_COSTS, ARMOR_CONSTRUCTION, ATTRIBUTE_FROM_RANK_SUM, ATTRIBUTE_KEYS, ATTRIBUTE_SKILLS, BLOCK_BONUS,
  BODY_RESISTANCE_POINTS, CALLED_SHOT_TABLE, CONDITION_KEYS, CONDITION_TABLE, COVER_BONUS, DAMAGE_TYPE_TABLE,
  DAMAGE_TYPES, DIFFICULTY_GAINS, DODGE_ARMOR_PENALTY, DODGE_BONUS, GLOBAL_MANA_POOL, MAGIC_SCHOOLS,
  MANA_BY_MAGIC, MAX_ARMOR_BY_STRENGTH, MELEE_WEAPON_GROUPS, MISSILE_GUIDANCE_TABLE, MISSILE_PAYLOAD_TABLE,
  MISSILE_PROPULSION_SPEED, MOVEMENT_BASE, OTHER_WEAPON_GROUPS, PREBUILT_ARMORS, PREMADE_SKILL_OPTIONS,
  RANGED_WEAPON_GROUPS, SCHOOLS, SHIELD_PRICE, SIZE_TABLE, SIZES, SKILL_ATTRIBUTE, SKILL_KEYS, SPEED_BANDS,
  STAMINA_GRIT_BONUS, VITALS_PENALTY, WEAPON_PROPERTIES, XP_SPEED_MULTIPLIER, armorConstructionProblems,
  maxArmorForStrength, powerXpCost, skillRankXpCost, vitalsPenalty,
} from "../../src/rules";

describe("size table (§1.6)", () => {
  it.each([
    ["tiny", 1, 3, -2, 5, 1],
    ["small", 2, 4, -1, 4, 1],
    ["medium", 3, 5, 0, 3, 1],
    ["large", 4, 6, 1, 2, 2],
    ["huge", 5, 7, 2, 1, 3],
  ] as const)("%s: points %i, grit %i, move %i, defense %i, reach %i", (size, points, grit, move, defense, reach) => {
    expect(SIZE_TABLE[size]).toMatchObject({ resistancePoints: points, baseGrit: grit, movementAdjustment: move, baseDefense: defense, reach });
    const { index } = SIZE_TABLE[size];
    expect([index, index + 2, index - 3, 6 - index]).toEqual([points, grit, move, defense]);
  });
  it("covers every size in order", () => {
    expect(SIZES.map((s) => SIZE_TABLE[s].index)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("damage types (§1.3)", () => {
  it("abbreviates B L N P S X in book order", () => {
    expect(DAMAGE_TYPES.map((t) => DAMAGE_TYPE_TABLE[t].abbreviation).join("")).toBe("BLNPSX");
  });
});

describe("attribute from two lowest ranks (§1.4)", () => {
  it.each([[8, 10], [9, 9], [11, 9], [12, 8], [15, 8], [16, 7], [19, 7], [20, 6], [23, 6], [24, 5]])("sum %i → %i", (sum, attribute) => {
    expect(ATTRIBUTE_FROM_RANK_SUM.find((b) => sum >= b.min && sum <= b.max)?.value).toBe(attribute);
  });
  it("bands cover 8..24 without gaps or overlaps", () => {
    const covered = ATTRIBUTE_FROM_RANK_SUM.flatMap((b) => Array.from({ length: b.max - b.min + 1 }, (_, i) => b.min + i)).sort((a, b) => a - b);
    expect(covered).toEqual(Array.from({ length: 17 }, (_, i) => 8 + i));
  });
});

describe("per-rank and per-attribute tables", () => {
  it.each([[5, 1], [6, 2], [7, 3], [8, 4], [9, 5], [10, 6]])("Body %i → %i resistance points (§1.5)", (body, points) => {
    expect(BODY_RESISTANCE_POINTS[body]).toBe(points);
  });
  it.each([[12, 1], [11, 1], [10, 2], [9, 2], [8, 3], [7, 3], [6, 4], [5, 4], [4, 5]])("Stamina %i → grit +%i (§1.7)", (rank, bonus) => {
    expect(STAMINA_GRIT_BONUS[rank]).toBe(bonus);
    expect(Math.ceil((13 - rank) / 2)).toBe(bonus);
  });
  it.each([[12, 1], [11, 1], [10, 2], [9, 2], [8, 3], [7, 3], [6, 4], [5, 4], [4, 5]])("Agility %i → dodge +%i (§1.15)", (rank, bonus) => {
    expect(DODGE_BONUS[rank]).toBe(bonus);
  });
  it.each([[5, 6], [6, 12], [7, 18], [8, 24], [9, 30], [10, 36]])("Magic %i → %i mana (§1.9)", (magic, mana) => {
    expect(MANA_BY_MAGIC[magic]).toBe(mana);
  });
  it.each([[7, 0], [6, 0], [5, 0], [4, 0], [3, 1], [2, 2], [1, 3], [0, 3]])("%i vitals left → −%i dice (§1.8)", (left, penalty) => {
    expect(vitalsPenalty(left)).toBe(penalty);
  });
  it("vitals penalty bands do not overlap", () => {
    for (let v = 0; v <= 8; v++) expect(VITALS_PENALTY.filter((b) => v >= b.min && v <= b.max)).toHaveLength(1);
  });
  it("global mana pools (§1.10)", () => {
    expect(GLOBAL_MANA_POOL).toEqual({ strong: 60, middling: 48, low: 36 });
  });
});

describe("encumbrance (§1.11, RULING 1)", () => {
  it.each([[12, "light"], [11, "medium"], [9, "medium"], [8, "medium"], [7, "medium"], [6, "heavy"], [4, "heavy"]] as const)(
    "Strength %i → %s", (rank, weight) => {
      expect(maxArmorForStrength(rank)).toBe(weight);
    });
  it("bands cover ranks 4..12 once each", () => {
    for (let r = 4; r <= 12; r++) expect(MAX_ARMOR_BY_STRENGTH.filter((b) => r >= b.min && r <= b.max)).toHaveLength(1);
  });
});

describe("movement (§1.12–§1.13)", () => {
  it("armor rows", () => {
    expect(MOVEMENT_BASE).toEqual({ none: 12, light: 12, medium: 8, heavy: 4 });
  });
  it.each(SPEED_BANDS.map((b) => [b.min, b.max, b.value.walk, b.value.run]))("score %i–%i → walk %i run %i", (min, max, walk, run) => {
    for (let score = min; score <= max; score++) {
      const formulaRun = 4 + Math.floor(score / 4);
      expect([Math.floor(formulaRun / 2), formulaRun]).toEqual([walk, run]);
    }
  });
});

describe("defense tables", () => {
  it("dodge armor penalty (RULING 3) and block (RULING 2)", () => {
    expect(DODGE_ARMOR_PENALTY).toEqual({ none: 0, light: 0, medium: 1, heavy: 2 });
    expect(BLOCK_BONUS).toEqual({ none: 0, light: 1, medium: 3, heavy: 5 });
  });
  it("cover (§1.17) and called shots (§1.18)", () => {
    expect(COVER_BONUS).toEqual({ 0: 0, 25: 1, 50: 3, 75: 5, 100: null });
    for (const shot of ["head", "arm", "leg"] as const) expect(CALLED_SHOT_TABLE[shot].defenseBonus).toBe(2);
    expect(CALLED_SHOT_TABLE.head.criticalThresholdReduction).toBe(1);
  });
  it("difficulties (§1.19)", () => {
    expect(Object.values(DIFFICULTY_GAINS)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe("experience (§1.21–§1.22)", () => {
  it.each([[11, 1, 2, 3], [10, 2, 4, 6], [9, 3, 6, 9], [8, 4, 8, 12], [7, 5, 10, 15], [6, 6, 12, 18], [5, 7, 14, 21], [4, 8, 16, 24]])(
    "new rank %i costs %i / %i / %i", (rank, fast, normal, slow) => {
      expect([skillRankXpCost(rank, "fast"), skillRankXpCost(rank, "normal"), skillRankXpCost(rank, "slow")]).toEqual([fast, normal, slow]);
    });
  it.each([[1, 1, 2, 3], [2, 2, 4, 6], [3, 3, 6, 9], [4, 4, 8, 12]])("level %i costs %i / %i / %i", (level, fast, normal, slow) => {
    expect([powerXpCost(level, "fast"), powerXpCost(level, "normal"), powerXpCost(level, "slow")]).toEqual([fast, normal, slow]);
  });
  it("speed multipliers", () => {
    expect(XP_SPEED_MULTIPLIER).toEqual({ fast: 1, normal: 2, slow: 3 });
  });
});

describe("premade skill options (§1.1)", () => {
  it.each(PREMADE_SKILL_OPTIONS.map((o) => [o.option, o]))("option %i covers 16 skills for 36 points", (_n, option) => {
    const counts = Object.entries(option.counts).map(([rank, n]) => [Number(rank), n] as const);
    expect(counts.reduce((s, [, n]) => s + n, 0)).toBe(16);
    expect(counts.reduce((s, [rank, n]) => s + n * (12 - rank), 0)).toBe(36);
  });
  it("has options 1–8, four balanced then four focused", () => {
    expect(PREMADE_SKILL_OPTIONS.map((o) => o.option)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(PREMADE_SKILL_OPTIONS.map((o) => o.style)).toEqual([...Array(4).fill("balanced"), ...Array(4).fill("focused")]);
    expect(PREMADE_SKILL_OPTIONS[7].counts).toEqual({ 7: 4, 8: 2, 9: 0, 10: 4, 12: 6 });
  });
});

describe("armor (§1.24–§1.26)", () => {
  it("construction limits and prices", () => {
    expect(ARMOR_CONSTRUCTION).toEqual({
      light: { points: 12, maxPerType: 4, price: 250 },
      medium: { points: 18, maxPerType: 5, price: 500 },
      heavy: { points: 24, maxPerType: 6, price: 750 },
    });
    expect(SHIELD_PRICE).toEqual({ light: 100, medium: 150, heavy: 200 });
  });
  it.each(PREBUILT_ARMORS.map((a) => [a.name, a]))("%s is a valid construction", (_name, armor) => {
    expect(armorConstructionProblems(armor.weight, armor.resistances)).toEqual([]);
  });
  it("lists all 21 prebuilt armors", () => {
    expect(PREBUILT_ARMORS).toHaveLength(21);
    expect(PREBUILT_ARMORS.find((a) => a.name === "Scalemail")?.resistances).toEqual({ ballistic: 3, blunt: 4, energy: 4, piercing: 4, slashing: 6, explosive: 3 });
  });
});

describe("skills, schools, weapons", () => {
  it("maps each attribute to its four skills and back", () => {
    for (const attribute of ATTRIBUTE_KEYS) for (const skill of ATTRIBUTE_SKILLS[attribute]) expect(SKILL_ATTRIBUTE[skill]).toBe(attribute);
    expect(Object.keys(SKILL_ATTRIBUTE).sort()).toEqual([...SKILL_KEYS].sort());
  });
  it("gives each magic skill four distinct schools, 16 in total", () => {
    expect(Object.values(MAGIC_SCHOOLS).flat().sort()).toEqual([...SCHOOLS].sort());
    expect(MAGIC_SCHOOLS.elemental).toEqual(["air", "earth", "fire", "water"]);
  });
  it("lists weapon groups and properties", () => {
    expect(MELEE_WEAPON_GROUPS).toHaveLength(11);
    expect(RANGED_WEAPON_GROUPS).toHaveLength(10);
    expect(OTHER_WEAPON_GROUPS).toEqual(["unarmed", "shield", "grenade", "launcher", "missile"]);
    expect(WEAPON_PROPERTIES).toContain("armorPiercing");
    expect(new Set(WEAPON_PROPERTIES).size).toBe(WEAPON_PROPERTIES.length);
  });
  it("missiles (§1.32)", () => {
    expect(MISSILE_GUIDANCE_TABLE).toEqual({ rocket: null, dumb: { dice: 6, threshold: 8 }, guided: { dice: 8, threshold: 6 }, smart: { dice: 10, threshold: 4 } });
    expect(MISSILE_PROPULSION_SPEED).toEqual({ hellfire: 8, standard: 10, cruise: 12 });
    for (const payload of Object.values(MISSILE_PAYLOAD_TABLE)) expect([payload.dice, payload.damageType]).toEqual([12, "explosive"]);
    expect(MISSILE_PAYLOAD_TABLE.fragmentation).toMatchObject({ condition: "bleeding", trigger: "proc" });
    expect(MISSILE_PAYLOAD_TABLE.concussion).toMatchObject({ condition: "stunned", trigger: "proc" });
    expect(MISSILE_PAYLOAD_TABLE.incendiary).toMatchObject({ condition: "burning", trigger: "always" });
  });
});

describe("conditions (§4.15)", () => {
  it("has a row for every condition key", () => {
    expect(Object.keys(CONDITION_TABLE).sort()).toEqual([...CONDITION_KEYS].sort());
  });
  it.each([["bleeding", 2, 7], ["burning", 2, 7], ["persistent", 2, 7], ["poisoned", 2, null], ["stunned", 0, 7], ["chilled", 0, 7], ["frozen", 0, 7], ["blind", 0, 7], ["pacified", 0, 7], ["petrified", 0, null]] as const)(
    "%s ticks %i and ends on Flat %s", (key, tick, flat) => {
      expect(CONDITION_TABLE[key].tickHits).toBe(tick);
      expect(CONDITION_TABLE[key].endFlat).toBe(flat);
    });
  it("pacified ends on damage; only persistent damage stacks", () => {
    expect(CONDITION_TABLE.pacified.endsOnDamage).toBe(true);
    expect(CONDITION_KEYS.filter((k) => CONDITION_TABLE[k].stacks)).toEqual(["persistent"]);
  });
});

describe("action costs (§4.7)", () => {
  it("prices the fixed actions", () => {
    expect(ACTION_COSTS).toMatchObject({ run: 2, step: 1, dodge: 1, block: 1, grenade: 4, disarm: 3, trip: 4, feint: 2, useAlchemy: 2 });
  });
});
