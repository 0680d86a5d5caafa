/**
 * The registered data models in the test world: registration matches system.json, defaults are
 * valid, bad input is refused with a localized message naming the field, and a refused update
 * changes nothing. As in Foundry v13, a refused update does not throw: it resolves undefined,
 * shows an error notification and logs the validation error (recorded in `client.errors`).
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createWorld, validateDocument, type World } from "../world";
import type { ClockworkActor } from "../../src/documents/actor";
import type { ClockworkItem } from "../../src/documents/item";
import { CLOCKWORK } from "../../src/config";

const ROOT = join(import.meta.dirname, "../..");
const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as {
  documentTypes: Record<"Actor" | "Item", Record<string, { htmlFields?: string[] }>>;
};

let world: World;
beforeAll(async () => {
  world = await createWorld({ packs: false, users: [{ name: "Gamemaster", role: "gm" }] });
});

type Ctor<T> = new (data: object) => T;
const newActor = (data: object) => new (CONFIG.Actor.documentClass as unknown as Ctor<ClockworkActor>)(data);

/** A document in the world (on the GM's client). */
async function worldActor(data: object): Promise<ClockworkActor> {
  const [id] = await world.seed("Actor", [data as Record<string, unknown>]);
  return world.gm.game.actors.get(id) as unknown as ClockworkActor;
}

async function worldItem(data: object): Promise<ClockworkItem> {
  const [id] = await world.seed("Item", [data as Record<string, unknown>]);
  return world.gm.game.items.get(id) as unknown as ClockworkItem;
}

/** A document update with dot-notation keys, as sheets send them. */
const update = (doc: { update(changes: never): Promise<unknown> }, changes: Record<string, unknown>) => doc.update(changes as never);

/**
 * A refused update: it resolves undefined and the GM sees one error notification in words (the
 * system's write check, issue 20: the document, its type and each failing field with the field's
 * own reason), never core's English ("… validation error", "may not be"); no error is logged.
 */
async function rejection(doc: { update(changes: never): Promise<unknown> }, changes: Record<string, unknown>): Promise<string> {
  const errors = world.gm.errors.length;
  await expect(update(doc, changes)).resolves.toBeUndefined();
  const notice = world.gm.notifications.at(-1);
  expect(notice?.type).toBe("error");
  expect(notice?.message).not.toMatch(/validation error|may not be|ClockworkActor|ClockworkItem/);
  expect(world.gm.errors).toHaveLength(errors);
  return notice?.message ?? "";
}

interface FieldLike {
  label: string;
  fields?: Record<string, FieldLike>;
  element?: FieldLike;
}

/** Every field of a schema with its dot path. */
function walk(field: FieldLike, path = ""): [string, FieldLike][] {
  const out: [string, FieldLike][] = path ? [[path, field]] : [];
  for (const [name, child] of Object.entries(field.fields ?? {})) out.push(...walk(child, path ? `${path}.${name}` : name));
  if (field.element) out.push(...walk(field.element, `${path}.element`));
  return out;
}

function modelSchema(documentName: "Actor" | "Item", type: string): FieldLike {
  const models = CONFIG[documentName].dataModels as unknown as Record<string, { schema: FieldLike }>;
  return models[type].schema;
}

describe("registration", () => {
  it("registers a data model for exactly the types system.json declares", () => {
    for (const documentName of ["Actor", "Item"] as const) {
      expect(Object.keys(CONFIG[documentName].dataModels).sort()).toEqual(Object.keys(manifest.documentTypes[documentName]).sort());
    }
  });

  it("declares in system.json exactly the HTML fields of each schema", () => {
    const HTMLField = foundry.data.fields.HTMLField as unknown as abstract new (...args: never) => unknown;
    for (const documentName of ["Actor", "Item"] as const) {
      for (const [type, declared] of Object.entries(manifest.documentTypes[documentName])) {
        const html = walk(modelSchema(documentName, type)).filter(([, f]) => f instanceof HTMLField).map(([p]) => p);
        expect(html.sort(), `${documentName}.${type}`).toEqual([...(declared.htmlFields ?? [])].sort());
      }
    }
  });

  it("registers the document classes, the configuration and token bars", async () => {
    const { ClockworkActor } = await import("../../src/documents/actor");
    const { ClockworkItem } = await import("../../src/documents/item");
    expect(CONFIG.Actor.documentClass).toBe(ClockworkActor);
    expect(CONFIG.Item.documentClass).toBe(ClockworkItem);
    expect(CONFIG.CLOCKWORK).toBe(CLOCKWORK);
    const bars = CONFIG.Actor.trackableAttributes as Record<string, { bar: string[] }>;
    expect(Object.keys(bars).sort()).toEqual(["character", "npc"]);
    const actor = newActor({ name: "Bar", type: "character" });
    for (const bar of bars.character.bar) {
      const value = foundry.utils.getProperty(actor.system, bar) as unknown as { value: number; max: number };
      expect(typeof value.value, bar).toBe("number");
      expect(typeof value.max, bar).toBe("number");
    }
  });
});

