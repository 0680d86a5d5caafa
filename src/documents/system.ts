/** Typed access to the system data of this system's actor and item types. */
import type { CharacterData, NpcData } from "../data/actor";
import type { config as itemModels } from "../data/item";

type ItemModels = typeof itemModels;
export type ItemSystem<T extends keyof ItemModels> = InstanceType<ItemModels[T]>;

/** The system data of `item` when it is of `type`, else undefined. */
export function itemSystem<T extends keyof ItemModels>(item: { type: string; system: unknown } | undefined, type: T): ItemSystem<T> | undefined {
  return item?.type === type ? (item.system as ItemSystem<T>) : undefined;
}

/** Every actor type of the system is a creature with the character core. */
export type CreatureSystem = CharacterData | NpcData;

export function creatureSystem(actor: { system: unknown }): CreatureSystem {
  return actor.system as CreatureSystem;
}
