/**
 * Between stored data and the rules' `CreationBuild`, both ways, as pure functions:
 * - `creationSpecies`, `creationFeature` … turn an item's system data into what the rules read;
 * - `buildFromActor` reads a finished character (its `flags.clockwork.creation` record, its
 *   system data and items) back into a build, so `creationProblems` can audit it;
 * - `actorDataFromBuild` is the one write the builder makes on review: the system update and
 *   the item sources to create, with the equipped slots filled.
 */
import { configKeys } from "../../config";
import {
  DAMAGE_TYPES, SKILL_KEYS, allocationTypes, creationSummary, emptyAllocation,
} from "../../rules";
import { SPECIES_ORIGIN_FLAG } from "../../documents/species-origin";
import type {
  ArmorWeight, CreationBuild, CreationFeature, CreationFocus, CreationGear, CreationSpecies, CreationSpell, DamageType,
  Resistances, Size, SkillKey,
} from "../../rules";

/** Flag scope of everything the builder stores. */
export const BUILDER_SCOPE = "clockwork";
/** `flags.clockwork.creation`: how a character was built (premade option, step-2 ranks, grants). */
export const CREATION_FLAG = "creation";
/** `flags.clockwork.builderDraft`: a build in progress. */
export const DRAFT_FLAG = "builderDraft";
/** Marks items a species granted (shared with `ClockworkActor#applySpecies`). */
export const GRANTED_FLAG = "grantedBySpecies";

/** The creation record kept on a finished character. */
export interface CreationRecord {
  premadeOption: number | null;
  skills: Record<SkillKey, number>;
  grants: string[];
}

type Loose = Record<string, unknown>;

/** An item as stored: an embedded item's source, or a compendium index entry with its system. */
export interface ItemSourceLike {
  _id?: string | null;
  name: string;
  type: string;
  img?: string;
  system?: Loose;
  flags?: Record<string, Loose | undefined>;
  [key: string]: unknown;
}

/** An actor's source (or a plain snapshot of one). */
export interface ActorSourceLike {
  name: string;
  type?: string;
  system: Loose;
  items: readonly ItemSourceLike[];
  flags?: Record<string, Loose | undefined>;
}

const str = (value: unknown): string => (typeof value === "string" ? value : "");
const num = (value: unknown, fallback = 0): number => (typeof value === "number" && Number.isFinite(value) ? value : fallback);
const list = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

/** The rules' view of a species item's system data. */
export function creationSpecies(system: Loose, id?: string): CreationSpecies {
  const grants = Array.isArray(system.grants) ? system.grants as Loose[] : [];
  return {
    ...(id ? { id } : {}),
    identifier: str(system.identifier),
    size: (str(system.size) || "medium") as Size,
    sizeChoices: list(system.sizeChoices) as Size[],
    resistanceBonus: (str(system.resistanceBonus) || "any") as DamageType | "any",
    resistanceExcluded: list(system.resistanceExcluded) as DamageType[],
    bonusSkills: list(system.bonusSkills) as SkillKey[],
    anyBonusSkills: system.anyBonusSkills === true,
    grants: grants.map((g) => ({ kind: str(g.kind), choose: num(g.choose, 1), options: list(g.options) })),
    extraFoci: num(system.extraFoci),
    extraCustomizationPoints: num(system.extraCustomizationPoints),
    runBonus: num(system.runBonus),
    lighterArmorForMovement: system.lighterArmorForMovement === true,
    dodgePenaltyReduction: num(system.dodgePenaltyReduction),
  };
}

export function creationFocus(id: string, system: Loose): CreationFocus {
  return { id, identifier: str(system.identifier), skill: str(system.skill) };
}

export function creationFeature(id: string, system: Loose): CreationFeature {
  return {
    id, identifier: str(system.identifier), level: num(system.level), prerequisites: list(system.prerequisites),
    repeatable: system.repeatable === true, allowedAtCreation: system.allowedAtCreation !== false,
  };
}

export function creationSpell(id: string, system: Loose): CreationSpell {
  const pair = str(system.pair);
  return { id, identifier: str(system.identifier), level: num(system.level), ...(pair ? { pair } : {}) };
}

/** Item types bought in the equipment step. */
export const GEAR_TYPES: readonly string[] = ["weapon", "armor", "shield", "equipment", "artifact", "enchantment"];

