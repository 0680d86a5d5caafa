/**
 * Equipment and magic-item packs: counts, the book's numbers (digest §1.24–1.36) and the
 * rulings applied to them. Generic checks (ids, schema, compile) live in the shared harness.
 */
import { describe, expect, it } from "vitest";
import {
  ACTION_COSTS, ARMOR_CONSTRUCTION, BLOCK_BONUS, GRENADE, MISSILE, MISSILE_PAYLOAD_TABLE,
  MISSILE_PROPULSION_SPEED, PREBUILT_ARMORS, SHIELD_PRICE,
} from "../../src/rules/tables";
import { DAMAGE_TYPES, MISSILE_GUIDANCE } from "../../src/rules/types";
import { isMedicalEquipment } from "../../src/rules/conditions";
import { documents, documentUuids, folders, inFolder as folderItems, items, named as namedItem, type SourceDocument } from "./load-sources";

type SourceDoc = SourceDocument & { system: Record<string, unknown> & { description?: string; identifier?: string } };

const PACKS = ["armor", "weapons", "explosives", "alchemy", "magic-items"] as const;
const packs = Object.fromEntries(PACKS.map((p) => [p, { items: items(p) as SourceDoc[], folders: folders(p) }])) as
  Record<(typeof PACKS)[number], { items: SourceDoc[]; folders: SourceDocument[] }>;
const uuids = documentUuids();
const target = (uuid: string): SourceDocument | undefined => uuids.get(uuid)?.doc;
const inFolder = (pack: string, folderName: string): SourceDoc[] => folderItems(pack, folderName) as SourceDoc[];
const named = (pack: string, name: string): SourceDoc => namedItem(pack, name) as SourceDoc;

const sys = <T>(doc: SourceDoc, key: string): T => doc.system[key] as T;
interface Damage { dice: number; types: string[] }
interface Property { key: string; damageType: string }
interface ConditionRef { key: string; trigger: string }

const LETTER: Record<string, string> = { B: "ballistic", L: "blunt", N: "energy", P: "piercing", S: "slashing", X: "explosive" };
const HANDS: Record<string, string> = { M: "main", O: "off", T: "two" };
const PROPERTY: Record<string, string> = {
  "Arc Shot": "arcShot", "Armor Piercing": "armorPiercing", Autofire: "autofire", "Autofire only": "autofireOnly",
  "Double Shot": "doubleShot", "Dual Wield": "dualWield", Entangle: "entangle", Finesse: "finesse", Flourish: "flourish",
  Parry: "parry", Reach: "reach", "Shot or Slug": "shotOrSlug", Stunning: "stunning", Thrown: "thrown",
  Wounding: "wounding", "Burning on hit": "burningOnHit",
};

/** "Stunning (L), Reach" → [{ stunning, blunt }, { reach, "" }] */
function properties(text: string): Property[] {
  if (!text) return [];
  return text.split(",").map((raw) => {
    const [, label, tag] = raw.trim().match(/^(.*?)(?: \(([A-Z])\))?$/) ?? [];
    return { key: PROPERTY[label], damageType: tag ? LETTER[tag] : "" };
  });
}

