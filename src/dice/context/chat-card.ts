/**
 * Context of the chat card: who rolled what, how the pool was built, every die marked, the
 * result against the difficulty, and the luck spent. Pure: serialized rolls in, display data
 * out. Every count comes from the rules core.
 *
 * What a viewer sees follows the roll mode (`cardVisibility`): the whole card; a summary
 * without dice and results (the author of a blind roll); or only that a private roll was made.
 */
import {
  DAMAGE_TYPE_TABLE, deathRollFatalWounds, flatSucceeds, markDice, netGains, resolveDamage, resolveUnopposed,
  countGains, criticalDamage, criticalThreshold, damageAgainstTargets, woundsUntilDeath,
  type DamageResult, type DieMark,
} from "../../rules";
import { canSpendMoreLuck } from "../luck-policy";
import { activeFaces, dieResults, isActive, knowsResistance, rollKindOf, rollOptions } from "../roll-data";
import type {
  DamageRollOptions, DeathRollOptions, FlatRollOptions, GainRollOptions, RollKind,
  RollModeKey, SerializedRoll,
} from "../types";
import { labelKey, partViews, subjectView, type PartView, type SubjectView } from "./format";

export { cardVisibility, revealsTargets, type CardVisibility, type ChatCardInput, type ChatCardViewer } from "./visibility";
import type { CardVisibility, ChatCardInput, ChatCardViewer } from "./visibility";
import { cardVisibility } from "./visibility";

/** Gain marks from the core, plus Flat dice the keep-better dropped and death-roll marks. */
export type DieMarkView = DieMark | "dropped" | "fatal" | "save";

export interface DieView {
  face: number;
  mark: DieMarkView;
  /** Localization key describing the mark (for a tooltip and screen readers). */
  title: string;
}

export interface AttemptView {
  number: number;
  discarded: boolean;
  dice: DieView[];
  /** The attempt's headline number (gains, the kept face, fatal wounds). */
  value: number;
}

/** "is-success", "is-failure" or "" for the card's result colour. */
export type OutcomeClass = "is-success" | "is-failure" | "";

function outcomeClass(success: boolean | null): OutcomeClass {
  return success === null ? "" : success ? "is-success" : "is-failure";
}

export interface GainResultView {
  gains: number;
  netGains: number;
  belowZero: boolean;
  needed: number | null;
  hasNeeded: boolean;
  difficultyLabel: string;
  opposed: boolean;
  success: boolean | null;
  outcomeClass: OutcomeClass;
  statusLabel: string;
  dramaticLabel: string;
  automaticFailure: boolean;
  /** Critical damage on a hit: attack rolls only (a skill roll's 12s deal no damage). */
  criticals: number;
  criticalRange: string;
}

export interface FlatResultView {
  target: number;
  face: number;
  keepBetter: boolean;
  success: boolean;
  outcomeClass: OutcomeClass;
  statusLabel: string;
}

export interface DamageTargetView {
  name: string;
  hit: boolean;
  /** The viewer observes the target: its resistance, the armor pierced and the damage are shown. */
  showResistance: boolean;
  resistance: number | null;
  armorPierced: number;
  points: number | null;
  criticals: number;
  total: number | null;
}

export interface DamageResultView {
  damageTypeLabel: string;
  /** The damage type's key, for its icon on the card. */
  damageType: string;
  /** Dice rolled; the card shows them with the type's full name, never the book's letter. */
  dice: number;
  notation: string;
  armorPiercing: boolean;
  aoe: boolean;
  criticals: number;
  targets: DamageTargetView[];
}

export interface DeathResultView {
  fatalWounds: number;
  diehard: boolean;
  hasTrack: boolean;
  woundsBefore: number;
  woundsAfter: number;
  grit: number;
  kills: boolean;
  outcomeClass: OutcomeClass;
  statusLabel: string;
}

export interface ChatCardContext {
  kind: RollKind;
  visibility: CardVisibility;
  /** Dice and results are shown. */
  showResult: boolean;
  /** The subject and the pool are shown. */
  showSummary: boolean;
  actorName: string;
  rollMode: RollModeKey;
  modeLabel: string;
  isPrivate: boolean;
  subject: SubjectView;
  /** Title for rolls without a skill (Flat, death, damage). */
  titleLabel: string;
  titleName: string;
  threshold: number | null;
  parts: PartView[];
  attempts: AttemptView[];
  /** The attempt that stands. */
  current: AttemptView;
  hasDiscarded: boolean;
  gain: GainResultView | null;
  flat: FlatResultView | null;
  damage: DamageResultView | null;
  death: DeathResultView | null;
  luck: { spent: number; keepBest: boolean; canSpendMore: boolean; show: boolean };
}