export function creationGear(id: string, type: string, system: Loose, equipped = false): CreationGear {
  const gear: CreationGear = { id, type, price: num(system.price), quantity: type === "weapon" || type === "equipment" ? num(system.quantity, 1) : 1, equipped };
  if (type === "armor" || type === "shield") gear.weight = (str(system.weight) || "none") as ArmorWeight;
  if (type === "armor" && system.resistances && typeof system.resistances === "object") {
    const resistances = {} as Resistances;
    for (const t of DAMAGE_TYPES) resistances[t] = num((system.resistances as Loose)[t]);
    gear.resistances = resistances;
  }
  return gear;
}

function granted(item: ItemSourceLike): boolean {
  return item.flags?.[BUILDER_SCOPE]?.[GRANTED_FLAG] === true;
}

function skillRanks(system: Loose): Record<SkillKey, number> {
  const skills = {} as Record<SkillKey, number>;
  const stored = (system.skills ?? {}) as Record<string, { rank?: unknown } | undefined>;
  for (const key of SKILL_KEYS) skills[key] = num(stored[key]?.rank, 12);
  return skills;
}

/**
 * A finished character read back as a build. The step-2 ranks, premade option and grants come
 * from `flags.clockwork.creation`; without it the current ranks count as step 2.
 */
export function buildFromActor(actor: ActorSourceLike): CreationBuild {
  const system = actor.system;
  const ranks = skillRanks(system);
  const record = actor.flags?.[BUILDER_SCOPE]?.[CREATION_FLAG] as Partial<CreationRecord> | undefined;
  const base = record?.skills ? { ...ranks, ...record.skills } : ranks;
  const customizedSkills: Partial<Record<SkillKey, number>> = {};
  for (const key of SKILL_KEYS) if (ranks[key] !== base[key]) customizedSkills[key] = ranks[key];
  const equippedIds = new Set(Object.values((system.equipped ?? {}) as Record<string, unknown>).filter((v): v is string => typeof v === "string" && v !== ""));
  const species = actor.items.find((i) => i.type === "species");
  const grantedItems = actor.items.filter(granted);
  const types = configKeys("damageTypes") as DamageType[];
  const allocation = emptyAllocation(types);
  for (const type of allocationTypes(allocation)) allocation[type] = num((system.resistanceAllocation as Loose | undefined)?.[type]);
  const id = (item: ItemSourceLike) => item._id ?? item.name;
  const own = actor.items.filter((i) => !granted(i));
  return {
    name: actor.name,
    premadeOption: record?.premadeOption ?? null,
    skills: base,
    species: species ? creationSpecies(species.system ?? {}, id(species)) : null,
    speciesBonusSkills: list(system.speciesBonusSkills),
    speciesResistance: str(system.speciesResistance),
    sizeChoice: str(system.sizeChoice),
    grants: record?.grants ?? [],
    grantedIdentifiers: grantedItems.map((i) => str(i.system?.identifier)).filter(Boolean),
    personalBonusSkill: str(system.personalBonusSkill),
    foci: own.filter((i) => i.type === "focus").map((i) => creationFocus(id(i), i.system ?? {})),
    customizedSkills,
    features: own.filter((i) => i.type === "feature").map((i) => creationFeature(id(i), i.system ?? {})),
    spells: own.filter((i) => i.type === "spell").map((i) => creationSpell(id(i), i.system ?? {})),
    resistanceAllocation: allocation,
    equipment: actor.items.filter((i) => GEAR_TYPES.includes(i.type)).map((i) => {
      const worn = i.type === "artifact" ? i.system?.equipped === true : equippedIds.has(id(i));
      return creationGear(id(i), i.type, i.system ?? {}, worn);
    }),
  };
}

/** What the review writes: the system update, the items to create, and the creation record. */
export interface ActorWrite {
  system: Loose;
  items: ItemSourceLike[];
  flags: { clockwork: { creation: CreationRecord } };
}

/** Sources of the chosen documents by id (UUIDs in the builder), fetched by the shell. */
export type SourceLookup = (id: string) => ItemSourceLike | undefined;

