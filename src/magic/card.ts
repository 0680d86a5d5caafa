/**
 * The casting card (pure): what a cast stores on its chat message (`flags.clockwork.cast`) and
 * the template context built from it — the casting roll with its dice marked, the gains and what
 * they mean (duration, amount, a book table's row), and per target the spell resistance rolls,
 * the hit or the opposed roll, damage, healing, barrier, conditions and the lasting effect.
 */
import { animalRowsFor } from "../rules/companion-stats";
import {
  callOfTheWildChoices, callOfTheWildRow, golemAffordable, markDice, type IllusionDesign,
  type DieMark, type SpellDuration, type SpellOutcome, type SpellProfile, type SpellTargetOutcome,
} from "../rules";

import { CAST_CARD_TEMPLATE, CAST_FLAG } from "./constants";
import { labelKey } from "../dice/context/format";
import { statusLabel } from "../combat/conditions";

export { CAST_CARD_TEMPLATE, CAST_FLAG };

/** One target as the card stores it. */
export interface CastCardTarget {
  uuid: string;
  name: string;
  success: boolean;
  failure: SpellTargetOutcome["failure"];
  resistance: { source: string; face: number; success: boolean }[];
  negatedBy: string | null;
  opposingGains: number | null;
  defense: number | null;
  damage: number;
  unavoidable: boolean;
  heal: number;
  barrier: number;
  woundsRemoved: number;
  amount: number;
  /** Attack spells: the dodge or block the target declared. */
  reaction?: "none" | "dodge" | "block";
  conditions: string[];
  removes: string[];
  duration: SpellDuration | null;
  /** Chance the spell took effect, worked out before the roll (null where a viewer may not see it). */
  chance: number | null;
  /** What every viewer may know of that chance (the hidden-info setting allowing). */
  band?: ChanceBand | null;
}

/** A chance as a word: what a player is shown instead of a percentage that gives a defense away. */
export type ChanceBand = "likely" | "even" | "unlikely";

export function chanceBand(chance: number | null): ChanceBand | null {
  if (chance === null) return null;
  return chance >= 0.65 ? "likely" : chance <= 0.35 ? "unlikely" : "even";
}

/** What was made of a cast's book table from its card (src/magic/spell-tables.ts). */
export interface CastTableUse {
  /** Call of the Wild's animal or Golemancy's golem, as an actor. */
  companion?: { name: string; uuid: string };
  /** Item Personality rolls (table 1.38), one per gain at most. */
  personalities?: string[];
  /** The illusion's design (table 1.40) and what it cost. */
  illusion?: IllusionDesign & { cost: number };
  /** Shapeshift's aspect (table 1.41). */
  aspect?: string;
}

/** Everything a cast stores on its message. */
export interface CastCardData {
  spell: { name: string; img: string | null; identifier: string; rollKind: string; effect: string; table: string };
  caster: { name: string; uuid: string | null };
  dice: number;
  threshold: number;
  faces: number[];
  hexed: boolean;
  gains: number;
  damageFaces: number[];
  damageType: string | null;
  difficulty: number | null;
  countered: boolean;
  /** The combatant whose Counterspell countered the cast (its name), or null. */
  counteredBy?: string | null;
  success: boolean;
  amount: number;
  duration: SpellDuration | null;
  paid: { mana: number; counters: number };
  targets: CastCardTarget[];
  /** Whether the cast writes something on each target (by index), and whether all of it was written. */
  writes: boolean[];
  applied: boolean;
  /** The targets whose writes were made (keys `t<index>`, the slots of the card's ledger tags). */
  appliedTargets?: string[];
  /** The GM undid the card's writes. */
  undone?: boolean;
  /** What the GM reads besides the dice to work the cast out again (./cast-apply). */
  request?: CastRequest;
  /** The chance of the cast working (no targets), worked out before the roll. */
  chance: number | null;
  /** What was made of its book table from the card. */
  tableUse?: CastTableUse;
  /** A Counterspell against a roll its caster may not see: no comparison shown (docs/rulings.md 136). */
  sealed?: boolean;
}

/** Where a cast's dice are among its message's rolls (indices), by part. */
export interface CastRollIndex {
  casting?: number;
  damage?: number;
  nullMagic?: number;
  /** A target's spell resistance checks, by target index (UUIDs hold dots: not keys of flags). */
  resistance: (number | null)[];
  /** A target's reaction roll (opposed spells), by target index. */
  reaction: (number | null)[];
}

