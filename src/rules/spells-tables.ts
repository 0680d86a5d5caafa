/**
 * The book's spell tables (digest tables 1.37–1.41, §4.20, RULING 79): Call of the Wild by
 * gains, Item Personality by d12, Golemancy and Illusion purchases against the casting gains,
 * and the Shapeshift aspects. Keys only; the words live in lang/en.json under
 * `CLOCKWORK.Magic.Table.*`.
 */
import { requireFaces, requireInteger, requireKey, ruleError } from "./errors";
import type { Size } from "./types";

// ---------------------------------------------------------------- 1.37 Call of the Wild

export const CALL_OF_THE_WILD_ROWS = ["hostile", "nobody", "small", "medium", "large", "giant", "huge", "any"] as const;
export type CallOfTheWildRow = (typeof CALL_OF_THE_WILD_ROWS)[number];

/** The row a Call of the Wild roll reaches (§1.37): 0 hostile, 1–2 nobody, 3–7 by size, 8+ any. */
export function callOfTheWildRow(gains: number): CallOfTheWildRow {
  const g = Math.max(0, requireInteger(gains, "gains", "gains are whole numbers"));
  if (g === 0) return "hostile";
  if (g <= 2) return "nobody";
  if (g >= 8) return "any";
  return CALL_OF_THE_WILD_ROWS[g - 1];
}

/**
 * The rows the caster may choose from (RULING 79: any lower row than the one rolled, the
 * answering rows only; 0 gains leaves no choice).
 */
export function callOfTheWildChoices(gains: number): CallOfTheWildRow[] {
  const rolled = callOfTheWildRow(gains);
  if (rolled === "hostile" || rolled === "nobody") return [rolled];
  const answering = CALL_OF_THE_WILD_ROWS.slice(2);
  return answering.slice(0, answering.indexOf(rolled) + 1);
}

// ---------------------------------------------------------------- 1.38 Item Personality

export const ITEM_PERSONALITIES = [
  "evil", "heartless", "bravado", "depressed", "anxious", "demure",
  "balanced", "jester", "valor", "happy", "wise", "good",
] as const;
export type ItemPersonality = (typeof ITEM_PERSONALITIES)[number];

/** The personality a d12 gives (§1.38). Awaken Item rolls once per gain; the player may stop early. */
export function itemPersonality(face: number): ItemPersonality {
  requireFaces([face]);
  return ITEM_PERSONALITIES[face - 1];
}

// ---------------------------------------------------------------- 1.39 Golemancy

export const GOLEM_MATERIALS = { clay: 1, clockwork: 2, stone: 3, iron: 4 } as const;
export type GolemMaterial = keyof typeof GOLEM_MATERIALS;
/** What each material counts as for armor (§1.39). */
export const GOLEM_MATERIAL_ARMOR = { clay: "none", clockwork: "light", stone: "medium", iron: "heavy" } as const;
export const GOLEM_SIZE_COST: Readonly<Record<Size, number>> = { tiny: 3, small: 2, medium: 1, large: 2, huge: 3 };
export const GOLEM_RUNES = { none: 0, minor: 1, standard: 2, major: 3 } as const;
export type GolemRunes = keyof typeof GOLEM_RUNES;

/** A golem design: material and size are required, runes optional (§4.20). */
export interface GolemDesign {
  material: GolemMaterial;
  size: Size;
  runes?: GolemRunes;
}

/** Gains a golem design costs: material + size + runes (§1.39). */
export function golemCost(design: GolemDesign): number {
  requireKey(design.material, Object.keys(GOLEM_MATERIALS) as GolemMaterial[], "golem material", "clay, clockwork, stone or iron (§1.39)");
  requireKey(design.size, Object.keys(GOLEM_SIZE_COST) as Size[], "golem size", "a size of §1.6");
  const runes = design.runes ?? "none";
  requireKey(runes, Object.keys(GOLEM_RUNES) as GolemRunes[], "golem runes", "none, minor, standard or major (§1.39)");
  return GOLEM_MATERIALS[design.material] + GOLEM_SIZE_COST[design.size] + GOLEM_RUNES[runes];
}

/** Whether the casting gains buy the design (total cost ≤ gains, §4.20). */
export function golemAffordable(design: GolemDesign, gains: number): boolean {
  return golemCost(design) <= Math.max(0, requireInteger(gains, "gains", "gains are whole numbers"));
}

// ---------------------------------------------------------------- 1.40 Illusion

export const ILLUSION_SIZES = { auditory: 0, tiny: 1, small: 2, medium: 3, large: 4, huge: 5 } as const;
export const ILLUSION_MOVEMENTS = { static: 1, sounds: 1, pattern: 2, volition: 3 } as const;
export const ILLUSION_COMPLEXITIES = { monochrome: 0, color: 1, reactive: 2 } as const;
export type IllusionSize = keyof typeof ILLUSION_SIZES;
export type IllusionMovement = keyof typeof ILLUSION_MOVEMENTS;
export type IllusionComplexity = keyof typeof ILLUSION_COMPLEXITIES;

export interface IllusionDesign {
  size: IllusionSize;
  movement: IllusionMovement;
  complexity: IllusionComplexity;
}

/** Gains an illusion costs, spent across all three tables (§1.40). */
export function illusionCost(design: IllusionDesign): number {
  if (!(design.size in ILLUSION_SIZES)) ruleError("illusion size", "must be a row of §1.40", "Illusion tables", design.size);
  if (!(design.movement in ILLUSION_MOVEMENTS)) ruleError("illusion movement", "must be a row of §1.40", "Illusion tables", design.movement);
  if (!(design.complexity in ILLUSION_COMPLEXITIES)) ruleError("illusion complexity", "must be a row of §1.40", "Illusion tables", design.complexity);
  return ILLUSION_SIZES[design.size] + ILLUSION_MOVEMENTS[design.movement] + ILLUSION_COMPLEXITIES[design.complexity];
}

// ---------------------------------------------------------------- 1.41 Shapeshift

export const SHAPESHIFT_ASPECTS = ["bat", "badger", "bear", "eagle", "tiger", "shark", "wolf"] as const;
export type ShapeshiftAspect = (typeof SHAPESHIFT_ASPECTS)[number];
/** Every aspect makes unarmed strikes deal slashing damage (§1.41). */
export const SHAPESHIFT_UNARMED_TYPE = "slashing" as const;