// Digest §1.28, transcribed from the book: name | group | hands | AC | damage | special ("Throw" = Thrown, RULING 11).
const MELEE_TABLE = `
Axe|axe|M|2|8 S|Wounding
Battleaxe|axe|T|3|12 S|Wounding
Handaxe|axe|O|2|6 S|Thrown
Boomerang|club|M|2|6 L|Thrown
Club|club|O|2|6 L|Dual Wield, Stunning
Flail|club|M|2|8 L|Flourish
Greatclub|club|T|3|12 L|Stunning
Mace|club|M|2|8 L|Stunning
Morningstar|club|M|2|8 P|Wounding
Monoblade|energyBlade|M|2|8 N|Finesse
Gungnir|energyBlade|M|2|8 N|Thrown
Laser Sword|energyBlade|T|3|12 N|Parry
Plasma Cutter|energyBlade|O|2|8 N|Parry
Maul|hammer|T|3|11 L/P|Stunning (L), Armor Piercing (P)
Warhammer|hammer|M|2|7 L/P|Stunning (L), Armor Piercing (P)
Dagger|knife|O|2|6 S/P|Finesse, Thrown
Falchion|knife|T|3|11 S/P|Finesse
Scimitar|knife|M|2|7 S/P|Finesse
Mjolnir|massDriver|T|3|12 X|
Power Fist|massDriver|O|2|8 X|
Pick|pick|M|2|8 P|Armor Piercing
Sai|pick|O|2|6 P|Dual Wield, Armor Piercing
Warpick|pick|T|3|12 P|Armor Piercing
Glaive|polearm|T|3|10 S|Flourish, Reach
Halberd|polearm|T|3|9 S/P|Reach, Wounding (S), Armor Piercing (P)
Javelin|polearm|M|2|6 P|Thrown, Armor Piercing
Lucerne Hammer|polearm|T|3|9 L/P|Reach, Stunning (L), Armor Piercing (P)
Poleaxe|polearm|T|3|10 S|Reach, Wounding
Spear|polearm|T|3|10 P|Reach, Armor Piercing
Staff|polearm|T|3|10 L|Reach, Stunning
Scythe|sickle|T|3|10 S/P|Wounding (S), Armor Piercing (P)
Sickle|sickle|O|2|6 S/P|Dual Wield, Wounding (S), Armor Piercing (P)
Longsword|sword|T|3|11 S/P|Parry
Rapier|sword|M|2|7 S/P|Finesse
Shortsword|sword|O|2|7 S/P|Parry
Throwing Chain|whip|M|2|6 L|Entangle, Thrown
Whip|whip|M|2|6 L|Entangle, Reach`;

// Digest §1.29 with RULINGS 36 and 37: name | group | hands | AC | damage | range | special.
const RANGED_TABLE = `
Machine Gun|automatic|T|3|10 B|8|Autofire only
Submachine Gun|automatic|M|2|6 B|6|Autofire
Laser Pistol|beam|O|2|6 N|8|
Laser Rifle|beam|T|2|8 N|10|
Plasma Pistol|beam|M|3|9 N|7|
Plasma Rifle|beam|T|3|12 N|9|
Pulse Rifle|beam|T|2|8 N|9|Autofire only
Longbow|bow|T|3|9 P|10|Arc Shot
Shortbow|bow|T|2|6 P|8|Arc Shot
Crossbow|crossbow|M|3|9 P|9|Armor Piercing
Light Crossbow|crossbow|M|2|6 P|7|Armor Piercing
Pistol|handgun|O|2|6 B|6|
Revolver|handgun|M|3|9 B|4|
Blunderbuss|muzzleloader|T|4|9 B/L/S|7|
Dragoon|muzzleloader|M|4|7 B/L/S|5|
Flintlock Pistol|muzzleloader|O|4|9 B|4|
Musket|muzzleloader|T|4|11 B|7|
Gauss Rifle|powerarm|T|2|8 P|10|
Railgun|powerarm|T|3|12 P|12|
Assault Rifle|rifle|T|2|8 B|9|Autofire
Rifle|rifle|T|2|8 B|9|
Sniper Rifle|rifle|T|3|12 B|10|
Double Barrel Shotgun|shotgun|T|3|11 B|7|Shot or Slug, Double Shot
Shotgun|shotgun|T|2|7 B|7|Shot or Slug
Flamethrower|thrower|T|4|12 N|6|Burning on hit
Flare Gun|thrower|M|3|8 N|4|Burning on hit`;

const rows = (table: string): string[][] => table.trim().split("\n").map((line) => line.split("|"));
const damage = (text: string): Damage => {
  const [dice, letters] = text.split(" ");
  return { dice: Number(dice), types: letters.split("/").map((l) => LETTER[l]) };
};

