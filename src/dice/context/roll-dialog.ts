/**
 * Context of the roll dialog: the pool and its parts, the focus, difficulty and roll-mode
 * choices, and the exact odds from the rules core. Pure: plain request in, display data out.
 * `applyDialogForm` turns the submitted form back into a request.
 */
import { chanceAtLeast, DIFFICULTIES, DIFFICULTY_GAINS, gainDistribution, MAX_DICE } from "../../rules";
import { buildPool, neededGains, type BuiltPool, type GainRollRequest } from "../pool";
import type { RollDialogPart } from "../templates";
import { DIFFICULTY_CHOICES, ROLL_MODES, type DifficultyChoice, type OddsVisibility, type RollModeKey } from "../types";
import { formatPercent, labelKey, partViews, subjectView, type PartView, type SubjectView } from "./format";

export interface RollDialogInput {
  request: GainRollRequest;
  /** Roll modes offered, with their localization keys. */
  rollModes?: readonly { value: RollModeKey; label: string }[];
  oddsVisibility: OddsVisibility;
  isGM: boolean;
  /** Prefix of the form controls' ids, unique per open dialog. */
  idPrefix?: string;
}

export interface OptionView {
  value: string;
  label: string;
  selected: boolean;
}

export interface BarView {
  gains: number;
  probability: number;
  percent: string;
  /** Bar height as a percentage of the tallest bar. */
  height: number;
  /** This many gains meets the difficulty. */
  meets: boolean;
}

export interface OddsView {
  show: boolean;
  /** P(success) against the difficulty; null when opposed or without a difficulty. */
  chance: number | null;
  chanceText: string;
  needed: number | null;
  bars: BarView[];
  /** The most likely number of gains. */
  mostLikely: number;
}

export interface RollDialogContext {
  idPrefix: string;
  actorName: string;
  subject: SubjectView;
  threshold: number;
  fixedPool: boolean;
  pool: { parts: PartView[]; dice: number; raw: number; capped: boolean; automaticFailure: boolean };
  /** The skill's foci (names, not keys) and whether "no focus" is chosen. */
  foci: { options: OptionView[]; available: boolean; noneSelected: boolean };
  situational: number;
  difficulty: { options: (OptionView & { gains: number | null })[]; custom: number; showCustom: boolean };
  rollModes: OptionView[];
  odds: OddsView;
}

/** Bars below this probability at the top end are left off the chart. */
const NEGLIGIBLE = 0.0005;

const DEFAULT_ROLL_MODES = ROLL_MODES.map((value) => ({ value, label: labelKey.rollMode(value) }));

/** Whether this viewer sees odds under the world setting. */
export function oddsVisibleTo(visibility: OddsVisibility, isGM: boolean): boolean {
  return visibility === "all" || (visibility === "gm" && isGM);
}

function bars(distribution: readonly number[], needed: number | null): BarView[] {
  let last = 0;
  for (let g = 0; g < distribution.length; g++) if (distribution[g] >= NEGLIGIBLE) last = g;
  if (needed !== null) last = Math.max(last, Math.min(needed, distribution.length - 1));
  const shown = distribution.slice(0, last + 1);
  const tallest = Math.max(...shown);
  return shown.map((probability, gains) => ({
    gains,
    probability,
    percent: formatPercent(probability),
    height: tallest > 0 ? Math.round((probability / tallest) * 1000) / 10 : 0,
    meets: needed !== null && gains >= needed,
  }));
}

/** The last distribution computed: changing only the difficulty or roll mode reuses it. */
let lastDistribution: { key: string; distribution: number[] } | null = null;

function distributionOf(dice: number, threshold: number, hexed: boolean): number[] {
  const key = `${dice}/${threshold}/${hexed}`;
  if (lastDistribution?.key !== key) lastDistribution = { key, distribution: gainDistribution(dice, threshold, { hexed }) };
  return lastDistribution.distribution;
}

/**
 * The odds of a request, exactly as the rules core computes them, from one distribution: the
 * chance of success is its tail (an empty pool fails automatically, §4.1 step 4).
 */
export function requestOdds(request: GainRollRequest, pool: BuiltPool = buildPool(request)): { chance: number | null; distribution: number[]; needed: number | null; dice: number } {
  const { dice } = pool;
  const needed = neededGains(request);
  const distribution = distributionOf(dice, request.threshold, request.hexed);
  const chance = needed === null ? null : dice === 0 ? 0 : chanceAtLeast(distribution, needed);
  return { chance, distribution, needed, dice };
}

