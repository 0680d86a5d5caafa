/**
 * Contexts of the advancement window (XP totals, one-rank purchases, placing new Body
 * resistance points, the XP log and the refund) and of the GM's award dialog. Pure: numbers
 * come from the rules core, words from the injected translator.
 */
import {
  ATTRIBUTE_KEYS, BASE_RESISTANCE, MAX_ALLOCATED_RESISTANCE, SKILL_KEYS, XP_AWARD_REASONS, XP_AWARDS,
  XP_OTHER_REASON, bodyPointsGained, lastPurchase, nextRankCost, xpAvailable,
} from "../../rules";
import type { CampaignSpeed, DamageType, Resistances, SkillKey, XpLogEntry, XpState } from "../../rules";
import type { SheetChoices } from "../context/choices";
import type { Translate } from "./builder-context";

const A = "CLOCKWORK.Advancement";

export interface PendingPurchase {
  skill: SkillKey;
  placement: Partial<Resistances>;
}

export interface AdvancementInput {
  name: string;
  skills: Readonly<Record<SkillKey, number>>;
  allocation: Readonly<Resistances>;
  state: XpState;
  speed: CampaignSpeed;
  /** A rank that raises Body, waiting for its new points to be placed. */
  pending: PendingPurchase | null;
  /** Messages of the last refused action. */
  refused: readonly string[];
  editable: boolean;
}

/** How a log entry reads: "Award: Essential to the success", "Knowledge 10 → 9" … */
export function logText(entry: XpLogEntry, choices: SheetChoices, t: Translate): string {
  switch (entry.kind) {
    case "award": {
      const reason = t(`${A}.Reason.${entry.reason ?? XP_OTHER_REASON}`);
      return t(`${A}.Kind.award`, { reason: entry.note ? `${reason} (${entry.note})` : reason });
    }
    case "skill": {
      const rank = t(`${A}.Kind.skill`, { skill: t(choices.label.skill(entry.skill ?? "")), from: entry.fromRank ?? "", to: entry.toRank ?? "" });
      const placed = placedText(entry.resistance, choices, t);
      return placed ? t(`${A}.Kind.skillPlaced`, { rank, placed }) : rank;
    }
    case "spell": return t(`${A}.Kind.spell`, { name: entry.name ?? "" });
    case "feature": return t(`${A}.Kind.feature`, { name: entry.name ?? "" });
    case "refund": return t(`${A}.Kind.refund`, { name: entry.name ?? (entry.skill ? t(choices.label.skill(entry.skill)) : "") });
  }
}

/**
 * The resistance points a rank placed ("+1 Frost"); a removed setting module's type reads as
 * unknown, never dropped (issue 31).
 */
function placedText(resistance: Partial<Resistances> | undefined, choices: SheetChoices, t: Translate): string {
  return Object.entries(resistance ?? {}).filter(([, points]) => (points ?? 0) > 0)
    .map(([type, points]) => `+${points} ${t(choices.label.damageType(type))}`).join(", ");
}

/** Signed XP of an entry as the log shows it: awards and refunds add, purchases take. */
export function logXp(entry: XpLogEntry): string {
  return entry.kind === "award" || entry.kind === "refund" ? `+${entry.xp}` : `\u2212${entry.xp}`;
}

export function buildAdvancementContext(input: AdvancementInput, choices: SheetChoices, t: Translate, formatDate: (ms: number) => string) {
  const { state, speed, skills } = input;
  const available = xpAvailable(state);
  const last = lastPurchase(state.log);
  const pending = input.pending;
  const groups = ATTRIBUTE_KEYS.map((attribute) => ({
    label: t(choices.label.attribute(attribute)),
    skills: (choices.attributeSkills[attribute] ?? []).filter((k): k is SkillKey => (SKILL_KEYS as readonly string[]).includes(k)).map((key) => {
      const rank = skills[key];
      const cost = nextRankCost(rank, speed);
      const affordable = cost !== null && cost <= available;
      const body = cost !== null ? bodyPointsGained(skills, key, rank - 1) : 0;
      return {
        key, label: t(choices.label.skill(key)), rank, next: cost === null ? null : rank - 1, cost, affordable,
        canBuy: input.editable && affordable && !pending, bringsResistance: body > 0,
        buyLabel: cost === null ? t(`${A}.AtBest`) : t(`${A}.Buy`, { skill: t(choices.label.skill(key)), rank: rank - 1, cost }),
      };
    }),
  }));
  let placement = null;
  if (pending) {
    const count = bodyPointsGained(skills, pending.skill, skills[pending.skill] - 1);
    placement = {
      skill: pending.skill,
      text: t(`${A}.Placement`, { skill: t(choices.label.skill(pending.skill)), rank: skills[pending.skill] - 1, count }),
      count,
      // Every configured type, a setting module's included (issue 31).
      rows: (choices.damageTypes as DamageType[]).map((type) => {
        const room = MAX_ALLOCATED_RESISTANCE - BASE_RESISTANCE - (input.allocation[type] ?? 0);
        const chosen = pending.placement[type] ?? 0;
        return {
          type, name: `place.${type}`, label: `${t(choices.label.damageType(type))} (${BASE_RESISTANCE + (input.allocation[type] ?? 0)})`,
          options: Array.from({ length: Math.max(0, Math.min(room, count)) + 1 }, (_, i) => ({ value: String(i), label: `+${i}`, selected: i === chosen })),
        };
      }),
    };
  }
  const log = [...state.log].reverse().map((entry) => ({
    id: entry.id, date: formatDate(entry.date), text: logText(entry, choices, t), xp: logXp(entry), refunded: entry.refunded === true,
    isLast: entry.id === last?.id,
  }));
  return {
    name: input.name,
    totals: [
      { key: "earned", label: t(`${A}.Earned`), value: state.earned },
      { key: "spent", label: t(`${A}.Spent`), value: state.spent },
      { key: "available", label: t(`${A}.Available`), value: available },
    ],
    speed: t(`${A}.Speed`, { speed: t(choices.label.campaignSpeed(speed)) }),
    groups,
    placement,
    editable: input.editable,
    refused: [...input.refused],
    log,
    hasLog: log.length > 0,
    refund: last && input.editable ? { label: t(`${A}.RefundLast`), entry: logText(last, choices, t), xp: last.xp } : null,
  };
}

export interface AwardCharacter {
  id: string;
  name: string;
  checked: boolean;
}

export interface AwardInput {
  characters: readonly AwardCharacter[];
  amount: number;
  reason: string;
  note: string;
  refused: readonly string[];
}

/** The award dialog: amount 1–4, a reason of that size (table 1.20) or "other", a note, characters. */
export function buildAwardContext(input: AwardInput, t: Translate) {
  const amount = (XP_AWARDS as readonly number[]).includes(input.amount) ? input.amount as (typeof XP_AWARDS)[number] : 1;
  const reasons = [...XP_AWARD_REASONS[amount], XP_OTHER_REASON];
  const reason = reasons.includes(input.reason) ? input.reason : reasons[0];
  return {
    amounts: XP_AWARDS.map((value) => ({ value, id: `cw-award-amount-${value}`, checked: value === amount })),
    reasons: reasons.map((value) => ({ value, label: t(`${A}.Reason.${value}`), selected: value === reason })),
    reason,
    note: input.note,
    characters: input.characters.map((c) => ({ ...c, inputId: `cw-award-${c.id}` })),
    hasCharacters: input.characters.length > 0,
    refused: [...input.refused],
    canAward: input.characters.some((c) => c.checked),
  };
}
