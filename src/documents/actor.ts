/**
 * The system's Actor document. Derived numbers come from the system models; this class adds
 * the write operations the sheets call: applying a species, equipping, stowing, and token-bar
 * edits of vitals.
 */
import { CLOCKWORK, type EquipSlot } from "../config";
import { localize, localizedError, resolveUuid } from "../foundry";
import { CARRY_SLOTS } from "../rules";
import { EquipError, planEquip, withoutItem, type EquipCandidate, type EquippedSlots } from "./equip-plan";
import { REPLACE_SPECIES_OPTION, type ClockworkItem } from "./item";
import { describePickProblem, resolveSpeciesPicks, type SpeciesPicks, type SpeciesRules } from "./species-picks";
import { creatureSystem, itemSystem, type CreatureSystem } from "./system";

/** Flag scope and key that mark items a species granted, so a new species removes them. */
const FLAG_SCOPE = "clockwork";
const GRANTED_BY_SPECIES = "grantedBySpecies";

/** Artifacts per body position; rings are worn in pairs (digest §1.35). */
const ARTIFACT_SLOT_LIMIT: Record<string, number> = { ring: 2 };

/** Identifier of the feature that lets a character hold two-handed weapons in one hand. */
const TITAN_GRIP = "titan-grip";

interface ItemSource {
  name: string;
  type: string;
  system: Record<string, unknown>;
  flags?: Record<string, Record<string, unknown>>;
  _id?: string | null;
  [key: string]: unknown;
}

function sourceOf(document: unknown): ItemSource {
  const doc = document as { toObject?: () => ItemSource };
  if (typeof doc?.toObject === "function") return doc.toObject();
  return foundry.utils.deepClone(document as ItemSource);
}

export class ClockworkActor extends Actor {
  /** The system data, typed: every actor type here has the character core. */
  get creature(): CreatureSystem {
    return creatureSystem(this);
  }

  /** The species item, if one has been applied. */
  get species(): ClockworkItem | undefined {
    return this.items.find((item) => item.type === "species") as ClockworkItem | undefined;
  }

  /** Whether the actor owns a feature with this identifier ("diehard"). */
  hasFeature(identifier: string): boolean {
    return this.items.some((item) => item.type === "feature" && (item as ClockworkItem).identifier === identifier);
  }

  /**
   * Apply a species (an Item document or its source): validate the picks, add the species and
   * its granted foci and spells, then remove any previous species and what it granted, and
   * store the picks. Nothing changes when a pick is invalid.
   */
  async applySpecies(species: unknown, picks: SpeciesPicks): Promise<ClockworkItem> {
    const source = sourceOf(species);
    if (source.type !== "species") throw localizedError("CLOCKWORK.Error.Species.NotSpecies", { name: source.name });
    const resolved = resolveSpeciesPicks(source.system as unknown as SpeciesRules, picks, this.creature.personalBonusSkill);
    if (resolved.problems.length) {
      throw new Error(resolved.problems.map(describePickProblem).join(" "));
    }

    const granted = await Promise.all(resolved.grants.map(({ uuid, kind }) => this.#grantSource(uuid, kind)));
    delete source._id;
    const previous = this.items.filter((item) => item.type === "species" || item.getFlag(FLAG_SCOPE, GRANTED_BY_SPECIES) === true);

    const created = (await this.createEmbeddedDocuments("Item", [source, ...granted] as Item.CreateData[], {
      [REPLACE_SPECIES_OPTION]: true,
    } as Item.Database.CreateOperation<false>)) ?? [];
    const added = created[0] as ClockworkItem | undefined;
    if (!added) throw localizedError("CLOCKWORK.Error.Species.NotCreated", { name: source.name });
    if (previous.length) await this.deleteEmbeddedDocuments("Item", previous.map((item) => item.id as string));
    await this.update({
      system: {
        speciesBonusSkills: resolved.speciesBonusSkills,
        speciesResistance: resolved.speciesResistance,
        sizeChoice: resolved.sizeChoice,
      },
    } as Actor.UpdateData);
    return added;
  }

  async #grantSource(uuid: string, kind: string): Promise<ItemSource> {
    const document = await resolveUuid(uuid);
    if (!document) throw localizedError("CLOCKWORK.Error.Species.GrantMissing", { uuid });
    const source = sourceOf(document);
    if (source.type !== kind) throw localizedError("CLOCKWORK.Error.Species.GrantKind", { name: source.name, kind });
    delete source._id;
    source.flags = { ...source.flags, [FLAG_SCOPE]: { ...source.flags?.[FLAG_SCOPE], [GRANTED_BY_SPECIES]: true } };
    return source;
  }

  #candidate(item: Item.Implementation | undefined): EquipCandidate | undefined {
    if (!item) return undefined;
    const system = item.system as { hands?: string; weight?: string };
    return { id: item.id as string, type: item.type, hands: system.hands, weight: system.weight };
  }