describe("defaults", () => {
  it("a new character has every skill at 12, 2000 currency and full luck", () => {
    const actor = newActor({ name: "Ada", type: "character" });
    expect(Object.values(actor.creature.skills).every((s) => s.rank === 12)).toBe(true);
    expect(actor.creature.currency).toBe(2000);
    expect(actor.creature.luck.value).toBe(3);
    expect(actor.creature.campaignSpeed).toBe("normal");
  });

  it("every actor and item type can be created blank", () => {
    for (const documentName of ["Actor", "Item"] as const) {
      for (const type of Object.keys(manifest.documentTypes[documentName])) {
        expect(validateDocument(documentName, { name: "Blank", type }), `${documentName}.${type}`).toEqual({ valid: true, errors: {} });
      }
    }
  });
});

describe("rejecting bad input", () => {
  it.each([3, 13])("refuses skill rank %i with the field and the allowed range, changing nothing", async (rank) => {
    const actor = await worldActor({ name: "Ada", type: "character" });
    const before = actor.toObject();
    const message = await rejection(actor, { "system.skills.strength.rank": rank, "system.currency": 1500, name: "Renamed" });
    expect(message).toContain(`Skills: ${rank} is outside the allowed range 4–12`);
    expect(message).not.toMatch(/Currency|Name/);
    expect(actor.toObject()).toEqual(before);
    expect(actor.creature.skills.strength.rank).toBe(12);
    expect(actor.creature.currency).toBe(2000);
  });

  it("never clamps: 13 is refused rather than stored as 12", () => {
    const result = validateDocument("Actor", { name: "Ada", type: "character", system: { skills: { strength: { rank: 13 } } } });
    expect(result.valid).toBe(false);
    expect(result.errors["system.skills.strength.rank"]).toBe("13 is outside the allowed range 4–12.");
  });

  it("refuses a fractional rank", () => {
    const result = validateDocument("Actor", { name: "Ada", type: "character", system: { skills: { agility: { rank: 7.5 } } } });
    expect(result.errors["system.skills.agility.rank"]).toBe("7.5 is not a whole number.");
  });

  it("refuses negative currency", async () => {
    const actor = await worldActor({ name: "Ada", type: "character" });
    const message = await rejection(actor, { "system.currency": -5 });
    // Currency has a ceiling since issue 20, so the message gives the whole range.
    expect(message).toContain("-5 is outside the allowed range 0–1000000");
    expect(actor.creature.currency).toBe(2000);
  });

  it("refuses an unknown damage type, listing the valid ones", async () => {
    const weapon = await worldItem({ name: "Sword", type: "weapon", system: { damage: { dice: 8, types: ["slashing"] } } });
    const message = await rejection(weapon, { "system.damage.types": ["slashing", "fire"], "system.counters": 3 });
    expect(message).toContain('"fire" is not one of: ballistic, blunt, energy, piercing, slashing, explosive');
    expect(weapon.system).toMatchObject({ counters: 2, damage: { types: ["slashing"] } });
  });

  it("refuses armor over its weight class budget, in words", async () => {
    const result = validateDocument("Item", {
      name: "Overbuilt",
      type: "armor",
      system: { weight: "heavy", resistances: { ballistic: 6, blunt: 6, energy: 6, piercing: 6, slashing: 6, explosive: 6 } },
    });
    expect(result.valid).toBe(false);
    expect(result.errors[""]).toBe("Heavy armor must spend exactly 24 resistance points; these spend 36.");
  });

  it("refuses armor above its per-type cap even when the budget is right", () => {
    const result = validateDocument("Item", {
      name: "Lopsided",
      type: "armor",
      system: { weight: "light", resistances: { ballistic: 5, blunt: 3, energy: 1, piercing: 1, slashing: 1, explosive: 1 } },
    });
    expect(result.errors[""]).toBe("Light armor allows at most 4 in one type; Ballistic has 5.");
  });

  it("keeps valid armor when an update would break the construction table", async () => {
    const armor = await worldItem({ name: "Scalemail", type: "armor", system: { weight: "heavy", resistances: { ballistic: 3, blunt: 4, energy: 4, piercing: 4, slashing: 6, explosive: 3 } } });
    const before = armor.toObject();
    await rejection(armor, { "system.resistances.ballistic": 4, name: "Better Scalemail" });
    expect(armor.toObject()).toEqual(before);
    await update(armor, { "system.resistances.ballistic": 4, "system.resistances.explosive": 2 });
    expect(armor.system).toMatchObject({ resistances: { ballistic: 4, explosive: 2 } });
  });

  it("accepts every prebuilt armor of the book", async () => {
    const { PREBUILT_ARMORS } = await import("../../src/rules");
    for (const armor of PREBUILT_ARMORS) {
      expect(validateDocument("Item", { name: armor.name, type: "armor", system: { weight: armor.weight, resistances: armor.resistances } }).valid, armor.name).toBe(true);
    }
  });
});