describe("pack contents and counts", () => {
  it.each([
    ["armor", "Light Armor", 7], ["armor", "Medium Armor", 7], ["armor", "Heavy Armor", 7], ["armor", "Shields", 3],
    ["weapons", "Melee Weapons", 37], ["weapons", "Ranged Weapons", 26], ["weapons", "Unarmed and Shield Bash", 2],
    ["explosives", "Grenades", 6], ["explosives", "Mines", 4], ["explosives", "Launchers", 3], ["explosives", "Missiles", 4],
    ["magic-items", "Magic Artifacts", 30], ["magic-items", "Magic Armor Enchantments", 18], ["magic-items", "Magic Weapon Properties", 15],
  ] as const)("%s › %s holds %i items", (pack, folderName, count) => {
    expect(inFolder(pack, folderName)).toHaveLength(count);
  });

  it.each([["armor", 24], ["weapons", 65], ["explosives", 17], ["alchemy", 30], ["magic-items", 63]] as const)(
    "pack %s holds %i items, each inside one of its own folders",
    (pack, count) => {
      const folderIds = new Set(packs[pack].folders.map((f) => f._id));
      expect(packs[pack].items).toHaveLength(count);
      expect(packs[pack].items.filter((d) => !folderIds.has(d.folder ?? ""))).toEqual([]);
      for (const folder of packs[pack].folders) expect(folder).toMatchObject({ type: "Item", _key: `!folders!${folder._id}` });
    },
  );
});

describe("armor and shields (§1.24–1.26)", () => {
  const armors = packs.armor.items.filter((d) => d.type === "armor");

  it("spot-checks Platemail: heavy, B3 L4 N4 P6 S4 X3, 750", () => {
    const plate = named("armor", "Platemail");
    expect(plate.system).toMatchObject({
      weight: "heavy", price: 750,
      resistances: { ballistic: 3, blunt: 4, energy: 4, piercing: 6, slashing: 4, explosive: 3 },
    });
  });

  it.each(PREBUILT_ARMORS.map((a) => [a.name, a] as const))("%s matches the prebuilt table and spends its weight's budget", (name, row) => {
    const doc = named("armor", name);
    const budget = ARMOR_CONSTRUCTION[row.weight];
    const values = DAMAGE_TYPES.map((t) => sys<Record<string, number>>(doc, "resistances")[t]);
    expect(doc.system).toMatchObject({ weight: row.weight, resistances: row.resistances, price: budget.price });
    expect(values.reduce((a, b) => a + b, 0)).toBe(budget.points);
    expect(Math.max(...values)).toBeLessThanOrEqual(budget.maxPerType);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(inFolder("armor", `${row.weight[0].toUpperCase()}${row.weight.slice(1)} Armor`)).toContain(doc);
  });

  it("has exactly the 21 prebuilt armors", () => {
    expect(armors.map((d) => d.name).sort()).toEqual(PREBUILT_ARMORS.map((a) => a.name).sort());
  });

  it.each([
    ["Buckler", "light", 100, false],
    ["Kite / Round Shield", "medium", 150, true],
    ["Riot / Tower Shield", "heavy", 200, false],
  ] as const)("%s: %s, price %i, bash %s, block +1/+3/+5 (RULING 2)", (name, weight, price, canBash) => {
    const shield = named("armor", name);
    expect(shield.system).toMatchObject({ weight, price, canBash });
    expect(price).toBe(SHIELD_PRICE[weight]);
    expect(shield.system.description).toContain(`+${BLOCK_BONUS[weight]} to your defense`);
  });

  it("links the bashing shield and Shield Bash to each other (RULING 34)", () => {
    const kite = named("armor", "Kite / Round Shield");
    const bash = named("weapons", "Shield Bash");
    expect(kite.system.description).toContain(`Compendium.clockwork.weapons.Item.${bash._id}`);
    expect(bash.system.description).toContain(`Compendium.clockwork.armor.Item.${kite._id}`);
  });
});

