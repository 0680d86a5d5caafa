/**
 * Entry point: registers the CLOCKWORK configuration, the data models, the document classes,
 * the token-bar attributes, the sheets and the roll classes during `init`, and exposes the API as
 * `game.clockwork` (the actor's own methods are declared on ClockworkActor).
 */
import { registerSheets } from "./applications";
import { registerBuilder } from "./applications/builder/register";
import { registerLootSheet } from "./applications/sheets/loot-sheet";
import { registerPartySheet } from "./applications/sheets/party-sheet";
import { registerPartyRules } from "./documents/party";
import { registerAttack } from "./combat/attack";
import { registerCombat } from "./combat";
import { registerMovement } from "./canvas/movement";
import { registerMagic } from "./magic";
import { registerRelay } from "./relay";
import { CLOCKWORK, type ClockworkConfig } from "./config";
import { config as actorModels } from "./data/actor";
import type { CharacterData, LootData, NpcData, PartyData } from "./data/actor";
import { config as itemModels } from "./data/item";
import type {
  ArmorData, ArtifactData, EnchantmentData, EquipmentData, FeatureData, FocusData, ShieldData, SpeciesData, SpellData,
  WeaponData,
} from "./data/item";
import { diceApi, registerDice } from "./dice/register";
import { systemApi } from "./foundry";

import { ClockworkActor, ClockworkItem } from "./documents";
import { registerAnimations } from "./integrations/animations";
import { registerBabele } from "./integrations/babele";
import { registerCardData } from "./integrations/card-data";
import { registerItemPiles } from "./integrations/item-piles";
import { registerEnrichers } from "./enrichers";
import { registerMigrations } from "./migrations";
import { registerSelfTest } from "./selftest/register";
import { registerMacros } from "./macros";
import { registerSettingModules } from "./setting-modules/load";

/** Token bars and values offered in the token configuration. */
const TRACKABLE = {
  bar: ["health", "mana", "luck"],
  value: ["health.hits", "health.wounds", "health.barrier", "xp.earned", "currency"],
};

/** Everything `init` registers; exported so the test world can run it on each client. */
export function initClockwork(): void {
  CONFIG.CLOCKWORK = CLOCKWORK;
  // Setting modules' lists first: the data models and status effects read them (issue 31).
  registerSettingModules();
  Object.assign(CONFIG.Actor.dataModels, actorModels);
  Object.assign(CONFIG.Item.dataModels, itemModels);
  CONFIG.Actor.documentClass = ClockworkActor;
  CONFIG.Item.documentClass = ClockworkItem;
  CONFIG.Actor.trackableAttributes = { character: TRACKABLE, npc: TRACKABLE };
  registerSheets();
  registerLootSheet();
  registerPartySheet();
  registerPartyRules();
  registerDice();
  registerMigrations();
  Object.assign(systemApi(), diceApi);
  registerSelfTest();
  registerBuilder();
  registerRelay();
  registerAttack();
  registerCombat();
  registerMovement();
  registerMagic();
  registerItemPiles();
  registerAnimations();
  registerCardData();
  registerEnrichers();
  registerBabele();
  registerMacros();
}

Hooks.once("init", initClockwork);

declare global {
  interface CONFIG {
    CLOCKWORK: ClockworkConfig;
  }
}

declare module "fvtt-types/configuration" {
  interface DocumentClassConfig {
    Actor: typeof ClockworkActor;
    Item: typeof ClockworkItem;
  }

  interface DataModelConfig {
    Actor: {
      character: typeof CharacterData;
      npc: typeof NpcData;
      loot: typeof LootData;
      party: typeof PartyData;
    };
    Item: {
      species: typeof SpeciesData;
      focus: typeof FocusData;
      feature: typeof FeatureData;
      spell: typeof SpellData;
      weapon: typeof WeaponData;
      armor: typeof ArmorData;
      shield: typeof ShieldData;
      equipment: typeof EquipmentData;
      artifact: typeof ArtifactData;
      enchantment: typeof EnchantmentData;
    };
  }

  interface FlagConfig {
    Item: {
      clockwork: { grantedBySpecies?: boolean };
    };
  }
}
