/** Actor data models by type, as registered in `CONFIG.Actor.dataModels`. */
import { CharacterData } from "./character";
import { LootData } from "./loot";
import { NpcData } from "./npc";
import { PartyData } from "./party";

export { CharacterData, LootData, NpcData, PartyData };
export { PARTY_MEMBER_TYPES, resolvePartyMembers, type PartyMemberActor } from "./party";
export type { ActorDerivedData } from "./derived";
export { deriveActorData } from "./derive";

export const config = {
  character: CharacterData,
  npc: NpcData,
  loot: LootData,
  party: PartyData,
} as const;

export type ActorType = keyof typeof config;