describe("weapons (§1.27–1.29)", () => {
  it("spot-checks the Battleaxe: 12 S, 3 counters, two-handed, Wounding", () => {
    expect(named("weapons", "Battleaxe").system).toMatchObject({
      category: "melee", group: "axe", hands: "two", counters: 3,
      damage: { dice: 12, types: ["slashing"] }, properties: [{ key: "wounding", damageType: "" }], price: 0,
    });
  });

  it.each(rows(MELEE_TABLE))("melee %s matches the book's row", (name, group, hands, ac, dmg, special) => {
    const doc = named("weapons", name);
    const props = properties(special);
    expect(doc.system).toMatchObject({ category: "melee", group, hands: HANDS[hands], counters: Number(ac), damage: damage(dmg) });
    expect(sys<Property[]>(doc, "properties")).toEqual(props);
    // Melee weapons store no increment; Thrown brings its own (3) from the rules tables.
    expect(sys<number>(doc, "rangeIncrement")).toBe(0);
    expect(inFolder("weapons", "Melee Weapons")).toContain(doc);
  });

  it.each(rows(RANGED_TABLE))("ranged %s matches the book's row", (name, group, hands, ac, dmg, range, special) => {
    const doc = named("weapons", name);
    expect(doc.system).toMatchObject({
      category: "ranged", group, hands: HANDS[hands], counters: Number(ac), damage: damage(dmg), rangeIncrement: Number(range),
    });
    expect(sys<Property[]>(doc, "properties")).toEqual(properties(special));
  });

  it("gives the unarmed strike 6 L for 2 AC, Strength or Agility (RULING 33)", () => {
    // It needs no hand (docs/rulings.md #5; stored as "none" since the 0.2.0 migration).
    expect(named("weapons", "Unarmed Strike").system).toMatchObject({
      category: "melee", group: "unarmed", hands: "none", counters: ACTION_COSTS.unarmedAttack,
      damage: { dice: 6, types: ["blunt"] }, properties: [{ key: "finesse", damageType: "" }],
    });
  });

  it("gives the shield bash 6 L for 2 AC with Strength only (RULING 34)", () => {
    expect(named("weapons", "Shield Bash").system).toMatchObject({
      category: "melee", group: "shield", counters: 2, damage: { dice: 6, types: ["blunt"] }, properties: [],
    });
  });

  it("keeps weapon-only fields at their empty values on ordinary weapons", () => {
    for (const doc of packs.weapons.items) {
      expect(doc.system).toMatchObject({ missile: { guidance: "", propulsion: "", payload: "" }, magicProperty: "", conditions: [], area: { shape: "none", size: 0 } });
    }
  });
});

describe("explosives (§1.30–1.32)", () => {
  const GRENADES = {
    "Concussion Grenade": [10, [{ key: "stunned", trigger: "proc" }]],
    Flashbang: [0, [{ key: "blind", trigger: "hit" }, { key: "deafened", trigger: "hit" }]],
    "Fragmentation Grenade": [10, [{ key: "bleeding", trigger: "proc" }]],
    "Incendiary Grenade": [10, [{ key: "burning", trigger: "always" }]],
    "Smoke Grenade": [0, []],
    "Stun Grenade": [0, [{ key: "stunned", trigger: "hit" }]],
  } as const;

  it.each(Object.entries(GRENADES))("%s: 4 AC, radius 2, increment 3, Arc Shot, its damage and conditions", (name, [dice, conditions]) => {
    const doc = named("explosives", name);
    expect(doc.system).toMatchObject({
      category: "explosive", group: "grenade", counters: GRENADE.counters, rangeIncrement: GRENADE.rangeIncrement,
      area: { shape: "radius", size: GRENADE.radius }, damage: { dice, types: ["explosive"] },
      properties: [{ key: "arcShot", damageType: "" }], container: "bandolier",
    });
    expect(sys<ConditionRef[]>(doc, "conditions")).toEqual(conditions);
    expect(inFolder("explosives", "Grenades")).toContain(doc);
  });

  it.each(["Concussion", "Fragmentation", "Incendiary"])("the %s Mine copies its grenade and costs 1 AC to emplace", (stem) => {
    const mine = named("explosives", `${stem} Mine`);
    const grenade = named("explosives", `${stem} Grenade`);
    expect(mine.system).toMatchObject({ counters: ACTION_COSTS.emplaceMine, area: { shape: "radius", size: 2 }, damage: grenade.system.damage, conditions: grenade.system.conditions });
    expect(grenade.system.description).toContain(mine._id);
  });

  it("shapes the claymore as a cone 3 with the fragmentation effect", () => {
    expect(named("explosives", "Claymore Mine").system).toMatchObject({
      counters: ACTION_COSTS.emplaceMine, area: { shape: "cone", size: 3 }, damage: { dice: 10, types: ["explosive"] },
      conditions: [{ key: "bleeding", trigger: "proc" }],
    });
  });

  it.each([["Blooper", 6], ["Grenade Launcher", 5], ["Underslung", 4]] as const)("the %s launcher has range increment %i and fires for 4 AC", (name, range) => {
    expect(named("explosives", name).system).toMatchObject({
      category: "ranged", group: "launcher", counters: 4, rangeIncrement: range, properties: [{ key: "arcShot", damageType: "" }],
    });
  });

  it("has one missile per guidance kind, whose stats match its configured propulsion and payload", () => {
    const missiles = inFolder("explosives", "Missiles");
    expect(missiles.map((d) => sys<{ guidance: string }>(d, "missile").guidance).sort()).toEqual([...MISSILE_GUIDANCE].sort());
    for (const doc of missiles) {
      const { guidance, propulsion, payload } = sys<{ guidance: string; propulsion: keyof typeof MISSILE_PROPULSION_SPEED; payload: keyof typeof MISSILE_PAYLOAD_TABLE }>(doc, "missile");
      const row = MISSILE_PAYLOAD_TABLE[payload];
      expect(doc.system).toMatchObject({
        group: "missile", counters: MISSILE.counters, area: { shape: "radius", size: MISSILE.radius },
        rangeIncrement: MISSILE_PROPULSION_SPEED[propulsion], damage: { dice: row.dice, types: [row.damageType] },
      });
      expect(sys<ConditionRef[]>(doc, "conditions")).toEqual(row.condition ? [{ key: row.condition, trigger: row.trigger }] : []);
      // A locked-on guided missile has Arc Shot; a rocket does not (§1.32).
      expect(sys<Property[]>(doc, "properties").some((p) => p.key === "arcShot")).toBe(guidance !== "rocket");
    }
  });
});