/** The caster's choices the cast was made with (the dice are the message's rolls). */
export interface CastRequest {
  itemUuid: string | null;
  mode: string | null;
  situational: number;
  focus: string | boolean | null;
  /** Dispel's chosen effect. */
  effect: string | null;
  /** Counterspell: the cast's message (UUID or id) or the gains to beat. */
  against: string | number | null;
  /** A scroll's stored casting roll (RULING 86) and the scroll item it was read from (null: a macro's raw roll). */
  scroll: { faces: number[]; rank: number; itemUuid?: string | null } | null;
  /** Whether each target resisted as unwilling (by index). */
  unwilling: boolean[];
  rolls: CastRollIndex;
  /** The cast's id: reactors and Counterspells record their answers under it (./reactions, ./counterspell). */
  castId?: string;
  /** A Counterspell cast in answer: the id of the cast it answers. */
  answers?: string | null;
  /** Transfer Life: the hits the caster chose to move (absent: all the gains allow). */
  hits?: number;
}

/** The card's data from the resolved cast. */
export function castCardData(input: {
  spell: SpellProfile; name: string; img: string | null; caster: { name: string; uuid: string | null };
  dice: number; threshold: number; faces: readonly number[]; hexed: boolean; damageFaces: readonly number[]; damageType: string | null;
  difficulty: number | null; outcome: SpellOutcome; targets: readonly { uuid: string; name: string; chance: number | null }[];
  paid: { mana: number; counters: number }; writes: boolean[]; chance: number | null; counteredBy?: string | null;
  sealed?: boolean; request?: CastRequest;
  /**
   * What a card may tell every viewer of a target's numbers (the hidden-info setting): with
   * "everything" its defense and chance; else none, and with "bands" or "percentages" a band
   * (an exact chance on a card everyone sees would give the defense away). The exact
   * numbers are worked out by the target's observers when they render the card (./cast-reveal).
   */
  reveal?: "nothing" | "bands" | "percentages" | "everything";
}): CastCardData {
  const sealed = input.sealed === true;
  const open = (input.reveal ?? "everything") === "everything";
  const banded = input.reveal === "percentages" || input.reveal === "bands";
  const { outcome, spell } = input;
  const lasting = outcome.targets.find((t) => t.lasting)?.lasting ?? outcome.lasting;
  return {
    spell: { name: input.name, img: input.img, identifier: spell.identifier, rollKind: spell.roll.kind, effect: spell.automation.effect.kind, table: spell.automation.table },
    caster: input.caster,
    dice: input.dice,
    threshold: input.threshold,
    faces: [...input.faces],
    hexed: input.hexed,
    gains: outcome.gains,
    damageFaces: [...input.damageFaces],
    damageType: input.damageType,
    difficulty: input.difficulty,
    countered: outcome.countered,
    counteredBy: input.counteredBy ?? null,
    success: outcome.success,
    amount: outcome.amount,
    duration: lasting?.duration ?? null,
    paid: input.paid,
    targets: outcome.targets.map((t, i) => ({
      uuid: input.targets[i]?.uuid ?? t.id,
      name: input.targets[i]?.name ?? t.id,
      // Sealed: the stored roll was not known here, so nothing was compared (./counterspell).
      success: sealed ? false : t.success,
      failure: t.failure,
      resistance: t.resistance?.rolls ?? [],
      negatedBy: t.resistance?.by ?? null,
      opposingGains: sealed ? null : t.opposingGains,
      defense: open && t.attack ? t.attack.setup.defense.total : null,
      reaction: t.attack?.setup.reaction ?? "none",
      damage: t.damageTotal,
      unavoidable: t.unavoidable,
      heal: t.heal,
      barrier: t.barrier,
      woundsRemoved: t.woundsRemoved,
      amount: t.amount,
      conditions: [...t.conditions],
      removes: [...t.removes],
      duration: t.lasting?.duration ?? null,
      chance: sealed || !open ? null : input.targets[i]?.chance ?? null,
      band: sealed || !banded ? null : chanceBand(input.targets[i]?.chance ?? null),
    })),
    writes: [...input.writes],
    applied: !input.writes.some(Boolean),
    appliedTargets: [],
    chance: open ? input.chance : null,
    ...(input.request ? { request: input.request } : {}),
    ...(sealed ? { sealed } : {}),
  };
}