function oddsView(request: GainRollRequest, pool: BuiltPool, show: boolean): OddsView {
  if (!show) return { show: false, chance: null, chanceText: "", needed: null, bars: [], mostLikely: 0 };
  const { chance, distribution, needed } = requestOdds(request, pool);
  const mostLikely = distribution.indexOf(Math.max(...distribution));
  return { show, chance, chanceText: chance === null ? "" : formatPercent(chance), needed, bars: bars(distribution, needed), mostLikely };
}

function difficultyOptions(request: GainRollRequest): RollDialogContext["difficulty"]["options"] {
  return DIFFICULTY_CHOICES.map((value) => ({
    value,
    label: labelKey.difficulty(value),
    selected: value === request.difficulty,
    gains: (DIFFICULTIES as readonly string[]).includes(value) ? DIFFICULTY_GAINS[value as keyof typeof DIFFICULTY_GAINS] : null,
  }));
}

/** Builds the dialog's display data. */
export function buildRollDialogContext(input: RollDialogInput): RollDialogContext {
  const { request } = input;
  const pool = buildPool(request);
  const fociAvailable = !request.fixedPool && request.foci.length > 0;
  return {
    idPrefix: input.idPrefix ?? "cw-roll",
    actorName: request.actorName,
    subject: subjectView(request.subject),
    threshold: request.threshold,
    fixedPool: request.fixedPool === true,
    pool: {
      parts: partViews(pool.parts, request.subject.attribute),
      dice: pool.dice,
      raw: pool.breakdown.raw,
      capped: pool.capped,
      automaticFailure: pool.automaticFailure,
    },
    foci: {
      available: fociAvailable,
      noneSelected: !request.focusId,
      options: request.foci.map((f) => ({ value: f.id, label: f.name, selected: f.id === request.focusId })),
    },
    situational: request.situational,
    difficulty: {
      options: difficultyOptions(request),
      custom: request.customDifficulty,
      showCustom: request.difficulty === "custom" || request.difficulty === "defense",
    },
    rollModes: (input.rollModes ?? DEFAULT_ROLL_MODES).map((m) => ({ value: m.value, label: m.label, selected: m.value === request.rollMode })),
    odds: oddsView(request, pool, oddsVisibleTo(input.oddsVisibility, input.isGM)),
  };
}

/**
 * What each dialog part shows that a change can alter. The choices part leaves out the chosen
 * values (the controls already show them) and changes only when a control appears or goes;
 * the header and the footer never change.
 */
export function rollDialogPartKeys(context: RollDialogContext): Record<RollDialogPart, string> {
  return {
    header: JSON.stringify([context.actorName, context.subject]),
    pool: JSON.stringify([context.pool, context.threshold]),
    choices: JSON.stringify([context.foci.available, context.foci.options.map((o) => o.value), context.fixedPool, context.difficulty.showCustom]),
    odds: JSON.stringify(context.odds),
    footer: "",
  };
}

/** The parts whose keys differ between two renders. */
export function changedRollDialogParts(before: Record<RollDialogPart, string>, after: Record<RollDialogPart, string>): RollDialogPart[] {
  return (Object.keys(after) as RollDialogPart[]).filter((part) => before[part] !== after[part]);
}

/** The dialog's form fields (strings as a form submits them, or numbers). */
export interface RollDialogForm {
  focusId?: unknown;
  situational?: unknown;
  difficulty?: unknown;
  customDifficulty?: unknown;
  rollMode?: unknown;
}

/** A form value as an integer, or the fallback when the field is empty or not a whole number. */
function integer(value: unknown, fallback: number): number {
  if (value === "" || value === null || value === undefined) return fallback;
  const n = Number(value);
  return Number.isInteger(n) ? n : fallback;
}

/**
 * The request with the form's choices applied. Unknown choices keep the previous value, and
 * numbers are clamped to what a pool can use, so a stray input never loses the request.
 */
export function applyDialogForm(request: GainRollRequest, form: RollDialogForm): GainRollRequest {
  const focusId = typeof form.focusId === "string" && (form.focusId === "" || request.foci.some((f) => f.id === form.focusId))
    ? form.focusId : request.focusId;
  const difficulty = DIFFICULTY_CHOICES.includes(form.difficulty as DifficultyChoice) ? form.difficulty as DifficultyChoice : request.difficulty;
  const rollMode = ROLL_MODES.includes(form.rollMode as RollModeKey) ? form.rollMode as RollModeKey : request.rollMode;
  const situational = Math.max(-MAX_DICE, Math.min(MAX_DICE, integer(form.situational, request.situational)));
  const customDifficulty = Math.max(0, Math.min(2 * MAX_DICE, integer(form.customDifficulty, request.customDifficulty)));
  return { ...request, focusId, difficulty, rollMode, situational, customDifficulty };
}
