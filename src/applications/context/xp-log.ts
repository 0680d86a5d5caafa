/**
 * The character sheet's Experience section: XP totals, the log of every award and purchase
 * (date, entry, XP) and the refund of the last purchase. The words and numbers are the
 * advancement window's own (`buildAdvancementContext`), so the sheet and the window agree.
 */
import { buildAdvancementContext } from "../builder/advancement-context";
import { SKILL_KEYS, allocationTypes } from "../../rules";
import type { Resistances, SkillKey } from "../../rules";
import type { SheetChoices } from "./choices";
import type { ActorLike, XpLogSource } from "./source-types";

export interface XpLogView {
  totals: { key: string; label: string; value: number }[];
  speed: string;
  log: { id: string; date: string; text: string; xp: string; refunded: boolean; isLast: boolean }[];
  hasLog: boolean;
  refund: { label: string; entry: string; xp: number } | null;
  /** The owner may open the advancement window and refund. */
  editable: boolean;
}

/** Without the shell's words (a fixture), keys stand in for text. */
const KEYS_ONLY: XpLogSource = { log: [], speed: "normal", translate: (key) => key, formatDate: (ms) => new Date(ms).toISOString() };

export function buildXpLogView(actor: ActorLike, source: XpLogSource | undefined, editable: boolean, choices: SheetChoices): XpLogView {
  const { log, speed, translate, formatDate } = source ?? KEYS_ONLY;
  const system = actor.system;
  const skills = {} as Record<SkillKey, number>;
  for (const key of SKILL_KEYS) skills[key] = system.skills?.[key]?.rank ?? 12;
  const allocation = {} as Resistances;
  for (const type of allocationTypes(system.resistanceAllocation)) allocation[type] = system.resistanceAllocation?.[type] ?? 0;
  const xp = system.xp ?? { earned: 0, spent: 0 };
  const context = buildAdvancementContext({
    name: actor.name, skills, allocation, state: { earned: xp.earned, spent: xp.spent, log }, speed,
    pending: null, refused: [], editable,
  }, choices, translate, formatDate);
  return { totals: context.totals, speed: context.speed, log: context.log, hasLog: context.hasLog, refund: context.refund, editable };
}