describe("rules across fields", () => {
  const character = (system: object) => validateDocument("Actor", { name: "Ada", type: "character", system });

  it("keeps the personal bonus skill off the species picks", () => {
    expect(character({ speciesBonusSkills: ["strength", "will"], personalBonusSkill: "will" }).errors[""]).toBe(
      "Will is already a species bonus skill; the personal bonus skill must be another.",
    );
    expect(character({ speciesBonusSkills: ["strength", "will"], personalBonusSkill: "agility" }).valid).toBe(true);
  });

  it("allows at most two distinct species picks", () => {
    expect(character({ speciesBonusSkills: ["strength", "will", "agility"] }).errors["system.speciesBonusSkills"]).toBe("At most 2 entries are allowed; 3 were given.");
    expect(character({ speciesBonusSkills: ["will", "will"] }).errors["system.speciesBonusSkills"]).toBe('"will" is listed more than once.');
  });

  it("caps allocated resistance at 3 over the base (5 in all)", () => {
    expect(character({ resistanceAllocation: { slashing: 4 } }).errors["system.resistanceAllocation.slashing"]).toBe("4 is outside the allowed range 0–3.");
  });

  it("does not let XP spent exceed XP earned", () => {
    expect(character({ xp: { earned: 4, spent: 6 } }).errors[""]).toBe("XP spent (6) cannot exceed XP earned (4).");
  });

  it("checks that a spell's school belongs to its skill", () => {
    const spell = (system: object) => validateDocument("Item", { name: "Fireball", type: "spell", system });
    expect(spell({ skill: "elemental", school: "fire" }).valid).toBe(true);
    expect(spell({ skill: "celestial", school: "fire" }).errors[""]).toBe("The Fire school belongs to Elemental, not Celestial.");
    expect(spell({ skill: "elemental", school: "fire", damage: { dice: 8, types: [] } }).errors[""]).toBe("Damage needs at least one damage type.");
  });

  it("checks weapons: melee range, missile parts, property damage types", () => {
    const weapon = (system: object) => validateDocument("Item", { name: "W", type: "weapon", system });
    expect(weapon({ category: "melee", rangeIncrement: 3 }).valid).toBe(false);
    expect(weapon({ group: "axe", missile: { guidance: "smart" } }).valid).toBe(false);
    expect(weapon({ group: "missile", category: "explosive", missile: { guidance: "smart", propulsion: "cruise", payload: "explosive" } }).valid).toBe(true);
    expect(weapon({ damage: { dice: 7, types: ["blunt"] }, properties: [{ key: "armorPiercing", damageType: "piercing" }] }).valid).toBe(false);
    expect(weapon({ damage: { dice: 7, types: ["blunt", "piercing"] }, properties: [{ key: "armorPiercing", damageType: "piercing" }] }).valid).toBe(true);
  });

  it("keeps belt and bandolier for alchemy, scrolls and explosives", () => {
    expect(validateDocument("Item", { name: "Rope", type: "equipment", system: { category: "gear", container: "belt" } }).errors[""]).toBe(
      "Only alchemy items, scrolls and explosives fit the belt.",
    );
    expect(validateDocument("Item", { name: "Potion", type: "equipment", system: { category: "alchemy", container: "belt" } }).valid).toBe(true);
    expect(validateDocument("Item", { name: "Sword", type: "weapon", system: { container: "bandolier" } }).valid).toBe(false);
  });

  it("checks species consistency", () => {
    const species = (system: object) => validateDocument("Item", { name: "S", type: "species", system });
    expect(species({ anyBonusSkills: true, bonusSkills: ["will"] }).valid).toBe(false);
    expect(species({ size: "huge", sizeChoices: ["small", "medium"] }).valid).toBe(false);
    expect(species({ resistanceBonus: "slashing", resistanceExcluded: ["ballistic"] }).valid).toBe(false);
    expect(species({ grants: [{ kind: "focus", choose: 2, options: ["Item.aaaaaaaaaaaaaaaa"] }] }).valid).toBe(false);
  });

  it("checks identifiers, UUIDs and item ids by shape", () => {
    expect(validateDocument("Item", { name: "F", type: "feature", system: { identifier: "Die Hard" } }).errors["system.identifier"]).toBe(
      '"Die Hard" is not an identifier: use lower-case letters, digits and single hyphens.',
    );
    expect(validateDocument("Item", { name: "P", type: "equipment", system: { castsSpell: "fireball" } }).errors["system.castsSpell"]).toBe('"fireball" is not a document UUID.');
    expect(validateDocument("Item", { name: "P", type: "equipment", system: { castsSpell: "Compendium.clockwork.spells.Item.abcdefghijklmnop" } }).valid).toBe(true);
    expect(validateDocument("Actor", { name: "A", type: "character", system: { equipped: { armor: "nope" } } }).errors["system.equipped.armor"]).toBe('"nope" is not an item id.');
  });

  it("pairs an enchantment's resistance type with a value", () => {
    expect(validateDocument("Item", { name: "E", type: "enchantment", system: { effects: { resistance: { type: "piercing", value: 0 } } } }).valid).toBe(false);
    expect(validateDocument("Item", { name: "E", type: "enchantment", system: { effects: { resistance: { type: "piercing", value: 1 } } } }).valid).toBe(true);
  });
});

