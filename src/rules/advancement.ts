/**
 * Experience and creation costs (digest §1.1, §1.21–§1.23, §4.19, §4.22).
 */
import { requireInteger, requireKey, requireSkillRank, ruleError } from "./errors";
import {
  CP_CHEAP_RANK_FLOOR, CP_COST_CHEAP, CP_COST_EXPENSIVE, CREATION_SKILL_FLOOR, CREATION_SKILL_POINTS,
  CUSTOMIZATION_POINTS, MAX_POWER_LEVEL, MAX_SKILL_RANK, MIN_POWER_LEVEL, PREMADE_SKILL_OPTIONS,
  XP_SPEED_MULTIPLIER,
} from "./tables";
import { CAMPAIGN_SPEEDS, SKILL_KEYS } from "./types";
import type { CampaignSpeed, RuleProblem, SkillKey } from "./types";

const SPEED_RULE = "campaign speeds are fast, normal, slow";
const LOWER_ONLY_RULE = "skills improve by lowering their rank, one rank at a time";

function requireSpeed(speed: CampaignSpeed): CampaignSpeed {
  return requireKey(speed, CAMPAIGN_SPEEDS, "campaign speed", SPEED_RULE);
}

function requireLevel(level: number): number {
  return requireInteger(level, "level", "spells and features have levels 1–4", MIN_POWER_LEVEL, MAX_POWER_LEVEL);
}

function requireImprovement(fromRank: number, toRank: number): void {
  requireSkillRank(fromRank, "current rank");
  requireSkillRank(toRank, "new rank");
  if (toRank > fromRank) ruleError("new rank", `must not be above the current rank ${fromRank}`, LOWER_ONLY_RULE, toRank);
}

/** XP to buy one new rank r: (12 − r) × 1 / 2 / 3 by campaign speed (§1.21). */
export function skillRankXpCost(newRank: number, speed: CampaignSpeed): number {
  requireInteger(newRank, "new rank", "a bought rank runs from 11 down to 4", 4, 11);
  return (MAX_SKILL_RANK - newRank) * XP_SPEED_MULTIPLIER[requireSpeed(speed)];
}

/** XP to lower a skill from one rank to another, one rank at a time (additive; 0 when equal). */
export function skillXpCost(fromRank: number, toRank: number, speed: CampaignSpeed): number {
  requireImprovement(fromRank, toRank);
  requireSpeed(speed);
  let total = 0;
  for (let rank = fromRank - 1; rank >= toRank; rank--) total += skillRankXpCost(rank, speed);
  return total;
}

/** XP for a spell or feature: level × 1 / 2 / 3 (§1.22). */
export function powerXpCost(level: number, speed: CampaignSpeed): number {
  return requireLevel(level) * XP_SPEED_MULTIPLIER[requireSpeed(speed)];
}

/** Customization points to lower a skill: 1 per rank down to 7, 2 per rank below 7 (§1.23). */
export function skillCpCost(fromRank: number, toRank: number): number {
  requireImprovement(fromRank, toRank);
  let total = 0;
  for (let rank = fromRank - 1; rank >= toRank; rank--) total += rank >= CP_CHEAP_RANK_FLOOR ? CP_COST_CHEAP : CP_COST_EXPENSIVE;
  return total;
}

/** Customization points for a spell or feature: its level (§1.23). */
export function powerCpCost(level: number): number {
  return requireLevel(level);
}

/** Customization points available at creation: 12 plus the species' extra (High Elves +4). */
export function customizationPointBudget(extra = 0): number {
  return CUSTOMIZATION_POINTS + requireInteger(extra, "extra customization points", "species add whole customization points", 0);
}

/** Creation points spent by a set of ranks in the 36-point step: 1 per rank below 12. */
export function creationSkillPointsSpent(skills: Readonly<Record<SkillKey, number>>): number {
  let spent = 0;
  for (const key of SKILL_KEYS) spent += MAX_SKILL_RANK - requireSkillRank(skills[key], `${key} rank`);
  return spent;
}

/**
 * Problems with the 36-point skill step (§4.19 step 2, RULING 16): `belowFloor` (a skill under 7)
 * and `pointsSpent` (not exactly 36 points).
 */
export function creationSkillProblems(skills: Readonly<Record<SkillKey, number>>): RuleProblem[] {
  const problems: RuleProblem[] = [];
  for (const key of SKILL_KEYS) {
    if (requireSkillRank(skills[key], `${key} rank`) < CREATION_SKILL_FLOOR) {
      problems.push({ code: "belowFloor", subject: key, value: skills[key], limit: CREATION_SKILL_FLOOR });
    }
  }
  const spent = creationSkillPointsSpent(skills);
  if (spent !== CREATION_SKILL_POINTS) problems.push({ code: "pointsSpent", value: spent, limit: CREATION_SKILL_POINTS });
  return problems;
}

/** The ranks a premade option hands out, best first (§1.1). */
export function premadeOptionRanks(option: number): number[] {
  const row = PREMADE_SKILL_OPTIONS.find((o) => o.option === requireInteger(option, "premade option", "premade options are 1–8", 1, 8));
  const ranks: number[] = [];
  for (const rank of [7, 8, 9, 10, 12] as const) for (let i = 0; i < (row?.counts[rank] ?? 0); i++) ranks.push(rank);
  return ranks;
}

/** The premade option whose rank counts a set of skills matches, or `null`. */
export function matchingPremadeOption(skills: Readonly<Record<SkillKey, number>>): number | null {
  const ranks = SKILL_KEYS.map((key) => requireSkillRank(skills[key], `${key} rank`)).sort((a, b) => a - b);
  for (const row of PREMADE_SKILL_OPTIONS) {
    const expected = premadeOptionRanks(row.option);
    if (expected.every((rank, i) => rank === ranks[i])) return row.option;
  }
  return null;
}