describe("alchemy items (§1.33)", () => {
  const GAINS: Record<string, number> = {
    "Agate Alarm": 1, "Anti-toxin": 3, "Beast Speech Potion": 1, "Bottled Lightning": 3, "Dowsing Rod": 3, "Fire Flask": 3,
    "Health Potion": 3, "Health Potion, Major": 4, "Health Potion, Minor": 2, Hydroskin: 1, "Ice Flask": 3, "Instant Igloo": 1,
    "Ironskin Potion": 3, "Jar of Flies": 4, "Liquid Darkness": 1, "Mana Potion": 3, "Mana Potion, Major": 4, "Mana Potion, Minor": 2,
    "Midnight Oil": 1, "Oil of Accuracy": 2, "Perpetual Provisions": 1, "Slippery Sieve": 3, "Slumber Potion": 1, "Smoke Bomb": 3,
    "Solar Flare": 1, "Soothing Gel": 3, "Sudden Seance": 1, "Thermal Patch": 3, "Time Hopper": 4,
  };

  it("has the book's 29 items at the book's gains", () => {
    // The pack also ships the Medical Kit (a kit, not alchemy: docs/rulings.md 165).
    const items = packs.alchemy.items.filter((d) => d.system.category !== "kit");
    expect(Object.fromEntries(items.map((d) => [d.name, sys<number>(d, "level")]))).toEqual(GAINS);
    for (const doc of items) expect(doc.system).toMatchObject({ category: "alchemy", price: 0 });
  });

  it.each([
    ["Health Potion, Minor", "hits", 1], ["Health Potion", "hits", 2], ["Health Potion, Major", "hits", 3],
    ["Mana Potion, Minor", "mana", 1], ["Mana Potion", "mana", 2], ["Mana Potion, Major", "mana", 3],
  ] as const)("%s restores %s by %id12 summed (RULING 84)", (name, resource, dice) => {
    expect(named("alchemy", name).system.restores).toEqual({ resource, dice });
  });

  it.each([["Anti-toxin", "poisoned"], ["Dowsing Rod", "burning"], ["Slippery Sieve", "entangled"], ["Thermal Patch", "chilled"]])(
    "%s removes %s", (name, condition) => {
      expect(named("alchemy", name).system.removesConditions).toEqual([condition]);
    },
  );

  it("throws its area items over radius 2 with the condition each names", () => {
    const thrown = packs.alchemy.items.filter((d) => d.system.thrown === true);
    expect(thrown.map((d) => d.name).sort()).toEqual(["Bottled Lightning", "Fire Flask", "Ice Flask", "Jar of Flies", "Liquid Darkness", "Smoke Bomb", "Solar Flare"]);
    for (const doc of thrown) expect(doc.system.area).toEqual({ shape: "radius", size: 2 });
    expect(named("alchemy", "Bottled Lightning").system.appliesConditions).toEqual(["stunned"]);
    expect(named("alchemy", "Fire Flask").system.appliesConditions).toEqual(["burning"]);
    expect(named("alchemy", "Ice Flask").system.appliesConditions).toEqual(["chilled"]);
    expect(named("alchemy", "Smoke Bomb").system.appliesConditions).toEqual(["blind"]);
  });

  it.each([["Jar of Flies", "Summon Swarm"], ["Oil of Accuracy", "True Strike"], ["Time Hopper", "Planar Push"]])(
    "%s casts %s from the spells pack", (name, spell) => {
      expect(target(sys<string>(named("alchemy", name), "castsSpell"))?.name).toBe(spell);
    },
  );
});

