/**
 * A small setting module for the tests (not the example module in modules/): "Frostmarch" adds
 * a focus, a weapon group and property, a damage type, a condition, a currency name and a
 * species ability kind, and ships a pack with a species, a focus and a weapon that use them.
 * "Broken" is a module whose declaration has bad entries beside one good one.
 */
import type { WorldModuleSpec } from "../world";

export const FROST_SPECIES = "frostSpecies0001";
export const FROST_FOCUS = "frostFocusIceAx1";
export const FROST_LANCE = "frostWeaponLance";

export const frostDeclaration = {
  version: 1,
  foci: { strength: { iceAxes: { label: { en: "Ice axes", de: "Eisäxte" }, hint: { en: "Axes forged for the cold." } } } },
  weaponGroups: { iceLances: { label: { en: "Ice lances", de: "Eislanzen" }, kind: "melee" } },
  weaponProperties: { brittle: { label: "FROSTMARCH.Brittle", hint: { en: "Shatters on a proc." } } },
  damageTypes: { frost: { label: { en: "Frost", de: "Frost" }, abbreviation: "F" } },
  conditions: { numbed: { label: { en: "Numbed" }, description: { en: "Cold to the bone: every action costs one counter more." }, rulesAs: "stunned" } },
  currency: { label: { en: "Shards", de: "Splitter" }, abbreviation: { en: "sh" } },
  speciesAbilityKinds: { coldBlood: { label: { en: "Cold blood" } } },
};

const frostPack = [
  {
    _id: FROST_SPECIES, name: "Frostkin", type: "species",
    system: { identifier: "frostkin", size: "medium", resistanceBonus: "frost", bonusSkills: ["strength", "stamina", "will"] },
  },
  { _id: FROST_FOCUS, name: "Ice axes", type: "focus", system: { identifier: "ice-axes", skill: "strength", weaponGroup: "iceLances" } },
  {
    _id: FROST_LANCE, name: "Ice lance", type: "weapon",
    system: { identifier: "ice-lance", category: "melee", group: "iceLances", hands: "main", counters: 2, damage: { dice: 8, types: ["frost"] }, properties: [{ key: "brittle", damageType: "" }] },
  },
];

export function frostmarch(overrides: Partial<WorldModuleSpec> = {}): WorldModuleSpec {
  return {
    manifest: {
      id: "frostmarch",
      title: "Frostmarch",
      version: "1.0.0",
      relationships: { systems: [{ id: "clockwork", type: "system" }] },
      flags: { clockwork: frostDeclaration },
      packs: [{ name: "frost-gear", label: "Frostmarch gear", type: "Item", system: "clockwork" }],
    },
    packs: { "frost-gear": frostPack },
    lang: { FROSTMARCH: { Brittle: "Brittle" } },
    ...overrides,
  };
}

/** Two good entries among bad ones: the good ones load, each bad one is reported by path. */
export const brokenDeclaration = {
  version: 1,
  weaponGroups: {
    sword: { label: { en: "Swords again" }, kind: "melee" },
    whips: { label: { en: "Whips" }, kind: "flexible" },
    chains: { label: { en: "Chains" }, kind: "melee" },
  },
  damageTypes: { acid: { label: { en: "Acid" }, abbreviation: "B" } },
  conditions: { dazed: { label: { en: "Dazed" }, description: { en: "Seeing stars." }, rulesAs: "sleepy" } },
  spells: { fireball: {} },
  weaponProperties: { "Bad-Key": { label: { en: "Bad" } }, barbed: { label: { en: "Barbed" } } },
};

export function broken(): WorldModuleSpec {
  return {
    manifest: {
      id: "broken-setting",
      title: "Broken setting",
      relationships: { systems: [{ id: "clockwork" }] },
      flags: { clockwork: brokenDeclaration },
    },
  };
}

/** A module for another system, and one that names ClockWork but is switched off: neither is read. */
export const bystanders: WorldModuleSpec[] = [
  { manifest: { id: "other-system-content", relationships: { systems: [{ id: "dnd5e" }] }, flags: { clockwork: { version: 1, damageTypes: { psychic: { label: { en: "Psychic" }, abbreviation: "Y" } } } } } },
  { manifest: { id: "switched-off", relationships: { systems: [{ id: "clockwork" }] }, flags: { clockwork: { version: 1, damageTypes: { sonic: { label: { en: "Sonic" }, abbreviation: "So" } } } } }, active: false },
];
