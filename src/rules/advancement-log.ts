/**
 * Experience after creation (digest §4.22, tables 1.20–1.22): GM awards, purchases of skill
 * ranks, spells and features, the XP log and the refund of the last purchase. Each operation
 * is a plan: the current state in, the problems or the next state and its log entry out.
 * The Foundry shell writes what a plan returns and nothing else.
 */
import { powerXpCost, skillRankXpCost } from "./advancement";
import { attributesFromSkills, bodyResistancePoints } from "./character";
import { allocationTypes } from "./resistance";
import { BASE_RESISTANCE, MAX_ALLOCATED_RESISTANCE, MAX_POWER_LEVEL, MIN_POWER_LEVEL, MIN_SKILL_RANK, MAX_SKILL_RANK, XP_AWARDS } from "./tables";
import { CAMPAIGN_SPEEDS, DAMAGE_TYPES, SKILL_KEYS } from "./types";
import type { CampaignSpeed, DamageType, Resistances, RuleProblem, SkillKey } from "./types";

/** Typical triggers of each award size (§1.20); `other` is the GM's own reason at any size. */
export const XP_AWARD_REASONS: Readonly<Record<(typeof XP_AWARDS)[number], readonly string[]>> = {
  1: ["easyChallenge", "clue", "roleplayed"],
  2: ["reasonableChallenge", "contribution", "goodDecision", "roleplayedWell"],
  3: ["highChallenge", "essential", "exceptionalRoleplay"],
  4: ["extremeChallenge", "majorQuest", "incredibleRoleplay"],
};
export const XP_OTHER_REASON = "other";

/** What can be bought with XP; foci and bonus skills never can (§4.22). */
export const XP_PURCHASE_KINDS = ["skill", "spell", "feature"] as const;
export type XpPurchaseKind = (typeof XP_PURCHASE_KINDS)[number];
/** Things a player may try to buy that the rules forbid after creation. */
export const NEVER_PURCHASABLE = ["focus", "bonusSkill", "species"] as const;

/** One line of the XP log. Dates are milliseconds since the epoch, supplied by the caller. */
export interface XpLogEntry {
  id: string;
  date: number;
  kind: "award" | XpPurchaseKind | "refund";
  /** XP gained (award), paid (purchase) or given back (refund); always ≥ 0. */
  xp: number;
  /** Award reason key (`XP_AWARD_REASONS` or `other`). */
  reason?: string;
  note?: string;
  /** The user who made the change. */
  user?: string;
  skill?: SkillKey;
  fromRank?: number;
  toRank?: number;
  /** New Body resistance points placed with a skill purchase. */
  resistance?: Partial<Resistances>;
  /** The item a spell or feature purchase created (an id on the actor). */
  itemId?: string;
  /** The other half of a paired spell, created with it. */
  pairItemId?: string;
  name?: string;
  identifier?: string;
  level?: number;
  /** On a refund: the id of the purchase it undid. */
  refunds?: string;
  /** On a purchase: set once it has been refunded. */
  refunded?: boolean;
}

export interface XpState {
  earned: number;
  spent: number;
  log: readonly XpLogEntry[];
}

/** A refused XP change; `detail` names a second thing (a missing prerequisite). */
export interface XpProblem extends RuleProblem {
  detail?: string;
}

/** The result of planning an XP change: problems, or the state after it and the new entry. */
export interface XpPlan {
  problems: XpProblem[];
  state: XpState;
  entry: XpLogEntry | null;
}

/** Who, when and which id a new entry gets (the shell supplies them; tests fix them). */
export interface EntryStamp {
  id: string;
  date: number;
  user?: string;
}

/** XP not yet spent. */
export function xpAvailable(state: Pick<XpState, "earned" | "spent">): number {
  return state.earned - state.spent;
}

function refused(state: XpState, problems: XpProblem[]): XpPlan {
  return { problems, state, entry: null };
}

function withEntry(state: XpState, entry: XpLogEntry, earned: number, spent: number, log = state.log): XpPlan {
  return { problems: [], state: { earned, spent, log: [...log, entry] }, entry };
}

const isSpeed = (speed: unknown): speed is CampaignSpeed => (CAMPAIGN_SPEEDS as readonly unknown[]).includes(speed);