/** Who is looking at the card. */
export interface CastCardViewer {
  isGM: boolean;
  /** The viewer may apply the cast's writes (its caster's owner or a GM). */
  canApply: boolean;
}


/** A chance as the card writes it. */
export function percent(p: number | null): string | null {
  if (p === null) return null;
  if (p > 0 && p < 0.01) return "<1%";
  if (p < 1 && p > 0.99) return ">99%";
  return `${Math.round(p * 100)}%`;
}

/** The duration as a localization key and its data. */
export function durationLabel(duration: SpellDuration | null): { key: string; data: Record<string, number> } | null {
  if (!duration) return null;
  switch (duration.kind) {
    case "rounds":
      return { key: "CLOCKWORK.Magic.Card.Duration.rounds", data: { count: duration.rounds } };
    case "time": {
      const minutes = duration.seconds / 60;
      return minutes % 60 === 0
        ? { key: "CLOCKWORK.Magic.Card.Duration.hours", data: { count: minutes / 60 } }
        : { key: "CLOCKWORK.Magic.Card.Duration.minutes", data: { count: minutes } };
    }
    case "endFlat":
      return { key: "CLOCKWORK.Magic.Card.Duration.endFlat", data: { flat: duration.flat } };
    default:
      return { key: `CLOCKWORK.Magic.Card.Duration.${duration.kind}`, data: {} };
  }
}

/** What the gains mean: a localization key and its numbers, or a book table's row. */
export interface CardMeaning {
  key: string;
  amount?: number;
  gains?: number;
  choices?: number;
  rowKey?: string;
  /** Who counterspelled the cast. */
  name?: string;
}

/** What the gains mean for a spell whose effect is a number or a table row. */
function meaning(data: CastCardData): CardMeaning | null {
  if (data.counteredBy) return { key: "CLOCKWORK.Magic.Card.CounteredBy", name: data.counteredBy };
  if (data.countered) return { key: "CLOCKWORK.Magic.Card.Countered" };
  if (data.spell.table === "callOfTheWild") {
    const row = callOfTheWildRow(data.gains);
    return { key: "CLOCKWORK.Magic.Card.Table.callOfTheWild", choices: callOfTheWildChoices(data.gains).length, rowKey: `CLOCKWORK.Magic.Table.CallOfTheWild.${row}` };
  }
  if (data.spell.table) return { key: `CLOCKWORK.Magic.Card.Table.${data.spell.table}`, gains: data.gains };
  if (!data.success && !data.targets.length) return { key: "CLOCKWORK.Magic.Card.NoEffect" };
  if (data.amount && !data.targets.length) return { key: `CLOCKWORK.Magic.Card.Effect.${data.spell.effect}`, amount: data.amount };
  return null;
}

/** Whether the card still offers its book table (a companion, a roll, a design, an aspect). */
export function tableOpen(data: CastCardData): boolean {
  const use = data.tableUse ?? {};
  if (!data.success || data.countered) return false;
  switch (data.spell.table) {
    case "callOfTheWild": return !use.companion && animalRowsFor(data.gains).length > 0;
    case "golemancy": return !use.companion && golemAffordable({ material: "clay", size: "medium" }, data.gains);
    case "itemPersonality": return (use.personalities?.length ?? 0) < data.gains;
    case "illusion": return !use.illusion;
    case "shapeshift": return !use.aspect;
    default: return false;
  }
}

