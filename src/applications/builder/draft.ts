/**
 * The builder's state as plain data (`BuilderDraft`, stored in `flags.clockwork.builderDraft`)
 * and the one way it changes: `applyChange(draft, change)`. A change that would break a rule
 * of its own step (a third species skill, a banned feature, a point over a budget) is refused
 * with the reasons and the draft stays as it was; a change that only leaves the step
 * unfinished is kept. Pure: the shell stores what this returns.
 */
import { configKeys } from "../../config";
import {
  CREATION_STEPS, MAX_ALLOCATED_RESISTANCE, BASE_RESISTANCE, SKILL_KEYS, applyPremadeOption, emptyAllocation, emptyBuild,
  stepProblems,
} from "../../rules";
import type { CreationBuild, CreationProblem, CreationStep, DamageType, SkillKey } from "../../rules";
import { creationFeature, creationFocus, creationGear, creationSpecies, creationSpell } from "./build-data";

/** Bump when the stored shape changes; an older draft is then started afresh. */
export const DRAFT_VERSION = 1;

export interface BuilderDraft {
  version: number;
  step: CreationStep;
  build: CreationBuild;
  /** The concept's description, written to the biography. */
  biography: string;
  /** Display names of the chosen documents by id (UUID). */
  labels: Record<string, string>;
}

/** A compendium document as the builder sees it: its index entry with the system fields it reads. */
export interface CatalogEntry {
  uuid: string;
  name: string;
  type: string;
  img?: string;
  system: Record<string, unknown>;
}

export type BuilderChange =
  | { kind: "name"; value: string }
  | { kind: "biography"; value: string }
  | { kind: "premade"; option: number | null }
  | { kind: "rank"; skill: string; rank: number }
  | { kind: "species"; entry: CatalogEntry }
  | { kind: "speciesSkill"; skill: string; on: boolean }
  | { kind: "speciesResistance"; value: string }
  | { kind: "size"; value: string }
  | { kind: "grant"; id: string; on: boolean; label?: string; identifier?: string }
  | { kind: "personalBonus"; value: string }
  | { kind: "focus"; entry: CatalogEntry; on: boolean }
  | { kind: "customRank"; skill: string; rank: number }
  | { kind: "feature"; entry: CatalogEntry; on: boolean }
  | { kind: "spell"; entry: CatalogEntry; on: boolean; pair?: CatalogEntry }
  | { kind: "allocation"; type: string; value: number }
  | { kind: "gear"; entry: CatalogEntry; quantity: number }
  | { kind: "equip"; id: string; on: boolean }
  | { kind: "step"; step: string };

export interface ChangeResult {
  draft: BuilderDraft;
  /** Why the change was refused; empty when it was applied. */
  refused: CreationProblem[];
}

/** The step whose rules a change answers to. */
const CHANGE_STEP: Record<BuilderChange["kind"], CreationStep | null> = {
  name: "concept", biography: "concept", premade: "skills", rank: "skills", species: "species", speciesSkill: "species",
  speciesResistance: "species", size: "species", grant: "species", personalBonus: "bonusSkill", focus: "foci",
  customRank: "customization", feature: "customization", spell: "customization", allocation: "resistance", gear: "equipment",
  equip: "equipment", step: null,
};

/** Counts that may sit below their target while the player works; above it they are refused. */
const COUNT_CODES: readonly string[] = ["pointsSpent", "speciesSkillCount", "grantCount", "fociCount"];
/** Problems that only say a step is not finished yet. */
const UNFINISHED_CODES: readonly string[] = [
  "nameMissing", "speciesMissing", "speciesResistanceMissing", "sizeChoiceMissing", "personalBonusMissing",
  "resistanceUnspent", "premadeMismatch",
];

function isUnfinished(problem: CreationProblem): boolean {
  if (UNFINISHED_CODES.includes(problem.code)) return true;
  return COUNT_CODES.includes(problem.code) && (problem.value ?? 0) < (problem.limit ?? 0);
}

const problemKey = (p: CreationProblem): string => `${p.code}|${p.subject ?? ""}|${p.detail ?? ""}`;

/** A draft with nothing chosen, for a character named `name`. */
export function newDraft(name = ""): BuilderDraft {
  return { version: DRAFT_VERSION, step: "concept", build: withConfiguredTypes(emptyBuild(name)), biography: "", labels: {} };
}

/** Every configured damage type (a setting module's too) has an allocation, 0 unless chosen. */
function withConfiguredTypes(build: CreationBuild): CreationBuild {
  return { ...build, resistanceAllocation: { ...emptyAllocation(configKeys("damageTypes")), ...build.resistanceAllocation } };
}