/** Problems with an award: 1–4 XP (§1.20), with a reason of that size or `other`. */
export function awardProblems(amount: number, reason: string): RuleProblem[] {
  if (!(XP_AWARDS as readonly number[]).includes(amount)) return [{ code: "awardAmount", value: amount, limit: 4 }];
  const reasons = XP_AWARD_REASONS[amount as (typeof XP_AWARDS)[number]];
  if (reason !== XP_OTHER_REASON && !reasons.includes(reason)) return [{ code: "awardReason", subject: reason, value: amount }];
  return [];
}

/** The GM awards 1–4 XP to one character. */
export function planAward(state: XpState, input: EntryStamp & { amount: number; reason: string; note?: string }): XpPlan {
  const problems = awardProblems(input.amount, input.reason);
  if (problems.length) return refused(state, problems);
  const entry: XpLogEntry = { id: input.id, date: input.date, user: input.user, kind: "award", xp: input.amount, reason: input.reason };
  if (input.note) entry.note = input.note;
  return withEntry(state, entry, state.earned + input.amount, state.spent);
}

/** Problems with buying something that is never for sale (foci, bonus skills, species). */
export function purchaseKindProblems(kind: string): RuleProblem[] {
  return (XP_PURCHASE_KINDS as readonly string[]).includes(kind) ? [] : [{ code: "notPurchasable", subject: kind }];
}

/** New Body resistance points that lowering `skill` to `toRank` brings (0 for non-Body skills). */
export function bodyPointsGained(skills: Readonly<Record<SkillKey, number>>, skill: SkillKey, toRank: number): number {
  const before = attributesFromSkills(skills).body;
  const after = attributesFromSkills({ ...skills, [skill]: toRank }).body;
  return bodyResistancePoints(after) - bodyResistancePoints(before);
}

function placementProblems(allocation: Readonly<Resistances>, placed: Partial<Resistances>, gained: number, types: readonly string[]): RuleProblem[] {
  const problems: RuleProblem[] = [];
  let total = 0;
  for (const [type, value] of Object.entries(placed)) {
    if (!types.includes(type) || !Number.isInteger(value) || (value as number) < 0) {
      problems.push({ code: "resistanceInvalid", subject: type, value: value as number });
      continue;
    }
    total += value as number;
    const after = BASE_RESISTANCE + (allocation[type as DamageType] ?? 0) + (value as number);
    if (after > MAX_ALLOCATED_RESISTANCE) problems.push({ code: "resistanceOverCap", subject: type, value: after, limit: MAX_ALLOCATED_RESISTANCE });
  }
  if (total > gained) problems.push({ code: "resistanceOverspent", value: total, limit: gained });
  else if (total < gained) problems.push({ code: "resistanceUnallocated", value: total, limit: gained });
  return problems;
}

export interface SkillPurchaseInput extends EntryStamp {
  skill: SkillKey;
  /** Current ranks of all 16 skills. */
  skills: Readonly<Record<SkillKey, number>>;
  speed: CampaignSpeed;
  /** Current resistance points over the base 2. */
  allocation: Readonly<Resistances>;
  /** Where the new Body resistance points go, when the rank raises Body (RULING in §4.22). */
  placement?: Partial<Resistances>;
  /**
   * The damage types new points may go to: the book's six (the default) and any a setting
   * module adds (issue 31). The caller reads them from the configuration; the core stays pure.
   */
  types?: readonly string[];
}

export interface SkillPurchasePlan extends XpPlan {
  cost: number;
  /** Body resistance points the rank brings, to place at once. */
  bodyPoints: number;
  skills: Record<SkillKey, number>;
  allocation: Resistances;
}

/** XP price of the next rank of a skill (one rank at a time, §1.21); null at rank 4. */
export function nextRankCost(rank: number, speed: CampaignSpeed): number | null {
  if (!Number.isInteger(rank) || rank <= MIN_SKILL_RANK || rank > MAX_SKILL_RANK) return null;
  return skillRankXpCost(rank - 1, speed);
}

/** The book's six types first, then a setting's others, each once. */
function placeableTypes(types: readonly string[] | undefined): string[] {
  return [...new Set([...DAMAGE_TYPES, ...(types ?? [])])];
}

function emptyPoints(types: readonly string[]): Record<string, number> {
  return Object.fromEntries(types.map((type) => [type, 0]));
}