describe("extension by forks", () => {
  it("accepts a condition a fork adds to CONFIG.CLOCKWORK", () => {
    const spell = { name: "Daze", type: "spell", system: { conditions: [{ key: "dazed", trigger: "hit" }] } };
    expect(validateDocument("Item", spell).valid).toBe(false);
    CONFIG.CLOCKWORK.conditions.dazed = { label: "FORK.Dazed", spellState: true };
    try {
      expect(validateDocument("Item", spell).valid).toBe(true);
    } finally {
      delete CONFIG.CLOCKWORK.conditions.dazed;
    }
  });
});

describe("localization", () => {
  it("labels every field of every model", () => {
    for (const documentName of ["Actor", "Item"] as const) {
      for (const type of Object.keys(manifest.documentTypes[documentName])) {
        const unlabeled = walk(modelSchema(documentName, type))
          .filter(([path, field]) => !field.label && !/^(skills|resistances|resistanceAllocation|resistanceOverride)\.\w+/.test(path) && !path.endsWith(".element"))
          .map(([path]) => path);
        expect(unlabeled, `${documentName}.${type}`).toEqual([]);
      }
    }
  });

  it("has a string for every configuration label and type name", () => {
    const keys = Object.values(CLOCKWORK).flatMap((list) => Object.values(list as Record<string, { label: string }>).map((e) => e.label));
    const own = keys.filter((k) => /^CLOCKWORK\.(Skill|Attribute|DamageType|Size|Weight|School|WeaponGroup|WeaponProperty|Condition)\./.test(k));
    expect(own.length).toBeGreaterThan(100);
    expect(own.filter((k) => !world.gm.i18n.has(k))).toEqual([]);
    for (const documentName of ["Actor", "Item"] as const) {
      for (const type of Object.keys(manifest.documentTypes[documentName])) expect(world.gm.i18n.has(`TYPES.${documentName}.${type}`)).toBe(true);
    }
  });

  it("has a string for every error key the data layer uses", () => {
    const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
    const sources = [...files(join(ROOT, "src/data")), ...files(join(ROOT, "src/documents"))].map((f) => readFileSync(f, "utf8")).join("\n");
    const used = new Set(sources.match(/CLOCKWORK\.Error\.[A-Za-z.]+[A-Za-z]/g));
    for (const code of ["budget", "overCap", "invalid"]) used.add(`CLOCKWORK.Error.Armor.${code}`);
    used.delete("CLOCKWORK.Error.Armor");
    expect(used.size).toBeGreaterThan(30);
    expect([...used].filter((k) => !world.gm.i18n.has(k))).toEqual([]);
  });
});