/** A stored draft, or a fresh one when it is missing, from another version, or malformed. */
export function loadDraft(stored: unknown, name = ""): BuilderDraft {
  const draft = stored as Partial<BuilderDraft> | null | undefined;
  if (!draft || typeof draft !== "object" || draft.version !== DRAFT_VERSION || !draft.build || typeof draft.build !== "object") return newDraft(name);
  const step = (CREATION_STEPS as readonly string[]).includes(draft.step as string) ? draft.step as CreationStep : "concept";
  return { version: DRAFT_VERSION, step, build: withConfiguredTypes({ ...emptyBuild(name), ...draft.build }), biography: String(draft.biography ?? ""), labels: dottedLabels(draft.labels) };
}

/**
 * The labels keyed by UUID again. Core expands dotted keys at every depth when it writes a flag
 * (`expandObject`), so a stored `{ "Compendium.clockwork.foci.Item.x": "Brawler" }` comes back
 * nested, one level per dot; joining the path restores the key.
 */
function dottedLabels(stored: unknown, prefix = "", out: Record<string, string> = {}): Record<string, string> {
  if (!stored || typeof stored !== "object") return out;
  for (const [key, value] of Object.entries(stored)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out[path] = value;
    else dottedLabels(value, path, out);
  }
  return out;
}

const isSkill = (value: string): value is SkillKey => (SKILL_KEYS as readonly string[]).includes(value);
const isType = (value: string): value is DamageType => configKeys("damageTypes").includes(value);

/** Skills ordered best first, ties in the book's order: the priority a premade option follows. */
export function priorityOrder(skills: Readonly<Record<SkillKey, number>>): SkillKey[] {
  return [...SKILL_KEYS].sort((a, b) => skills[a] - skills[b] || SKILL_KEYS.indexOf(a) - SKILL_KEYS.indexOf(b));
}

function withLabel(draft: BuilderDraft, entry: { uuid: string; name: string }): Record<string, string> {
  return { ...draft.labels, [entry.uuid]: entry.name };
}

function toggle<T>(list: readonly T[], match: (item: T) => boolean, item: T, on: boolean): T[] {
  const without = list.filter((x) => !match(x));
  return on ? [...without, item] : without;
}