/** Buy one rank of a skill: its cost by speed, and new Body resistance points placed at once. */
export function planSkillPurchase(state: XpState, input: SkillPurchaseInput): SkillPurchasePlan {
  const skills = {} as Record<SkillKey, number>;
  for (const key of SKILL_KEYS) skills[key] = input.skills[key];
  const types = placeableTypes(input.types);
  // Every type the allocation holds is carried through, a removed module's too: never dropped.
  const allocation = {} as Resistances;
  for (const type of allocationTypes({ ...emptyPoints(types), ...input.allocation })) allocation[type] = input.allocation[type] ?? 0;
  const base = { cost: 0, bodyPoints: 0, skills, allocation };
  if (!(SKILL_KEYS as readonly string[]).includes(input.skill)) return { ...refused(state, [{ code: "invalidSkill", subject: input.skill }]), ...base };
  if (!isSpeed(input.speed)) return { ...refused(state, [{ code: "invalidSpeed", subject: String(input.speed) }]), ...base };
  const rank = skills[input.skill];
  const cost = nextRankCost(rank, input.speed);
  if (cost === null) return { ...refused(state, [{ code: "rankAtMinimum", subject: input.skill, value: rank, limit: MIN_SKILL_RANK }]), ...base };
  const toRank = rank - 1;
  const bodyPoints = bodyPointsGained(skills, input.skill, toRank);
  const problems: RuleProblem[] = [];
  if (cost > xpAvailable(state)) problems.push({ code: "notEnoughXp", value: cost, limit: xpAvailable(state) });
  const placement = input.placement ?? {};
  problems.push(...placementProblems(allocation, placement, bodyPoints, types));
  if (problems.length) return { ...refused(state, problems), ...base, cost, bodyPoints };
  const entry: XpLogEntry = { id: input.id, date: input.date, user: input.user, kind: "skill", xp: cost, skill: input.skill, fromRank: rank, toRank };
  const nextAllocation = { ...allocation };
  if (bodyPoints > 0) {
    entry.resistance = {};
    for (const type of types as DamageType[]) {
      const value = placement[type] ?? 0;
      if (value > 0) {
        entry.resistance[type] = value;
        nextAllocation[type] += value;
      }
    }
  }
  return { ...withEntry(state, entry, state.earned, state.spent + cost), cost, bodyPoints, skills: { ...skills, [input.skill]: toRank }, allocation: nextAllocation };
}

/** A spell or feature offered for XP, with what the character already owns. */
export interface PowerPurchaseInput extends EntryStamp {
  kind: string;
  name: string;
  identifier: string;
  level: number;
  speed: CampaignSpeed;
  prerequisites?: readonly string[];
  repeatable?: boolean;
  /** The other half of a paired spell (bought with it, at one price). */
  pair?: string;
  /** Identifiers of the features (or spells, for a spell) the character owns. */
  owned: readonly string[];
}

export interface PowerPurchasePlan extends XpPlan {
  cost: number;
}

/** Buy a spell or feature: level × 1/2/3 by speed (§1.22), prerequisites and duplicates checked. */
export function planPowerPurchase(state: XpState, input: PowerPurchaseInput): PowerPurchasePlan {
  const kindProblems = input.kind === "skill" ? [{ code: "notPurchasable", subject: "skill" }] : purchaseKindProblems(input.kind);
  if (kindProblems.length) return { ...refused(state, kindProblems), cost: 0 };
  if (!isSpeed(input.speed)) return { ...refused(state, [{ code: "invalidSpeed", subject: String(input.speed) }]), cost: 0 };
  if (!Number.isInteger(input.level) || input.level < MIN_POWER_LEVEL || input.level > MAX_POWER_LEVEL) {
    return { ...refused(state, [{ code: "invalidLevel", subject: input.identifier, value: input.level }]), cost: 0 };
  }
  const cost = powerXpCost(input.level, input.speed);
  const problems: XpProblem[] = [];
  const owned = new Set(input.owned);
  const duplicate = owned.has(input.identifier) || (input.pair ? owned.has(input.pair) : false);
  if (duplicate && !(input.kind === "feature" && input.repeatable)) {
    problems.push({ code: input.kind === "spell" ? "spellDuplicate" : "featureDuplicate", subject: input.identifier });
  }
  if (input.kind === "feature") {
    for (const required of input.prerequisites ?? []) {
      if (!owned.has(required)) problems.push({ code: "featurePrerequisite", subject: input.identifier, detail: required });
    }
  }
  if (cost > xpAvailable(state)) problems.push({ code: "notEnoughXp", value: cost, limit: xpAvailable(state) });
  if (problems.length) return { ...refused(state, problems), cost };
  const entry: XpLogEntry = {
    id: input.id, date: input.date, user: input.user, kind: input.kind as XpPurchaseKind, xp: cost,
    name: input.name, identifier: input.identifier, level: input.level,
  };
  return { ...withEntry(state, entry, state.earned, state.spent + cost), cost };
}