/** A damage die's meaning: against one known resistance, or counted against each target's. */
const DAMAGE_TITLES: Partial<Record<DieMarkView, string>> = {
  double: "CLOCKWORK.Chat.DamageDie.double",
  gain: "CLOCKWORK.Chat.DamageDie.gain",
  cancel: "CLOCKWORK.Chat.DamageDie.cancel",
};

const MARK_TITLES: Record<DieMarkView, string> = {
  double: "CLOCKWORK.Chat.Die.double",
  gain: "CLOCKWORK.Chat.Die.gain",
  cancel: "CLOCKWORK.Chat.Die.cancel",
  none: "CLOCKWORK.Chat.Die.none",
  dropped: "CLOCKWORK.Chat.Die.dropped",
  fatal: "CLOCKWORK.Chat.Die.fatal",
  save: "CLOCKWORK.Chat.Die.save",
};

function dieView(face: number, mark: DieMarkView): DieView {
  return { face, mark, title: MARK_TITLES[mark] };
}

// ------------------------------------------------------------------ per kind

function gainDice(roll: SerializedRoll): DieView[] {
  const o = rollOptions<GainRollOptions>(roll);
  const faces = activeFaces(roll.terms ?? []);
  const marks = markDice(faces, o.threshold ?? 12, { hexed: o.hexed === true });
  return faces.map((face, i) => dieView(face, marks[i]));
}

function gainValue(roll: SerializedRoll): number {
  const o = rollOptions<GainRollOptions>(roll);
  if (o.automaticFailure) return 0;
  return countGains(activeFaces(roll.terms ?? []), o.threshold ?? 12, { hexed: o.hexed === true });
}

/** A weapon's attack, or any roll against a defense (a spell attack): only these deal critical damage. */
function isAttack(o: Partial<GainRollOptions>): boolean {
  return o.subject?.kind === "attack" || o.difficulty === "defense";
}

function gainResult(roll: SerializedRoll): GainResultView {
  const o = rollOptions<GainRollOptions>(roll);
  const faces = activeFaces(roll.terms ?? []);
  const gains = gainValue(roll);
  const net = o.automaticFailure ? 0 : netGains(faces, o.threshold ?? 12, { hexed: o.hexed === true });
  const needed = o.needed ?? null;
  const outcome = needed === null ? null
    : o.automaticFailure ? { success: false, dramatic: null } : resolveUnopposed(gains, needed, { outOfCombat: o.outOfCombat === true });
  const difficulty = o.difficulty ?? "none";
  const threshold = criticalThreshold(o.critical ?? {});
  let statusLabel = "";
  if (o.automaticFailure) statusLabel = "CLOCKWORK.Chat.AutomaticFailure";
  else if (outcome) statusLabel = outcome.success ? "CLOCKWORK.Chat.Success" : "CLOCKWORK.Chat.Failure";
  else if (difficulty === "opposed") statusLabel = "CLOCKWORK.Chat.Opposed";
  return {
    gains, netGains: net, belowZero: net < 0, needed, hasNeeded: needed !== null,
    difficultyLabel: needed === null && difficulty !== "opposed" ? "" : labelKey.difficulty(difficulty),
    opposed: difficulty === "opposed",
    success: outcome ? outcome.success : null,
    outcomeClass: outcomeClass(outcome ? outcome.success : null),
    statusLabel,
    dramaticLabel: outcome?.dramatic ? `CLOCKWORK.Chat.Dramatic.${outcome.dramatic}` : "",
    automaticFailure: o.automaticFailure === true,
    criticals: isAttack(o) ? criticalDamage(faces, o.critical ?? {}) : 0,
    criticalRange: threshold >= 12 ? "12" : `${threshold}–12`,
  };
}

function flatDice(roll: SerializedRoll): DieView[] {
  const target = rollOptions<FlatRollOptions>(roll).target ?? 1;
  return dieResults(roll.terms ?? []).map((r) =>
    dieView(r.result, !isActive(r) ? "dropped" : flatSucceeds(r.result, target) ? "gain" : "none"));
}

function flatValue(roll: SerializedRoll): number {
  return Math.max(0, ...activeFaces(roll.terms ?? []));
}

