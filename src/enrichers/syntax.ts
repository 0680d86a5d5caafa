/**
 * The enricher syntax, pure: what `[[/check perception hard]]`, `[[/flat 7]]`,
 * `[[/damage 6 piercing]]`, `@Condition[prone]` and `@Rule[dice]` ask for. A bad argument gives
 * null (the text stays as written), never a throw inside the journal's rendering.
 */
import { choices } from "../config";
import { CONDITION_KEYS, DIE_FACES, MAX_DICE, SKILL_KEYS, type DamageType, type SkillKey } from "../rules";
import { DIFFICULTY_CHOICES, type DifficultyChoice } from "../dice/types";

/** `[[/check|flat|damage args]]` with an optional `{label}`. */
export const ROLL_ENRICHER = /\[\[\/(check|flat|damage)\s+([^\]]+?)\s*\]\](?:\{([^}]+)\})?/gi;
/** `@Condition[prone]{label}` and `@Rule[dice]{label}`. */
export const LINK_ENRICHER = /@(Condition|Rule)\[([^\]]+)\](?:\{([^}]+)\})?/g;

export interface CheckRequest {
  kind: "check";
  skill: SkillKey;
  /** A difficulty of table 1.19, or a number of gains ("custom"). */
  difficulty: DifficultyChoice;
  gains: number | null;
}

export interface FlatRequest {
  kind: "flat";
  target: number;
}

export interface DamageRequest {
  kind: "damage";
  dice: number;
  damageType: DamageType;
}

export type RollRequest = CheckRequest | FlatRequest | DamageRequest;

const DIFFICULTIES = DIFFICULTY_CHOICES.filter((d) => !["none", "custom", "opposed", "defense"].includes(d));

const wholeIn = (text: string | undefined, min: number, max: number): number | null => {
  if (!text || !/^\d+$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
};

/** `perception`, `perception hard`, `perception 3` (3 gains needed). */
export function parseCheck(args: string): CheckRequest | null {
  const [skill, difficulty, ...rest] = args.trim().toLowerCase().split(/\s+/);
  if (rest.length || !(SKILL_KEYS as readonly string[]).includes(skill)) return null;
  if (difficulty === undefined) return { kind: "check", skill: skill as SkillKey, difficulty: "none", gains: null };
  const gains = wholeIn(difficulty, 0, 24);
  if (gains !== null) return { kind: "check", skill: skill as SkillKey, difficulty: "custom", gains };
  if (!DIFFICULTIES.includes(difficulty as DifficultyChoice)) return null;
  return { kind: "check", skill: skill as SkillKey, difficulty: difficulty as DifficultyChoice, gains: null };
}

/** `7`: a Flat 7. */
export function parseFlat(args: string): FlatRequest | null {
  const target = wholeIn(args.trim(), 1, DIE_FACES);
  return target === null ? null : { kind: "flat", target };
}

/** `6 piercing`: six dice of piercing damage (1 to 12 dice). */
export function parseDamage(args: string): DamageRequest | null {
  const [dice, typed, ...rest] = args.trim().split(/\s+/);
  const count = wholeIn(dice, 1, MAX_DICE);
  // Any configured type, a setting module's included, in any letter case.
  const type = (choices.damageTypes() as string[]).find((t) => t.toLowerCase() === typed?.toLowerCase());
  if (rest.length || count === null || !type) return null;
  return { kind: "damage", dice: count, damageType: type as DamageType };
}

export function parseRollRequest(kind: string, args: string): RollRequest | null {
  switch (kind.toLowerCase()) {
    case "check":
      return parseCheck(args);
    case "flat":
      return parseFlat(args);
    case "damage":
      return parseDamage(args);
    default:
      return null;
  }
}

/** The rules reference's pages by the key `@Rule[…]` takes (packs/_source/rules/rules-reference.yml). */
export const RULE_PAGES = {
  dice: "LOaEh2uib4GJdcNu",
  turn: "MA4DhHQuVUdzt8Hl",
  health: "8l5NkHQPtfh58xZ0",
  magic: "gDQNOQZ9Wa542Rdh",
  building: "bNnG6yKqWtc5F3sw",
} as const;
export const RULES_JOURNAL = "Compendium.clockwork.rules.JournalEntry.PpO7cce5ngbuEVNm";

export function ruleUuid(key: string): string | null {
  const page = (RULE_PAGES as Record<string, string>)[key.trim().toLowerCase()];
  return page ? `${RULES_JOURNAL}.JournalEntryPage.${page}` : null;
}

/** Conditions a link may name (the book's, not the system's internal states). */
export function conditionKey(text: string): string | null {
  const key = text.trim().toLowerCase();
  return (CONDITION_KEYS as readonly string[]).includes(key) && key !== "persistent" ? key : null;
}
