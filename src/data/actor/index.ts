/** Actor data models by type, as registered in `CONFIG.Actor.dataModels`. */
import { CharacterData } from "./character";
import { LootData } from "./loot";
import { NpcData } from "./npc";

export { CharacterData, LootData, NpcData };
export type { ActorDerivedData } from "./derived";
export { deriveActorData } from "./derive";

export const config = {
  character: CharacterData,
  npc: NpcData,
  loot: LootData,
} as const;

export type ActorType = keyof typeof config;
