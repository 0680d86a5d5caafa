/**
 * Display helpers shared by the dialog and chat-card builders: label keys, signed numbers and
 * percentages. Numbers only; words come from `lang/en.json` through the templates.
 */
import type { PoolPart, RollSubject } from "../types";
import { CLOCKWORK } from "../../config";

/** The true minus sign, so "−1" reads as a number and not a hyphen. */
const MINUS = "\u2212";

/**
 * A signed number, also the sheets' `{{cw-signed n}}`: "+3", "0", "−1". With `negative=true`
 * the value is a loss shown as "−n" (the vitals penalty is stored as a positive number of dice
 * lost).
 */
export function signed(value: unknown, negative = false): string {
  const n = Number(value) || 0;
  const shown = negative ? -n : n;
  if (shown > 0) return `+${shown}`;
  if (shown < 0) return `${MINUS}${Math.abs(shown)}`;
  return "0";
}

/** Localization key of a skill, attribute or damage type (the config's keys). */
export const labelKey = {
  skill: (key: string) => `CLOCKWORK.Skill.${key}`,
  attribute: (key: string) => `CLOCKWORK.Attribute.${key}`,
  // A setting module's damage type carries its own label key (src/setting-modules/).
  damageType: (key: string) => (CLOCKWORK.damageTypes as Record<string, { label: string } | undefined>)[key]?.label ?? `CLOCKWORK.DamageType.${key}`,
  difficulty: (key: string) => `CLOCKWORK.Roll.Difficulty.${key}`,
  rollMode: (key: string) => `CLOCKWORK.Roll.Mode.${key}`,
  part: (key: string) => `CLOCKWORK.Roll.Part.${key}`,
};

/** A probability as a percentage with one decimal; never rounds a possible result to 0 % or 100 %. */
export function formatPercent(probability: number): string {
  if (probability <= 0) return "0%";
  if (probability >= 1) return "100%";
  const percent = probability * 100;
  if (percent < 0.05) return "<0.1%";
  if (percent > 99.95) return ">99.9%";
  return `${percent.toFixed(1)}%`;
}

/** What a roll is for, as label keys and names for the templates. */
export interface SubjectView {
  kind: RollSubject["kind"];
  skillLabel: string;
  attributeLabel: string;
  itemName: string;
  label: string;
  /** The "Attribute / Skill" line can be shown. */
  hasSkill: boolean;
}

export function subjectView(subject: RollSubject | undefined): SubjectView {
  const s = subject ?? { kind: "fixed" };
  return {
    kind: s.kind,
    skillLabel: s.skill ? labelKey.skill(s.skill) : "",
    attributeLabel: s.attribute ? labelKey.attribute(s.attribute) : "",
    itemName: s.itemName ?? "",
    label: s.label ?? "",
    hasSkill: Boolean(s.skill && s.attribute),
  };
}

/** One line of the pool for display. */
export interface PartView {
  key: PoolPart["key"];
  /** Localization key of the line's label. */
  label: string;
  /** The focus's name, shown after the label. */
  name: string;
  /** "7" for the base, "+1" / "−2" for modifiers. */
  value: string;
  negative: boolean;
}

export function partViews(parts: readonly PoolPart[], attribute: string | undefined): PartView[] {
  return parts.map((part) => {
    const base = part.key === "attribute" || part.key === "fixed";
    const label = part.key === "attribute" && attribute ? labelKey.attribute(attribute) : labelKey.part(part.key);
    return { key: part.key, label, name: part.name ?? "", value: base ? String(part.dice) : signed(part.dice), negative: part.dice < 0 };
  });
}