/** Applies one change to the build part of a draft (no refusal check). */
function change(draft: BuilderDraft, c: BuilderChange): BuilderDraft {
  const b = draft.build;
  const next = (build: Partial<CreationBuild>, extra: Partial<BuilderDraft> = {}): BuilderDraft => ({ ...draft, ...extra, build: { ...b, ...build } });
  switch (c.kind) {
    case "name": return next({ name: c.value });
    case "biography": return { ...draft, biography: c.value };
    case "premade": {
      if (c.option === null) return next({ premadeOption: null });
      return next({ premadeOption: c.option, skills: applyPremadeOption(c.option, priorityOrder(b.skills)), customizedSkills: {} });
    }
    case "rank": {
      if (!isSkill(c.skill)) return draft;
      const customized = { ...b.customizedSkills };
      // A customization above the new step-2 rank no longer lowers anything.
      if ((customized[c.skill] ?? 0) >= c.rank) delete customized[c.skill];
      return next({ skills: { ...b.skills, [c.skill]: c.rank }, customizedSkills: customized });
    }
    case "species": {
      const species = creationSpecies(c.entry.system, c.entry.uuid);
      // Picks belong to the old species; grants with no choice are taken at once.
      const grants = species.grants.filter((g) => g.choose >= g.options.length).flatMap((g) => g.options);
      return next({ species, speciesBonusSkills: [], speciesResistance: "", sizeChoice: species.sizeChoices.length ? species.size : "", grants, grantedIdentifiers: [] }, { labels: withLabel(draft, c.entry) });
    }
    case "speciesSkill": {
      const picks = b.speciesBonusSkills.filter((s) => s !== c.skill);
      return next({ speciesBonusSkills: c.on ? [...picks, c.skill] : picks });
    }
    case "speciesResistance": return next({ speciesResistance: c.value });
    case "size": return next({ sizeChoice: c.value });
    case "grant": {
      const grants = b.grants.filter((g) => g !== c.id);
      const identifiers = (b.grantedIdentifiers ?? []).filter((i) => i !== c.identifier);
      const labels = c.label ? { ...draft.labels, [c.id]: c.label } : draft.labels;
      return next({
        grants: c.on ? [...grants, c.id] : grants,
        grantedIdentifiers: c.on && c.identifier ? [...identifiers, c.identifier] : identifiers,
      }, { labels });
    }
    case "personalBonus": return next({ personalBonusSkill: c.value });
    case "focus": {
      const focus = creationFocus(c.entry.uuid, c.entry.system);
      return next({ foci: toggle(b.foci, (f) => f.id === focus.id, focus, c.on) }, { labels: withLabel(draft, c.entry) });
    }
    case "customRank": {
      if (!isSkill(c.skill)) return draft;
      const customized = { ...b.customizedSkills };
      if (c.rank >= b.skills[c.skill]) delete customized[c.skill];
      else customized[c.skill] = c.rank;
      return next({ customizedSkills: customized });
    }
    case "feature": {
      const feature = creationFeature(c.entry.uuid, c.entry.system);
      let features = [...b.features];
      if (c.on) features.push(feature);
      else {
        // Remove one copy (repeatable features such as Wealthy may be there several times).
        const index = features.map((f) => f.id).lastIndexOf(feature.id);
        if (index >= 0) features.splice(index, 1);
        // Features that needed this one go with it.
        if (!features.some((f) => f.identifier === feature.identifier)) features = features.filter((f) => !f.prerequisites.includes(feature.identifier));
      }
      return next({ features }, { labels: withLabel(draft, c.entry) });
    }
    case "spell": {
      const spell = creationSpell(c.entry.uuid, c.entry.system);
      const pair = c.pair ? creationSpell(c.pair.uuid, c.pair.system) : null;
      const gone = new Set([spell.id, pair?.id]);
      let spells = b.spells.filter((s) => !gone.has(s.id));
      if (c.on) spells = [...spells, spell, ...(pair ? [pair] : [])];
      const labels = pair && c.pair ? { ...withLabel(draft, c.entry), [c.pair.uuid]: c.pair.name } : withLabel(draft, c.entry);
      return next({ spells }, { labels });
    }
    case "allocation": {
      if (!isType(c.type)) return draft;
      return next({ resistanceAllocation: { ...b.resistanceAllocation, [c.type]: c.value } });
    }
    case "gear": {
      const others = b.equipment.filter((g) => g.id !== c.entry.uuid);
      if (c.quantity <= 0) return next({ equipment: others });
      const existing = b.equipment.find((g) => g.id === c.entry.uuid);
      const gear = { ...creationGear(c.entry.uuid, c.entry.type, c.entry.system, existing?.equipped ?? false), quantity: c.quantity };
      const index = existing ? b.equipment.indexOf(existing) : b.equipment.length;
      const equipment = [...others];
      equipment.splice(Math.min(index, equipment.length), 0, gear);
      return next({ equipment }, { labels: withLabel(draft, c.entry) });
    }
    case "equip": {
      const target = b.equipment.find((g) => g.id === c.id);
      if (!target) return draft;
      // One armor and one shield: wearing a new one takes the old one off.
      const exclusive = target.type === "armor" || target.type === "shield";
      return next({
        equipment: b.equipment.map((g) => {
          if (g.id === c.id) return { ...g, equipped: c.on };
          return c.on && exclusive && g.type === target.type ? { ...g, equipped: false } : g;
        }),
      });
    }
    case "step":
      return (CREATION_STEPS as readonly string[]).includes(c.step) ? { ...draft, step: c.step as CreationStep } : draft;
  }
}

/**
 * Applies a change unless it breaks a rule of its step that was not broken before; then the
 * draft comes back unchanged with the new problems as the reasons.
 */
export function applyChange(draft: BuilderDraft, c: BuilderChange): ChangeResult {
  const candidate = change(draft, c);
  const step = CHANGE_STEP[c.kind];
  if (!step) return { draft: candidate, refused: [] };
  const before = new Set(stepProblems(draft.build, step).map(problemKey));
  const introduced = stepProblems(candidate.build, step).filter((p) => !isUnfinished(p) && !before.has(problemKey(p)));
  return introduced.length ? { draft, refused: introduced } : { draft: candidate, refused: [] };
}

/** Applies several changes in order; stops at the first refusal. */
export function applyChanges(draft: BuilderDraft, changes: readonly BuilderChange[]): ChangeResult {
  let current = draft;
  for (const c of changes) {
    const result = applyChange(current, c);
    if (result.refused.length) return { draft: current, refused: result.refused };
    current = result.draft;
  }
  return { draft: current, refused: [] };
}

/** The step after or before `step`. */
export function neighbourStep(step: CreationStep, direction: 1 | -1): CreationStep {
  const index = CREATION_STEPS.indexOf(step) + direction;
  return CREATION_STEPS[Math.min(CREATION_STEPS.length - 1, Math.max(0, index))];
}

/** Highest allocation a type may take at creation (base 2 + points ≤ 5). */
export const MAX_ALLOCATION = MAX_ALLOCATED_RESISTANCE - BASE_RESISTANCE;