describe("magic items (§1.34–1.36)", () => {
  const ARMOR_GAINS: Record<string, number> = {
    "Ballistic Protection": 2, "Blunt Protection": 2, Bulwark: 4, Buoyancy: 2, "Cold Resistance": 2, "Energy Protection": 2,
    "Explosive Protection": 2, "Feather Fall": 2, "Fire Resistance": 2, Glamoured: 2, "Gravity Reduction": 4, "Piercing Protection": 2,
    "Reactive Shield": 4, "Reflective Shield": 4, Reinforced: 2, "Shock Resistance": 2, "Slashing Protection": 2, "Spiked Shield": 4,
  };
  const ARTIFACTS: Record<string, [string, number]> = {
    "Amulet of Force Field": ["amulet", 7], "Amulet of Vitality": ["amulet", 7], "Amulet of Warding": ["amulet", 8],
    "Amulet of Wizardry": ["amulet", 7], "Boots of Alacrity": ["boots", 5], "Boots of Haste": ["boots", 6],
    "Boots of Levitation": ["boots", 7], "Crown of Heroes": ["crown", 7], "Diviner's Deck": ["deck", 5],
    "Encyclopedia Magica": ["book", 7], "Gloves of Telekinesis": ["gloves", 5], "Hypnotist's Locket": ["locket", 7],
    "Mask of Intentions": ["mask", 7], "Psychic Spectacles": ["spectacles", 6], "Ring of Air Affinity": ["ring", 6],
    "Ring of Cold Affinity": ["ring", 6], "Ring of Cold Resist": ["ring", 6], "Ring of Earth Affinity": ["ring", 6],
    "Ring of Fire Affinity": ["ring", 6], "Ring of Fire Resist": ["ring", 6], "Ring of Force Affinity": ["ring", 6],
    "Ring of Shock Resist": ["ring", 6], "Robe of Eyes": ["robe", 7], "Robe of Illusion": ["robe", 7],
    "Spectacles of Insight": ["spectacles", 7], "Staff of Arcana": ["staff", 8], "Staff of Gaia": ["staff", 8],
    "Staff of Renewal": ["staff", 8], "Staff of Sidereal Time": ["staff", 8], "Winged Robe": ["robe", 6],
  };
  const WEAPON_PROPERTIES = ["Accurate", "Acid", "Blinding", "Deadly", "Deafening", "Dispelling", "Energetic", "Firebrand", "Fireburst", "Frostbrand", "Iceburst", "Returning", "Shockbrand", "Shockburst", "Void"];
  const effects = (name: string) => sys<Record<string, unknown>>(named("magic-items", name), "effects");

  it("has the 18 armor enchantments at the book's gains", () => {
    const docs = inFolder("magic-items", "Magic Armor Enchantments");
    expect(Object.fromEntries(docs.map((d) => [d.name, sys<number>(d, "gains")]))).toEqual(ARMOR_GAINS);
    for (const doc of docs) expect(doc.system).toMatchObject({ target: "armor", appliedTo: "" });
  });

  it.each(DAMAGE_TYPES.map((t) => [t] as const))("the %s protection adds 1 resistance of that type", (type) => {
    expect(effects(`${type[0].toUpperCase()}${type.slice(1)} Protection`).resistance).toEqual({ type, value: 1 });
  });

  it("has the 15 weapon properties, each needing 4 gains (RULING 35)", () => {
    const docs = inFolder("magic-items", "Magic Weapon Properties");
    expect(docs.map((d) => d.name).sort()).toEqual(WEAPON_PROPERTIES);
    for (const doc of docs) expect(doc.system).toMatchObject({ target: "weapon", gains: 4, appliedTo: "" });
    expect(effects("Accurate")).toMatchObject({ extraAttackDice: 1, extraDamageDice: 0 });
    expect(effects("Deadly")).toMatchObject({ extraDamageDice: 1, extraAttackDice: 0 });
    expect(effects("Energetic").damageType).toBe("energy");
    expect(effects("Firebrand").appliesCondition).toBe("burning");
    expect(effects("Acid").appliesCondition).toBe("persistent");
  });

  it("has the 30 artifacts in their slots at the book's gains", () => {
    const docs = inFolder("magic-items", "Magic Artifacts");
    expect(Object.fromEntries(docs.map((d) => [d.name, [sys<string>(d, "slot"), sys<number>(d, "gains")]]))).toEqual(ARTIFACTS);
    expect(effects("Amulet of Vitality").vitals).toBe(1);
    expect(effects("Amulet of Wizardry").mana).toBe(6);
    expect(effects("Winged Robe").noFallingDamage).toBe(true);
    expect(effects("Ring of Cold Affinity").criticalSchool).toBe("water"); // RULING 7
    expect(effects("Staff of Sidereal Time").focusSkill).toBe("celestial");
    expect(effects("Spectacles of Insight").rerollSkill).toBe("intuition");
  });

  it.each([
    ["Amulet of Force Field", "Force Field"], ["Amulet of Warding", "Ward"], ["Boots of Haste", "Haste"],
    ["Boots of Levitation", "Levitate"], ["Gloves of Telekinesis", "Telekinesis"], ["Psychic Spectacles", "ESP"],
    ["Robe of Illusion", "Visage"], ["Dispelling", "Dispel"], ["Fireburst", "Breath of Fire"], ["Iceburst", "Cone of Cold"],
    ["Shockburst", "Shock"],
  ])("%s casts %s from the spells pack", (name, spell) => {
    expect(target(effects(name).castsSpell as string)?.name).toBe(spell);
  });
});