function flatResult(roll: SerializedRoll): FlatResultView {
  const o = rollOptions<FlatRollOptions>(roll);
  const face = flatValue(roll);
  const success = face > 0 && flatSucceeds(face, o.target ?? 1);
  return {
    target: o.target ?? 1, face, keepBetter: o.keepBetter === true, success, outcomeClass: outcomeClass(success),
    statusLabel: success ? "CLOCKWORK.Chat.Success" : "CLOCKWORK.Chat.Failure",
  };
}

/**
 * Each target's damage, or null where the roll holds no resistance for it: a message keeps none,
 * and a viewer's client fills in only the targets it observes (dice/chat.ts).
 */
function damageResults(roll: SerializedRoll): (DamageResult | null)[] {
  const o = rollOptions<DamageRollOptions>(roll);
  const targets = o.targets ?? [];
  const known = damageAgainstTargets(activeFaces(roll.terms ?? []), targets.filter(knowsResistance), {
    armorPiercing: o.armorPiercing, criticals: o.criticals, aoe: o.aoe,
  });
  let next = 0;
  return targets.map((t) => (knowsResistance(t) ? known[next++] : null));
}

/**
 * Per target what this viewer may see. For a target it cannot observe neither the resistance nor
 * the damage is drawn: with the dice on the card, the damage would give the resistance away.
 */
function damageTargetViews(roll: SerializedRoll, viewer: ChatCardViewer): DamageTargetView[] {
  const targets = rollOptions<DamageRollOptions>(roll).targets ?? [];
  return damageResults(roll).map((r, i) => {
    const showResistance = r !== null && viewer.canObserve?.(targets[i]) === true;
    const base = { name: targets[i].name, hit: targets[i].hit, showResistance };
    return showResistance
      ? { ...r, ...base, resistance: r.resistance }
      : { ...base, resistance: null, armorPierced: 0, points: null, criticals: 0, total: null };
  });
}

function damageDice(roll: SerializedRoll, viewer: ChatCardViewer): DieView[] {
  const o = rollOptions<DamageRollOptions>(roll);
  const faces = activeFaces(roll.terms ?? []);
  // With one target the viewer observes, the dice are marked against its resistance (the
  // marks would give it away otherwise); else only 12s and 1s.
  const single = o.targets?.length === 1 && knowsResistance(o.targets[0]) && viewer.canObserve?.(o.targets[0]) === true ? o.targets[0] : null;
  const threshold = single
    ? Math.max(1, resolveDamage(faces, single, { armorPiercing: o.armorPiercing }).resistance)
    : 12;
  const marks = markDice(faces, threshold);
  const none = single ? "CLOCKWORK.Chat.DamageDie.below" : "CLOCKWORK.Chat.DamageDie.none";
  return faces.map((face, i) => ({ face, mark: marks[i], title: DAMAGE_TITLES[marks[i]] ?? none }));
}

function damageValue(roll: SerializedRoll): number {
  return damageResults(roll).reduce((sum, r) => sum + (r?.total ?? 0), 0);
}

function damageResult(roll: SerializedRoll, viewer: ChatCardViewer): DamageResultView {
  const o = rollOptions<DamageRollOptions>(roll);
  const type = o.damageType ?? "blunt";
  const dice = dieResults(roll.terms ?? []).length;
  return {
    damageTypeLabel: labelKey.damageType(type),
    damageType: type,
    dice,
    notation: `${dice} ${DAMAGE_TYPE_TABLE[type]?.abbreviation ?? ""}`.trim(),
    armorPiercing: o.armorPiercing === true,
    aoe: o.aoe === true,
    criticals: o.criticals ?? 0,
    targets: damageTargetViews(roll, viewer),
  };
}

/** Fatal wounds one face adds, counted by the core as that face beside five neutral 7s. */
function deathMark(face: number, diehard: boolean): DieMarkView {
  if (face === 12) return "save";
  return deathRollFatalWounds([face, 7, 7, 7, 7, 7], { diehard }) > 0 ? "fatal" : "none";
}

function deathDice(roll: SerializedRoll): DieView[] {
  const diehard = rollOptions<DeathRollOptions>(roll).diehard === true;
  return activeFaces(roll.terms ?? []).map((face) => dieView(face, deathMark(face, diehard)));
}

function deathValue(roll: SerializedRoll): number {
  const diehard = rollOptions<DeathRollOptions>(roll).diehard === true;
  return deathRollFatalWounds(activeFaces(roll.terms ?? []), { diehard });
}

