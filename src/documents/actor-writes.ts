/**
 * The write operations of ClockworkActor (applying a species, equipping, stowing), loaded with
 * `import()` on first use so the hand rules and the species steps stay out of start-up. The
 * methods on the class keep their signatures and delegate here.
 */
import { CLOCKWORK, type EquipSlot } from "../config";
import { localize, localizedError } from "../foundry";
import { CARRY_SLOTS } from "../rules";
import { EquipError, planEquip, withoutItem, type EquipCandidate, type EquippedSlots } from "./equip-plan";
import { REPLACE_SPECIES_OPTION, type ClockworkItem } from "./item";
import { applySpeciesTo, type SpeciesActor } from "./species-apply";
import type { SpeciesPicks } from "./species-picks";
import { itemSystem, type CreatureSystem } from "./system";
import { ARTIFACT_SLOT_LIMIT, TITAN_GRIP } from "./write-constants";

/** What these operations need of the actor (ClockworkActor fits). */
export interface WritingActor {
  creature: CreatureSystem;
  items: Actor.Implementation["items"];
  hasFeature(identifier: string): boolean;
  update(changes: Actor.UpdateData): Promise<unknown>;
}

export function applySpecies(actor: WritingActor, species: unknown, picks: SpeciesPicks): Promise<ClockworkItem> {
  return applySpeciesTo<ClockworkItem>(actor as unknown as SpeciesActor, species, picks, { [REPLACE_SPECIES_OPTION]: true });
}

function candidate(item: Item.Implementation | undefined): EquipCandidate | undefined {
  if (!item) return undefined;
  const system = item.system as { hands?: string; weight?: string };
  return { id: item.id as string, type: item.type, hands: system.hands, weight: system.weight };
}

function ownedItem(actor: WritingActor, item: Item.Implementation): Item.Implementation {
  const owned = item.id ? actor.items.get(item.id) : undefined;
  if (owned !== item) throw localizedError("CLOCKWORK.Error.Equip.NotOwned", { name: item.name });
  return owned;
}

export async function equip(actor: WritingActor, item: Item.Implementation, slot?: EquipSlot): Promise<void> {
  const owned = ownedItem(actor, item);
  if (owned.type === "artifact") return equipArtifact(actor, owned);
  let next: EquippedSlots;
  try {
    next = planEquip(actor.creature.equipped, candidate(owned) as EquipCandidate, slot, {
      titanGrip: actor.hasFeature(TITAN_GRIP),
      lookup: (id) => candidate(actor.items.get(id)),
    });
  } catch (err) {
    if (err instanceof EquipError) throw localizedError(err.key, err.data);
    throw err;
  }
  await actor.update({ system: { equipped: next } } as Actor.UpdateData);
}

async function equipArtifact(actor: WritingActor, artifact: Item.Implementation): Promise<void> {
  const slot = itemSystem(artifact, "artifact")?.slot ?? "";
  const limit = ARTIFACT_SLOT_LIMIT[slot] ?? 1;
  const worn = actor.items.filter((i) => {
    const other = i === artifact ? undefined : itemSystem(i, "artifact");
    return other?.equipped === true && other.slot === slot;
  });
  if (worn.length >= limit) {
    throw localizedError("CLOCKWORK.Error.Equip.ArtifactSlotFull", { slot: localize(CLOCKWORK.artifactSlots[slot]?.label ?? slot), limit });
  }
  await artifact.update({ system: { equipped: true } } as Item.UpdateData);
}

export async function unequip(actor: WritingActor, item: Item.Implementation): Promise<void> {
  const owned = ownedItem(actor, item);
  if (owned.type === "artifact") {
    await owned.update({ system: { equipped: false } } as Item.UpdateData);
    return;
  }
  await actor.update({ system: { equipped: withoutItem(actor.creature.equipped, owned.id as string) } } as Actor.UpdateData);
}

export async function stow(actor: WritingActor, item: Item.Implementation, container: "backpack" | "belt" | "bandolier"): Promise<void> {
  const owned = ownedItem(actor, item);
  if (owned.type !== "weapon" && owned.type !== "equipment") throw localizedError("CLOCKWORK.Error.Equip.NotEquippable", { type: owned.type });
  if (container !== "backpack") {
    const carried = (i: Item.Implementation) => (i === owned ? undefined : (itemSystem(i, "weapon") ?? itemSystem(i, "equipment")));
    const quantity = (itemSystem(owned, "weapon") ?? itemSystem(owned, "equipment"))?.quantity ?? 0;
    const used = actor.items.reduce((sum, i) => {
      const other = carried(i);
      return other?.container === container ? sum + other.quantity : sum;
    }, 0);
    const max = CARRY_SLOTS[container];
    if (used + quantity > max) throw localizedError("CLOCKWORK.Error.ContainerFull", { container: localize(CLOCKWORK.containers[container].label), max });
  }
  await owned.update({ system: { container } } as Item.UpdateData);
}