  #ownedItem(item: Item.Implementation): Item.Implementation {
    const owned = item.id ? this.items.get(item.id) : undefined;
    if (owned !== item) throw localizedError("CLOCKWORK.Error.Equip.NotOwned", { name: item.name });
    return owned;
  }

  /**
   * Equip an owned weapon, armor, shield or artifact. Weapons take the requested hand or the
   * natural one; anything displaced is unequipped. Throws a localized error when not allowed.
   */
  async equip(item: Item.Implementation, slot?: EquipSlot): Promise<void> {
    const owned = this.#ownedItem(item);
    if (owned.type === "artifact") return this.#equipArtifact(owned);
    let next: EquippedSlots;
    try {
      next = planEquip(this.creature.equipped, this.#candidate(owned) as EquipCandidate, slot, {
        titanGrip: this.hasFeature(TITAN_GRIP),
        lookup: (id) => this.#candidate(this.items.get(id)),
      });
    } catch (err) {
      if (err instanceof EquipError) throw localizedError(err.key, err.data);
      throw err;
    }
    await this.update({ system: { equipped: next } } as Actor.UpdateData);
  }

  async #equipArtifact(artifact: Item.Implementation): Promise<void> {
    const slot = itemSystem(artifact, "artifact")?.slot ?? "";
    const limit = ARTIFACT_SLOT_LIMIT[slot] ?? 1;
    const worn = this.items.filter((i) => {
      const other = i === artifact ? undefined : itemSystem(i, "artifact");
      return other?.equipped === true && other.slot === slot;
    });
    if (worn.length >= limit) {
      throw localizedError("CLOCKWORK.Error.Equip.ArtifactSlotFull", { slot: localize(CLOCKWORK.artifactSlots[slot]?.label ?? slot), limit });
    }
    await artifact.update({ system: { equipped: true } } as Item.UpdateData);
  }

  /** Unequip an owned item from every slot it occupies. */
  async unequip(item: Item.Implementation): Promise<void> {
    const owned = this.#ownedItem(item);
    if (owned.type === "artifact") {
      await owned.update({ system: { equipped: false } } as Item.UpdateData);
      return;
    }
    await this.update({ system: { equipped: withoutItem(this.creature.equipped, owned.id as string) } } as Actor.UpdateData);
  }

  /** Move an owned weapon or equipment into a container, respecting belt and bandolier slots. */
  async stow(item: Item.Implementation, container: "backpack" | "belt" | "bandolier"): Promise<void> {
    const owned = this.#ownedItem(item);
    if (owned.type !== "weapon" && owned.type !== "equipment") throw localizedError("CLOCKWORK.Error.Equip.NotEquippable", { type: owned.type });
    if (container !== "backpack") {
      const carried = (i: Item.Implementation) => (i === owned ? undefined : (itemSystem(i, "weapon") ?? itemSystem(i, "equipment")));
      const quantity = (itemSystem(owned, "weapon") ?? itemSystem(owned, "equipment"))?.quantity ?? 0;
      const used = this.items.reduce((sum, i) => {
        const other = carried(i);
        return other?.container === container ? sum + other.quantity : sum;
      }, 0);
      const max = CARRY_SLOTS[container];
      if (used + quantity > max) throw localizedError("CLOCKWORK.Error.ContainerFull", { container: localize(CLOCKWORK.containers[container].label), max });
    }
    await owned.update({ system: { container } } as Item.UpdateData);
  }

  /** Token bars: "health" edits remaining vitals, which are stored as vitals lost. */
  override async modifyTokenAttribute(attribute: string, value: number, isDelta = false, isBar = true): Promise<this | undefined> {
    if (attribute !== "health") return super.modifyTokenAttribute(attribute, value, isDelta, isBar);
    const { value: remaining, max } = this.creature.health;
    const target = Math.min(max, Math.max(0, isDelta ? remaining + value : value));
    return this.update({ system: { health: { vitalsLost: max - target } } } as Actor.UpdateData);
  }
}