/** The lines a card shows for what was made of its table. */
function tableResults(use: CastTableUse, gains: number) {
  const lines: { key: string; name?: string; trait?: string; size?: string; movement?: string; complexity?: string; cost?: number; gains?: number; count?: number }[] = [];
  if (use.companion) lines.push({ key: "CLOCKWORK.Magic.Card.TableUse.companion", name: use.companion.name });
  (use.personalities ?? []).forEach((key, i) => lines.push({ key: "CLOCKWORK.Magic.Card.TableUse.personality", trait: `CLOCKWORK.Magic.Table.Personality.${key}`, count: i + 1 }));
  if (use.illusion) {
    lines.push({
      key: "CLOCKWORK.Magic.Card.TableUse.illusion", cost: use.illusion.cost, gains,
      size: `CLOCKWORK.Magic.Table.Illusion.Size.${use.illusion.size}`, movement: `CLOCKWORK.Magic.Table.Illusion.Movement.${use.illusion.movement}`,
      complexity: `CLOCKWORK.Magic.Table.Illusion.Complexity.${use.illusion.complexity}`,
    });
  }
  if (use.aspect) lines.push({ key: "CLOCKWORK.Magic.Card.TableUse.aspect", trait: `CLOCKWORK.Magic.Table.Aspect.${use.aspect}` });
  return lines;
}

/** The card's template context for one viewer (cheap: no odds are computed here). */
export function buildCastCardContext(data: CastCardData, viewer: CastCardViewer) {
  const marks = markDice(data.faces, data.threshold, { hexed: data.hexed });
  const duration = durationLabel(data.duration);
  return {
    spell: data.spell,
    caster: data.caster,
    rollKindKey: `CLOCKWORK.SpellRoll.${data.spell.rollKind}`,
    dice: data.faces.map((face, i) => ({ face, mark: marks[i] as DieMark, title: `CLOCKWORK.Chat.Die.${marks[i]}` })),
    // Each damage die with its meaning: counted against every target's resistance (a 12 twice, a 1 cancels one).
    damageDice: data.damageFaces.map((face) => {
      const mark = face === 12 ? "double" : face === 1 ? "cancel" : "none";
      return { face, mark, title: `CLOCKWORK.Chat.DamageDie.${mark}` };
    }),
    damageTypeKey: data.damageType ? labelKey.damageType(data.damageType) : null,
    gains: data.gains,
    pool: data.dice,
    threshold: data.threshold,
    difficulty: data.difficulty,
    success: data.success,
    countered: data.countered,
    chance: percent(data.chance),
    paid: data.paid,
    duration,
    meaning: meaning(data),
    hasTargets: data.targets.length > 0,
    targets: data.targets.map((t) => ({
      uuid: t.uuid,
      name: t.name,
      success: t.success,
      outcomeKey: data.sealed ? "CLOCKWORK.Magic.Card.Outcome.sealed" : t.success ? "CLOCKWORK.Magic.Card.Outcome.success" : `CLOCKWORK.Magic.Card.Outcome.${t.failure ?? "gains"}`,
      css: data.sealed ? "cw-cast-target--sealed" : t.success ? "cw-cast-target--success" : "cw-cast-target--failure",
      negatedKey: t.negatedBy ? `CLOCKWORK.Magic.Resistance.${t.negatedBy}` : null,
      resistance: t.resistance.map((r) => ({ labelKey: `CLOCKWORK.Magic.Resistance.${r.source}`, face: r.face, success: r.success })),
      opposingGains: t.opposingGains,
      defense: viewer.isGM ? t.defense : null,
      reactionKey: t.reaction && t.reaction !== "none" ? `CLOCKWORK.Magic.Card.Reaction.${t.reaction}` : null,
      damage: t.damage,
      unavoidable: t.unavoidable,
      heal: t.heal,
      barrier: t.barrier,
      woundsRemoved: t.woundsRemoved,
      amount: t.amount,
      conditions: t.conditions.map((key) => ({ key, labelKey: statusLabel(key) })),
      removes: t.removes.map((key) => ({ key, labelKey: statusLabel(key) })),
      duration: durationLabel(t.duration),
      chance: percent(t.chance),
      bandKey: t.chance === null && t.band ? `CLOCKWORK.Magic.Trust.Band.${t.band}` : null,
    })),
    applied: data.applied && !data.undone && (data.writes ?? []).some(Boolean),
    undone: data.undone === true,
    canApply: viewer.canApply && !data.applied && !data.undone && (data.writes ?? []).some(Boolean),
    canUndo: data.applied && !data.undone && (data.appliedTargets?.length ?? 0) > 0,
    tableAction: viewer.canApply && tableOpen(data) ? `CLOCKWORK.Magic.Card.UseTable.${data.spell.table}` : null,
    tableResults: tableResults(data.tableUse ?? {}, data.gains),
  };
}

export type CastCardContext = ReturnType<typeof buildCastCardContext>;
