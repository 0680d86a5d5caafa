/** The system's Item document. */
import { warn } from "../foundry";

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
    const owner = this.parent;
    const replacing = (options as Record<string, unknown>)[REPLACE_SPECIES_OPTION] === true;
    if (this.type === "species" && owner && !replacing && owner.items.some((i) => i.type === "species")) {
      warn("CLOCKWORK.Error.Species.OnlyOne");
      return false;
    }
  }
}
