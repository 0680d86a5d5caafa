/**
 * The system's Item document. Writes to owned items keep the carry, artifact-slot and hand
 * rules (write-rules.ts, from the `_pre*` methods); deleting
 * owned items unequips them first; sources of an older shape are brought up to date as they
 * are read (src/migrations/).
 */
import { warn } from "../foundry";
import { markForPersist, migrateItemSource } from "../migrations/steps";
import { guardItemCreates, guardItemUpdate, releaseDeletedItems } from "./write-rules";
import { guardSpeciesCreate, guardSpeciesUpdate } from "./species-approval";

/** Kebab-case slug of a name ("Improved Critical" → "improved-critical"). */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Creation option that lets `ClockworkActor#applySpecies` add a species before removing the old one. */
export const REPLACE_SPECIES_OPTION = "clockworkReplaceSpecies";

export class ClockworkItem extends Item {
  /** The identifier rules code matches: the stored one, or a slug of the name. */
  get identifier(): string {
    return (this.system as { identifier?: string }).identifier || slugify(this.name);
  }

  // An actor has one species; a second one arrives only through applySpecies.
  protected override async _preCreate(
    data: Item.CreateData,
    options: Item.Database.PreCreateOptions,
    user: User.Implementation,
  ): Promise<boolean | void> {
    if ((await super._preCreate(data, options, user)) === false) return false;
    // Only a GM approves a custom species (species-approval.ts).
    if (!guardSpeciesCreate(this as never, user)) return false;
    const owner = this.parent;
    const replacing = (options as Record<string, unknown>)[REPLACE_SPECIES_OPTION] === true;
    if (this.type === "species" && owner && !replacing && owner.items.some((i) => i.type === "species")) {
      warn("CLOCKWORK.Error.Species.OnlyOne");
      return false;
    }
  }

  /** Older shapes are migrated as the source is read, and marked for the world migration to persist. */
  protected override _initializeSource(data: Item.CreateData | this, options?: Parameters<Item["_initializeSource"]>[1]): ReturnType<Item["_initializeSource"]> {
    const source = data instanceof foundry.abstract.DataModel ? data.toObject() : data;
    migrateItemSource(source, markForPersist);
    return super._initializeSource(source as Item.CreateData, options);
  }

  /** The rules every write keeps (write-rules.ts); false refuses the write. */
  protected override async _preUpdate(changes: Item.UpdateData, options: Item.Database.PreUpdateOptions, user: User.Implementation): Promise<boolean | void> {
    if ((await super._preUpdate(changes, options, user)) === false) return false;
    if (!guardSpeciesUpdate(this as never, changes as Record<string, unknown>, user)) return false;
    if (!guardItemUpdate(this as never, changes as Record<string, unknown>, options as Record<string, unknown>)) return false;
  }

  /** Items arriving on an actor, one by one or in a batch, fit its belt, bandolier and body slots. */
  protected static override async _preCreateOperation(
    documents: Item.Implementation[],
    operation: Parameters<typeof Item._preCreateOperation>[1],
    user: User.Implementation,
  ): Promise<boolean | void> {
    if ((await super._preCreateOperation(documents, operation, user)) === false) return false;
    guardItemCreates(documents as never[]);
  }

  /** Deleting owned items takes them out of the equipped slots first, in one write per actor. */
  protected static override async _preDeleteOperation(
    documents: Item.Implementation[],
    operation: Parameters<typeof Item._preDeleteOperation>[1],
    user: User.Implementation,
  ): Promise<boolean | void> {
    if ((await super._preDeleteOperation(documents, operation, user)) === false) return false;
    await releaseDeletedItems(documents as never[]);
  }
}