describe("prices, icons and links", () => {
  it("prices only armor and shields; every other item says the GM sets its price (RULING 27)", () => {
    for (const doc of PACKS.flatMap((p) => packs[p].items)) {
      if (doc.type === "armor" || doc.type === "shield") continue;
      if ("price" in doc.system) expect(doc.system.price, doc.name).toBe(0);
      const free = doc.system.group === "unarmed" || doc.system.group === "shield";
      if (!free) expect(doc.system.description, doc.name).toContain("Price set by the GM.");
    }
  });

  it("points every castsSpell field at a spell", () => {
    const casts = PACKS.flatMap((p) => packs[p].items).flatMap((doc) => [
      sys<string | undefined>(doc, "castsSpell"), sys<Record<string, unknown> | undefined>(doc, "effects")?.castsSpell as string | undefined,
    ]).filter((uuid): uuid is string => !!uuid);
    expect(casts.length).toBe(14);
    for (const uuid of casts) expect(target(uuid)?.type, uuid).toBe("spell");
  });

});

describe("medical equipment (L968, docs/rulings.md 165)", () => {
  it("the packs ship a Medical Kit that the Medicine check accepts, and every pregen with the Medicine focus carries one", () => {
    const medical = (doc: SourceDoc) => isMedicalEquipment({ type: String(doc.type), ...(doc.system as { category: string; identifier: string; quantity: number }) });
    expect(medical(named("alchemy", "Medical Kit"))).toBe(true);
    const pregens = documents("pregens").filter((d) => d.type === "character") as (SourceDoc & { items?: SourceDoc[] })[];
    const healers = pregens.filter((p) => (p.items ?? []).some((i) => i.type === "focus" && i.system.identifier === "medicine"));
    expect(healers.length).toBeGreaterThan(0);
    for (const healer of healers) {
      const kits = (healer.items ?? []).filter(medical);
      expect(kits, healer.name).toHaveLength(1);
    }
  });
});
