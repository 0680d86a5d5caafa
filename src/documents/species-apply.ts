/**
 * Applying a species to an actor, all or nothing: the new species and its granted foci and
 * spells are created, the picks stored, and only then the old species and its grants removed.
 *
 * Foundry v13 does not throw when it refuses a write: `createEmbeddedDocuments` skips an
 * invalid entry and creates the rest, `update` resolves `undefined`, a refused delete resolves
 * a shorter array. Each step's result is therefore checked, and a failed step undoes the
 * earlier ones, so the actor keeps its old species. Picks already as stored are no change, not
 * a refusal (core resolves `undefined` for an empty diff too): `updateDocument` tells them apart.
 */
import { currentUser, localizedError, resolveUuid, updateDocument } from "../foundry";
import { SPECIES_ORIGIN_FLAG } from "./species-origin";
import { describePickProblem, resolveSpeciesPicks, type SpeciesPicks, type SpeciesRules } from "./species-picks";

/** Flag scope and key that mark items a species granted, so a new species removes them. */
export const FLAG_SCOPE = "clockwork";
export const GRANTED_BY_SPECIES = "grantedBySpecies";

interface ItemSource {
  name: string;
  type: string;
  system: Record<string, unknown>;
  flags?: Record<string, Record<string, unknown>>;
  _stats?: Record<string, unknown>;
  _id?: string | null;
  [key: string]: unknown;
}

interface SourceDocument {
  uuid?: string;
  pack?: string | null;
  toObject?: () => ItemSource;
}

interface OwnedItem {
  id: string | null;
  type: string;
  getFlag(scope: string, key: string): unknown;
}

/** What applying a species needs of the actor (ClockworkActor fits). */
export interface SpeciesActor {
  items: { filter(fn: (item: OwnedItem) => boolean): OwnedItem[] };
  creature: { personalBonusSkill: string; speciesBonusSkills: readonly string[]; speciesResistance: string; sizeChoice: string };
  createEmbeddedDocuments(type: "Item", data: object[], options?: object): Promise<unknown[] | undefined>;
  deleteEmbeddedDocuments(type: "Item", ids: string[]): Promise<unknown[] | undefined>;
  update(changes: object, options?: object): Promise<unknown>;
}

/**
 * A document's source for a new copy, without its id. A compendium document records where it
 * came from in `_stats.compendiumSource`, as core's own import does, so a later look at the
 * actor can tell which compendium entries it holds.
 */
export function copySource(document: unknown): ItemSource {
  const doc = document as SourceDocument;
  const source = typeof doc?.toObject === "function" ? doc.toObject() : foundry.utils.deepClone(document as ItemSource);
  delete source._id;
  if (doc?.pack && doc.uuid) source._stats = { ...source._stats, compendiumSource: doc.uuid };
  // A world species names where it came from, so an approved one stays approved (species-approval.ts).
  else if (source.type === "species" && doc?.uuid) {
    source.flags = { ...source.flags, [FLAG_SCOPE]: { ...source.flags?.[FLAG_SCOPE], [SPECIES_ORIGIN_FLAG]: doc.uuid } };
  }
  return source;
}

async function grantSource(uuid: string, kind: string): Promise<ItemSource> {
  const document = await resolveUuid(uuid);
  if (!document) throw localizedError("CLOCKWORK.Error.Species.GrantMissing", { uuid });
  const source = copySource(document);
  if (source.type !== kind) throw localizedError("CLOCKWORK.Error.Species.GrantKind", { name: source.name, kind });
  // The option's UUID is what the species dialog pre-selects from on a later reconfigure.
  source._stats = { ...source._stats, compendiumSource: uuid };
  source.flags = { ...source.flags, [FLAG_SCOPE]: { ...source.flags?.[FLAG_SCOPE], [GRANTED_BY_SPECIES]: true } };
  return source;
}

function idsOf(documents: readonly unknown[]): string[] {
  return documents.map((d) => (d as { id?: string | null }).id).filter((id): id is string => typeof id === "string");
}

/**
 * Validates the picks, then applies the species; resolves the new species item. Throws a
 * localized error, with the actor unchanged, when a pick is invalid, a grant cannot be found,
 * or Foundry refuses any of the writes.
 */
export async function applySpeciesTo<T>(actor: SpeciesActor, species: unknown, picks: SpeciesPicks, createOptions: object): Promise<T> {
  const source = copySource(species);
  if (source.type !== "species") throw localizedError("CLOCKWORK.Error.Species.NotSpecies", { name: source.name });
  // A custom species waits for the GM's approval before a player plays it (docs/rulings.md 175).
  const approval = source.system as { custom?: boolean; approved?: boolean };
  if (approval.custom === true && approval.approved !== true && currentUser<{ isGM: boolean }>()?.isGM !== true) {
    throw localizedError("CLOCKWORK.Error.Species.Unapproved", { name: source.name });
  }
  const resolved = resolveSpeciesPicks(source.system as unknown as SpeciesRules, picks, actor.creature.personalBonusSkill);
  if (resolved.problems.length) throw new Error(resolved.problems.map(describePickProblem).join(" "));
  const granted = await Promise.all(resolved.grants.map(({ uuid, kind }) => grantSource(uuid, kind)));
  const previous = actor.items.filter((item) => item.type === "species" || item.getFlag(FLAG_SCOPE, GRANTED_BY_SPECIES) === true);
  const before = actor.creature;
  const oldPicks = { speciesBonusSkills: [...before.speciesBonusSkills], speciesResistance: before.speciesResistance, sizeChoice: before.sizeChoice };
  const refused = () => localizedError("CLOCKWORK.Error.Species.NotApplied", { name: source.name });

  const wanted = [source, ...granted];
  const created = (await actor.createEmbeddedDocuments("Item", wanted, createOptions)) ?? [];
  const undoCreate = async () => { if (created.length) await actor.deleteEmbeddedDocuments("Item", idsOf(created)); };
  if (created.length !== wanted.length) {
    await undoCreate();
    throw refused();
  }

  const stored = await updateDocument(actor, {
    system: { speciesBonusSkills: resolved.speciesBonusSkills, speciesResistance: resolved.speciesResistance, sizeChoice: resolved.sizeChoice },
  });
  if (stored === "refused") {
    await undoCreate();
    throw refused();
  }

  const oldIds = idsOf(previous);
  if (oldIds.length) {
    const deleted = (await actor.deleteEmbeddedDocuments("Item", oldIds)) ?? [];
    if (deleted.length !== oldIds.length) {
      await undoCreate();
      await updateDocument(actor, { system: oldPicks });
      throw refused();
    }
  }
  return created[0] as T;
}