function deathResult(roll: SerializedRoll): DeathResultView {
  const o = rollOptions<DeathRollOptions>(roll);
  const fatalWounds = deathValue(roll);
  const hasTrack = o.wounds !== undefined && o.grit !== undefined;
  const woundsBefore = o.wounds ?? 0;
  const grit = o.grit ?? 0;
  const kills = hasTrack && fatalWounds >= woundsUntilDeath({ grit, wounds: woundsBefore });
  return {
    fatalWounds, diehard: o.diehard === true, hasTrack, woundsBefore, woundsAfter: woundsBefore + fatalWounds, grit, kills,
    outcomeClass: outcomeClass(hasTrack ? !kills : null),
    statusLabel: !hasTrack ? "" : kills ? "CLOCKWORK.Chat.Death.Dies" : "CLOCKWORK.Chat.Death.Survives",
  };
}

const KIND_VIEWS: Record<RollKind, { dice: (r: SerializedRoll, viewer: ChatCardViewer) => DieView[]; value: (r: SerializedRoll) => number }> = {
  gain: { dice: gainDice, value: gainValue },
  flat: { dice: flatDice, value: flatValue },
  damage: { dice: damageDice, value: damageValue },
  death: { dice: deathDice, value: deathValue },
};

function attemptView(kind: RollKind, roll: SerializedRoll, index: number, viewer: ChatCardViewer): AttemptView {
  const view = KIND_VIEWS[kind];
  return {
    number: index + 1,
    discarded: (roll.options as { discarded?: boolean } | undefined)?.discarded === true,
    dice: view.dice(roll, viewer),
    value: view.value(roll),
  };
}

function titleOf(kind: RollKind, roll: SerializedRoll): { label: string; name: string } {
  switch (kind) {
    case "gain": return { label: "", name: "" };
    case "flat": return { label: "CLOCKWORK.Chat.Title.flat", name: rollOptions<FlatRollOptions>(roll).label ?? "" };
    case "damage": return { label: "CLOCKWORK.Chat.Title.damage", name: rollOptions<DamageRollOptions>(roll).itemName ?? "" };
    case "death": return { label: "CLOCKWORK.Chat.Title.death", name: "" };
  }
}


/** Builds the chat card for one viewer. Throws a RangeError when the rolls are not ClockWork rolls. */
export function buildChatCardContext(rollData: ChatCardInput, viewer: ChatCardViewer): ChatCardContext {
  if (!rollData.rolls.length) throw new RangeError("chat card rolls must list at least one roll (a card shows one roll and its luck rerolls); got []");
  const kind = rollKindOf(rollData.rolls[0]);
  if (!kind || rollData.rolls.some((r) => rollKindOf(r) !== kind)) {
    throw new RangeError(`chat card rolls must all be one ClockWork roll class (GainRoll, FlatRoll, DamageRoll, DeathRoll); got ${rollData.rolls.map((r) => r.class).join(", ")}`);
  }
  const attempts = rollData.rolls.map((roll, i) => attemptView(kind, roll, i, viewer));
  let currentIndex = attempts.findIndex((a) => !a.discarded);
  if (currentIndex < 0) currentIndex = attempts.length - 1;
  const standing = rollData.rolls[currentIndex];
  const visibility = cardVisibility(viewer);
  const gainOptions = kind === "gain" ? rollOptions<GainRollOptions>(standing) : null;
  const title = titleOf(kind, standing);
  const luck = rollData.luck ?? { spent: 0, keepBest: false };
  const canSpendMore = canSpendMoreLuck(luck);
  return {
    kind,
    visibility,
    showResult: visibility === "full",
    showSummary: visibility !== "hidden",
    actorName: rollData.actorName,
    rollMode: viewer.rollMode,
    modeLabel: labelKey.rollMode(viewer.rollMode),
    isPrivate: viewer.rollMode !== "publicroll",
    subject: subjectView(gainOptions?.subject),
    titleLabel: title.label,
    titleName: title.name,
    threshold: gainOptions ? gainOptions.threshold ?? null : null,
    parts: gainOptions ? partViews(gainOptions.parts ?? [], gainOptions.subject?.attribute) : [],
    attempts,
    current: attempts[currentIndex],
    hasDiscarded: attempts.some((a) => a.discarded),
    gain: kind === "gain" ? gainResult(standing) : null,
    flat: kind === "flat" ? flatResult(standing) : null,
    damage: kind === "damage" ? damageResult(standing, viewer) : null,
    death: kind === "death" ? deathResult(standing) : null,
    luck: { spent: luck.spent, keepBest: luck.keepBest, canSpendMore, show: luck.spent > 0 || canSpendMore },
  };
}
