/**
 * The choices a player makes when a species is applied (digest §4.19 step 3): two bonus
 * skills from the species' three (any two for Humans), where the "any" resistance bonus goes,
 * the size for species with a size choice, and which granted foci or spells to take.
 * Pure: the pick dialog calls it for live feedback, `ClockworkActor#applySpecies` to refuse.
 */
import { configKeys, type ClockworkConfig } from "../config";
import { labelOf } from "../data/labels";
import { localize } from "../foundry";

/** Species bonus skills picked at creation. */
export const SPECIES_BONUS_SKILL_PICKS = 2;

export interface SpeciesRules {
  bonusSkills: readonly string[];
  anyBonusSkills: boolean;
  resistanceBonus: string;
  resistanceExcluded: readonly string[];
  sizeChoices: readonly string[];
  grants: readonly { kind: string; choose: number; options: readonly string[] }[];
}

export interface SpeciesPicks {
  bonusSkills: readonly string[];
  /** Required when the species' resistance bonus is "any". */
  resistanceType?: string;
  /** Required when the species has size choices. */
  sizeChoice?: string;
  /** Chosen UUIDs across all grants; may be omitted when every grant leaves no choice. */
  grants?: readonly string[];
}

/** A problem with the picks: a localization key and its format data. */
export interface PickProblem {
  key: string;
  data?: Record<string, unknown>;
}

export interface ResolvedPicks {
  problems: PickProblem[];
  speciesBonusSkills: string[];
  speciesResistance: string;
  sizeChoice: string;
  /** UUIDs of the foci and spells to create, with the kind each must be. */
  grants: { uuid: string; kind: string }[];
}

function checkBonusSkills(species: SpeciesRules, picks: SpeciesPicks, personalBonusSkill: string, problems: PickProblem[]): void {
  const skills = [...new Set(picks.bonusSkills)];
  if (skills.length !== SPECIES_BONUS_SKILL_PICKS || picks.bonusSkills.length !== SPECIES_BONUS_SKILL_PICKS) {
    problems.push({ key: "CLOCKWORK.Error.Species.PickCount", data: { count: SPECIES_BONUS_SKILL_PICKS } });
  }
  const allowed = species.anyBonusSkills ? configKeys("skills") : species.bonusSkills;
  for (const skill of skills) {
    if (!allowed.includes(skill)) problems.push({ key: "CLOCKWORK.Error.Species.SkillNotOffered", data: { skill } });
  }
  if (personalBonusSkill && skills.includes(personalBonusSkill)) {
    problems.push({ key: "CLOCKWORK.Error.PersonalBonusSkillTaken", data: { skill: personalBonusSkill } });
  }
}

function checkResistance(species: SpeciesRules, picks: SpeciesPicks, problems: PickProblem[]): string {
  if (species.resistanceBonus !== "any") return "";
  const type = picks.resistanceType ?? "";
  if (!configKeys("damageTypes").includes(type) || species.resistanceExcluded.includes(type)) {
    problems.push({ key: "CLOCKWORK.Error.Species.ResistanceChoice", data: { type } });
  }
  return type;
}

function checkSize(species: SpeciesRules, picks: SpeciesPicks, problems: PickProblem[]): string {
  if (species.sizeChoices.length === 0) return "";
  const size = picks.sizeChoice ?? "";
  if (!species.sizeChoices.includes(size)) problems.push({ key: "CLOCKWORK.Error.Species.SizeChoice", data: { size } });
  return size;
}

function checkGrants(species: SpeciesRules, picks: SpeciesPicks, problems: PickProblem[]): { uuid: string; kind: string }[] {
  const chosen = new Set(picks.grants ?? []);
  const result: { uuid: string; kind: string }[] = [];
  const offered = new Set<string>();
  for (const grant of species.grants) {
    grant.options.forEach((uuid) => offered.add(uuid));
    const noChoice = grant.choose >= grant.options.length;
    const taken = noChoice && !picks.grants ? [...grant.options] : grant.options.filter((uuid) => chosen.has(uuid));
    const needed = Math.min(grant.choose, grant.options.length);
    if (taken.length !== needed) problems.push({ key: "CLOCKWORK.Error.Species.GrantCount", data: { count: needed, kind: grant.kind } });
    for (const uuid of taken) result.push({ uuid, kind: grant.kind });
  }
  for (const uuid of chosen) {
    if (!offered.has(uuid)) problems.push({ key: "CLOCKWORK.Error.Species.GrantNotOffered", data: { uuid } });
  }
  return result;
}

/** Check the picks against the species and the actor's personal bonus skill; normalize them. */
export function resolveSpeciesPicks(species: SpeciesRules, picks: SpeciesPicks, personalBonusSkill = ""): ResolvedPicks {
  const problems: PickProblem[] = [];
  checkBonusSkills(species, picks, personalBonusSkill, problems);
  const speciesResistance = checkResistance(species, picks, problems);
  const sizeChoice = checkSize(species, picks, problems);
  const grants = checkGrants(species, picks, problems);
  return { problems, speciesBonusSkills: [...new Set(picks.bonusSkills)], speciesResistance, sizeChoice, grants };
}

/** Which configuration list names the values in a problem's data. */
const DATA_LISTS: Record<string, keyof ClockworkConfig> = { skill: "skills", type: "damageTypes", size: "sizes", kind: "grantKinds" };

/** The problem as a sentence for the player, with names localized. */
export function describePickProblem(problem: PickProblem): string {
  const data: Record<string, unknown> = { ...problem.data };
  for (const [name, list] of Object.entries(DATA_LISTS)) {
    if (typeof data[name] === "string" && data[name]) data[name] = labelOf(list, data[name]);
  }
  return localize(problem.key, data);
}