/** Prefer a stable temporary id so the equipped slots can point at items not created yet. */
function withId(source: ItemSourceLike, id: string): ItemSourceLike {
  const copy = structuredClone(source);
  copy._id = id;
  delete copy._key;
  delete copy.folder;
  return copy;
}

/**
 * The one write of the builder: ranks, picks, allocation and remaining currency in `system`,
 * every item (species, grants flagged, foci, features, spells, gear) with fresh ids, and the
 * equipped slots. `newId` makes the ids (Foundry's `randomID`; tests pass a counter).
 * Throws when a chosen document has no source, naming its id.
 */
export function actorDataFromBuild(build: CreationBuild, lookup: SourceLookup, newId: () => string, gearQuantities?: Readonly<Record<string, number>>): ActorWrite {
  const need = (id: string): ItemSourceLike => {
    const source = lookup(id);
    if (!source) throw new RangeError(`builder: no source for chosen document ${id} (every pick must resolve before the review writes)`);
    return source;
  };
  const items: ItemSourceLike[] = [];
  const add = (id: string, extraFlags?: Loose, system?: Loose): string => {
    const itemId = newId();
    const source = withId(need(id), itemId);
    // As core does when a compendium entry is dropped: remember where the item came from.
    if (id.startsWith("Compendium.")) source._stats = { ...(source._stats as Loose | undefined), compendiumSource: id };
    if (extraFlags) source.flags = { ...source.flags, [BUILDER_SCOPE]: { ...source.flags?.[BUILDER_SCOPE], ...extraFlags } };
    if (system) source.system = { ...source.system, ...system };
    items.push(source);
    return itemId;
  };
  // A world species names where it came from, so an approved one stays approved (species-approval.ts).
  if (build.species?.id) add(build.species.id, build.species.id.startsWith("Compendium.") ? undefined : { [SPECIES_ORIGIN_FLAG]: build.species.id });
  for (const id of build.grants) add(id, { [GRANTED_FLAG]: true });
  for (const focus of build.foci) add(focus.id);
  for (const feature of build.features) add(feature.id);
  for (const spell of build.spells) add(spell.id);
  const equipped = { mainHand: "", offHand: "", armor: "", shield: "" };
  const titanGrip = build.features.some((f) => f.identifier === "titan-grip");
  for (const gear of build.equipment) {
    const quantity = gearQuantities?.[gear.id] ?? gear.quantity;
    const stackable = gear.type === "weapon" || gear.type === "equipment";
    const itemId = add(gear.id, undefined, stackable ? { quantity } : undefined);
    if (!gear.equipped) continue;
    const source = items[items.length - 1];
    if (gear.type === "armor") equipped.armor = itemId;
    else if (gear.type === "shield") {
      equipped.shield = itemId;
      if (gear.weight !== "light" && equipped.offHand && equipped.offHand !== equipped.mainHand) equipped.offHand = "";
    } else if (gear.type === "weapon") {
      const hands = str(source.system?.hands);
      if (!equipped.mainHand) {
        equipped.mainHand = itemId;
        if (hands === "two" && !titanGrip) equipped.offHand = itemId;
      } else if (!equipped.offHand && (hands === "off" || titanGrip)) equipped.offHand = itemId;
    } else if (gear.type === "artifact") source.system = { ...source.system, equipped: true };
  }
  const summary = creationSummary(build);
  const skills = Object.fromEntries(SKILL_KEYS.map((k) => [k, { rank: summary.skills[k] }]));
  const allocation = {} as Resistances;
  for (const type of allocationTypes(build.resistanceAllocation)) allocation[type] = num(build.resistanceAllocation[type]);
  return {
    system: {
      skills,
      speciesBonusSkills: [...build.speciesBonusSkills],
      personalBonusSkill: build.personalBonusSkill,
      speciesResistance: build.species?.resistanceBonus === "any" ? build.speciesResistance : "",
      sizeChoice: build.species && build.species.sizeChoices.length > 0 ? build.sizeChoice : "",
      resistanceAllocation: allocation,
      currency: Math.max(0, summary.currency.left),
      mana: { value: summary.derived.mana },
      equipped,
    },
    items,
    flags: {
      clockwork: {
        creation: {
          premadeOption: build.premadeOption,
          skills: { ...build.skills } as Record<SkillKey, number>,
          grants: [...build.grants],
        },
      },
    },
  };
}