/** Record which item a purchase created, once the shell has created it. */
export function withItemIds(state: XpState, entryId: string, itemId: string, pairItemId?: string): XpState {
  return {
    ...state,
    log: state.log.map((e) => (e.id === entryId ? { ...e, itemId, ...(pairItemId ? { pairItemId } : {}) } : e)),
  };
}

/** The purchase a refund would undo: the latest one not yet refunded, or null. */
export function lastPurchase(log: readonly XpLogEntry[]): XpLogEntry | null {
  for (let i = log.length - 1; i >= 0; i--) {
    const entry = log[i];
    if ((XP_PURCHASE_KINDS as readonly string[]).includes(entry.kind) && !entry.refunded) return entry;
  }
  return null;
}

/** What the character looks like now, so a refund can check nothing changed since. */
export interface RefundContext extends EntryStamp {
  skills: Readonly<Record<SkillKey, number>>;
  allocation: Readonly<Resistances>;
}

export interface RefundPlan extends XpPlan {
  /** What the shell must undo. */
  undo: { skill?: SkillKey; rank?: number; allocation?: Resistances; itemIds: string[] } | null;
}

/**
 * Refund the last purchase: the XP comes back, the rank goes back up and its resistance points
 * come off, or the bought item goes. Refused when the character changed since (`refundStale`).
 */
export function planRefund(state: XpState, context: RefundContext): RefundPlan {
  const purchase = lastPurchase(state.log);
  if (!purchase) return { ...refused(state, [{ code: "nothingToRefund" }]), undo: null };
  const undo: NonNullable<RefundPlan["undo"]> = { itemIds: [] };
  if (purchase.kind === "skill" && purchase.skill) {
    if (context.skills[purchase.skill] !== purchase.toRank) {
      return { ...refused(state, [{ code: "refundStale", subject: purchase.skill, value: context.skills[purchase.skill], limit: purchase.toRank }]), undo: null };
    }
    // The purchase's types and the allocation's (a setting's, a removed module's) all come back.
    const allocation = {} as Resistances;
    for (const type of allocationTypes({ ...context.allocation, ...purchase.resistance })) {
      const placed = purchase.resistance?.[type] ?? 0;
      allocation[type] = (context.allocation[type] ?? 0) - placed;
      if (allocation[type] < 0) return { ...refused(state, [{ code: "refundStale", subject: type }]), undo: null };
    }
    undo.skill = purchase.skill;
    undo.rank = purchase.fromRank;
    undo.allocation = allocation;
  } else {
    for (const id of [purchase.itemId, purchase.pairItemId]) if (id) undo.itemIds.push(id);
  }
  const entry: XpLogEntry = { id: context.id, date: context.date, user: context.user, kind: "refund", xp: purchase.xp, refunds: purchase.id };
  if (purchase.name) entry.name = purchase.name;
  if (purchase.skill) entry.skill = purchase.skill;
  const log = state.log.map((e) => (e.id === purchase.id ? { ...e, refunded: true } : e));
  return { ...withEntry(state, entry, state.earned, state.spent - purchase.xp, log), undo };
}

/** XP totals recomputed from a log (a check that the log and the stored totals agree). */
export function xpTotalsFromLog(log: readonly XpLogEntry[]): { earned: number; spent: number } {
  let earned = 0;
  let spent = 0;
  for (const entry of log) {
    if (entry.kind === "award") earned += entry.xp;
    else if (entry.kind === "refund") spent -= entry.xp;
    else spent += entry.xp;
  }
  return { earned, spent };
}
