/** Actor data models by type, as registered in `CONFIG.Actor.dataModels`. */
import { CharacterData } from "./character";
import { NpcData } from "./npc";

export { CharacterData, NpcData };
export type { ActorDerivedData } from "./derived";
export { deriveActorData } from "./derive";

export const config = {
  character: CharacterData,
  npc: NpcData,
} as const;

export type ActorType = keyof typeof config;
