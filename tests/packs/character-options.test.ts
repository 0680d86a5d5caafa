/**
 * Character-option packs (species, foci, features, spells): counts, grants and pairs, and spot
 * checks of the book's numbers with the digest's rulings applied (digest §1.2, §2.2, §3).
 */
import { describe, expect, it } from "vitest";
import { MAGIC_SCHOOLS, MELEE_WEAPON_GROUPS, RANGED_WEAPON_GROUPS, SCHOOLS } from "../../src/rules";
import { documentUuids, documents, folders, inFolder, items, manifest, named, uuidReferences, type PlainObject, type SourceDocument } from "./load-sources";

const sys = (doc: SourceDocument): PlainObject => doc.system ?? {};
const field = <T>(doc: SourceDocument, path: string): T =>
  path.split(".").reduce<unknown>((v, k) => (v as PlainObject | undefined)?.[k], sys(doc)) as T;
const uuidOf = (pack: string, doc: SourceDocument): string => `Compendium.${manifest.id}.${pack}.Item.${doc._id}`;
const spells = items("spells");
const spell = (name: string): SourceDocument => named("spells", name);

interface Grant { kind: "focus" | "spell"; choose: number; options: string[] }

describe("counts", () => {
  it("has the 20 species, 28 features and 105 spells of the book", () => {
    expect(items("species")).toHaveLength(20);
    expect(items("features")).toHaveLength(28);
    expect(spells).toHaveLength(105);
  });

  it("has 48 foci: the 11 skill foci of digest §2.2, 21 weapon groups and 16 schools", () => {
    expect(inFolder("foci", "Skill Foci")).toHaveLength(11);
    expect([...inFolder("foci", "Melee"), ...inFolder("foci", "Ranged")]).toHaveLength(21);
    expect(inFolder("foci", "Magic School Foci")).toHaveLength(16);
    expect(items("foci")).toHaveLength(48);
  });

  it("counts 96 spell headings: the 9 pairs are two items each", () => {
    const paired = spells.filter((s) => field<string>(s, "pair") !== "");
    expect(paired).toHaveLength(18);
    expect(spells.length - paired.length / 2).toBe(96);
  });

  it("has the book's number of headings in every school (a pair counts once)", () => {
    const headings: Record<string, number> = {
      fate: 5, force: 7, space: 7, time: 5, air: 6, earth: 6, fire: 6, water: 6,
      death: 6, emotion: 6, life: 6, nature: 6, alchemy: 5, arcane: 6, enchantment: 7, illusion: 6,
    };
    for (const school of SCHOOLS) {
      const inSchool = spells.filter((s) => field(s, "school") === school);
      const pairs = inSchool.filter((s) => field<string>(s, "pair") !== "").length / 2;
      expect(inSchool.length - pairs, school).toBe(headings[school]);
    }
  });

  it("files every spell under its skill and school folder", () => {
    for (const [skill, schools] of Object.entries(MAGIC_SCHOOLS)) {
      const skillFolder = folders("spells").find((f) => f.name.toLowerCase() === skill && !f.folder)!;
      expect(skillFolder, skill).toBeDefined();
      for (const school of schools) {
        const folder = folders("spells").find((f) => f.folder === skillFolder._id && f.name.toLowerCase() === school)!;
        const inside = items("spells").filter((s) => s.folder === folder._id);
        expect(inside.length, `${skill}/${school}`).toBeGreaterThan(0);
        for (const s of inside) expect([field(s, "skill"), field(s, "school")], s.name).toEqual([skill, school]);
      }
    }
  });
});

describe("species", () => {
  const grantsOf = (name: string): Grant[] => field<Grant[]>(named("species", name), "grants");
  const namesOf = (uuids: string[]): string[] => uuids.map((u) => documentUuids().get(u)?.name ?? `missing ${u}`);

  it("Orcs: Medium, +1 Slashing, bonus skills Stamina, Strength, Will, one weapon-group focus", () => {
    const orcs = named("species", "Orcs");
    expect(field(orcs, "size")).toBe("medium");
    expect(field(orcs, "resistanceBonus")).toBe("slashing");
    expect(field(orcs, "bonusSkills")).toEqual(["stamina", "strength", "will"]);
    const [grant] = grantsOf("Orcs");
    expect(grant.kind).toBe("focus");
    expect(grant.choose).toBe(1);
    const weaponFoci = items("foci").filter((f) => field(f, "weaponGroup") !== "");
    expect(grant.options.sort()).toEqual(weaponFoci.map((f) => uuidOf("foci", f)).sort());
    expect(new Set(weaponFoci.map((f) => field(f, "skill")))).toEqual(new Set(["strength", "agility", "accuracy"]));
  });

  it("grants exactly the foci and spells the book names", () => {
    const djinn = grantsOf("Djinn");
    expect(djinn.map((g) => [g.kind, g.choose])).toEqual([["spell", 1], ["focus", 1]]);
    expect(namesOf(djinn[0].options)).toEqual(["Icicle", "Fire Bolt", "Shock", "Shard"]);
    expect(namesOf(djinn[1].options)).toEqual(["Pyromancer", "Hydromancer", "Aeromancer", "Geomancer"]);
    expect(namesOf(grantsOf("Dryads")[0].options)).toEqual(["Healer", "Fortune Teller", "Necromancer", "Psion"]);
    expect(grantsOf("Goblins")).toEqual([expect.objectContaining({ kind: "focus", choose: 2 })]);
    expect(namesOf(grantsOf("Goblins")[0].options)).toEqual(["Barter", "Natural Liar"]);
    expect(namesOf(grantsOf("Gnolls")[0].options)).toEqual(["Bloodhound"]);
    expect(namesOf(grantsOf("Ogres")[0].options)).toEqual(["Mauler"]);
    expect(namesOf(grantsOf("Wood Elves")[0].options)).toEqual(["Survival"]);
    const granting = items("species").filter((s) => field<Grant[]>(s, "grants").length > 0).map((s) => s.name).sort();
    expect(granting).toEqual(["Djinn", "Dryads", "Gnolls", "Goblins", "Ogres", "Orcs", "Wood Elves"]);
  });

  it("points every grant at a document of the granted kind, and links each option in the description", () => {
    const targets = documentUuids();
    for (const species of items("species")) {
      const linked = new Set(uuidReferences(field(species, "description")).map((r) => r.uuid));
      for (const grant of field<Grant[]>(species, "grants")) {
        expect(grant.choose, species.name).toBeLessThanOrEqual(grant.options.length);
        for (const option of grant.options) {
          expect(targets.get(option)?.doc.type, `${species.name} → ${option}`).toBe(grant.kind);
          expect(linked.has(option), `${species.name} links ${option}`).toBe(true);
        }
      }
    }
  });

  it("carries every special rule the data model has a field for", () => {
    const s = (name: string, path: string): unknown => field(named("species", name), path);
    expect([s("Humans", "resistanceBonus"), s("Humans", "anyBonusSkills"), s("Humans", "bonusSkills"), s("Humans", "extraFoci")]).toEqual(["any", true, [], 1]);
    expect([s("Changelings", "resistanceBonus"), s("Changelings", "resistanceExcluded")]).toEqual(["any", ["ballistic", "explosive"]]);
    expect(s("Mycorreans", "sizeChoices")).toEqual(["small", "medium", "large"]);
    expect(s("Mycorreans", "bonusSkills")).toEqual(["charisma", "soul", "knowledge"]); // RULING 5: Mortal = Soul
    expect(s("High Elves", "extraCustomizationPoints")).toBe(4);
    expect([s("Gnolls", "runBonus"), s("Satyrs", "runBonus")]).toEqual([1, 1]);
    expect([s("Dwarves", "lighterArmorForMovement"), s("Dwarves", "dodgePenaltyReduction")]).toEqual([true, 1]);
    expect([s("Lizardfolk", "unarmedDamageType"), s("Rooks", "unarmedDamageType")]).toEqual(["slashing", "slashing"]);
    expect([s("Froads", "conditionRerolls"), s("Lizardfolk", "conditionRerolls"), s("Trolls", "conditionRerolls")]).toEqual([["burning"], ["poisoned"], ["bleeding"]]);
    expect([s("Dryads", "restHealing"), s("Trolls", "restHealing"), s("Orcs", "restHealing")]).toEqual([2, 2, 1]);
    expect(s("Halflings", "luckKeepBest")).toBe(true);
  });

  it("matches the size and resistance columns of the species table", () => {
    const table: Record<string, [string, string]> = {
      Changelings: ["medium", "any"], Djinn: ["medium", "energy"], Dragonkin: ["large", "piercing"], Dryads: ["medium", "piercing"],
      Dwarves: ["medium", "blunt"], Froads: ["medium", "blunt"], Gnolls: ["medium", "slashing"], Gnomes: ["small", "energy"],
      Goblins: ["small", "slashing"], Halflings: ["small", "blunt"], "High Elves": ["medium", "energy"], Humans: ["medium", "any"],
      Lizardfolk: ["medium", "piercing"], Mycorreans: ["medium", "piercing"], Ogres: ["large", "piercing"], Orcs: ["medium", "slashing"],
      Rooks: ["large", "piercing"], Satyrs: ["medium", "blunt"], Trolls: ["medium", "slashing"], "Wood Elves": ["medium", "energy"],
    };
    const actual = Object.fromEntries(items("species").map((s) => [s.name, [field(s, "size"), field(s, "resistanceBonus")]]));
    expect(actual).toEqual(table);
    for (const s of items("species")) if (!field(s, "anyBonusSkills")) expect(field<string[]>(s, "bonusSkills"), s.name).toHaveLength(3);
  });
});

describe("foci", () => {
  it("has one focus per weapon group and one per magic school", () => {
    const groups = items("foci").map((f) => field<string>(f, "weaponGroup")).filter(Boolean).sort();
    expect(groups).toEqual([...MELEE_WEAPON_GROUPS, ...RANGED_WEAPON_GROUPS].sort());
    const schools = items("foci").map((f) => field<string>(f, "school")).filter(Boolean).sort();
    expect(schools).toEqual([...SCHOOLS].sort());
    for (const f of items("foci").filter((x) => field(x, "school") !== "")) {
      const skill = Object.entries(MAGIC_SCHOOLS).find(([, list]) => list.includes(field(f, "school")))![0];
      expect(field(f, "skill"), f.name).toBe(skill);
    }
  });

  it("puts ranged groups on Accuracy, knives on Agility and the other melee groups on Strength", () => {
    for (const f of items("foci").filter((x) => field(x, "weaponGroup") !== "")) {
      const group = field<string>(f, "weaponGroup");
      const expected = (RANGED_WEAPON_GROUPS as readonly string[]).includes(group) ? "accuracy" : group === "knife" ? "agility" : "strength";
      expect(field(f, "skill"), f.name).toBe(expected);
    }
  });

  it("names every focus of digest §2.2 with its skill", () => {
    const named2_2: Record<string, string> = {
      "Long Guns": "accuracy", History: "knowledge", Religion: "knowledge", Science: "knowledge", Medicine: "knowledge",
      Mauler: "strength", Juggernaut: "strength", Bloodhound: "perception", "Natural Liar": "manipulation", Barter: "charisma",
      Survival: "knowledge", Pyromancer: "elemental", Hydromancer: "elemental", Aeromancer: "elemental", Geomancer: "elemental",
      Healer: "soul", Necromancer: "soul", Psion: "soul", "Fortune Teller": "celestial",
    };
    for (const [name, skill] of Object.entries(named2_2)) expect(field(named("foci", name), "skill"), name).toBe(skill);
    expect([field(named("foci", "Pyromancer"), "school"), field(named("foci", "Healer"), "school"), field(named("foci", "Fortune Teller"), "school")])
      .toEqual(["fire", "life", "fate"]);
    expect(items("foci").some((f) => ["stamina", "will"].includes(field(f, "skill")))).toBe(false); // the book: no foci
  });
});

describe("features", () => {
  it("has the level of every feature in the book", () => {
    const levels: Record<string, number> = {
      "Animal Companion": 2, "Attack of Opportunity": 2, Challenge: 1, Command: 2, Deadeye: 2, Diehard: 1, "Dire Animal Companion": 3,
      Evasion: 4, "Far Shot": 1, "Improved Critical": 4, "Improved Unarmed Strike": 2, "Legendary Animal Companion": 4,
      "Magical Animal Companion": 3, "Null Magic": 4, Phalanx: 2, "Point Blank": 2, "Power Attack": 2, "Quick Draw": 1,
      "Quick Reflexes": 3, "Shadow Step": 4, Sniper: 4, "Stunning Strike": 2, "Suppressive Fire": 3, Survivalist: 1,
      Threaten: 3, "Titan Grip": 3, "Wall Run": 4, Wealthy: 1,
    };
    expect(Object.fromEntries(items("features").map((f) => [f.name, field(f, "level")]))).toEqual(levels);
  });

  it("chains the animal companions, bars Legendary at creation, and repeats only Improved Critical and Wealthy", () => {
    const identifiers = new Set(items("features").map((f) => field<string>(f, "identifier")));
    for (const f of items("features")) for (const pre of field<string[]>(f, "prerequisites")) expect(identifiers.has(pre), `${f.name} needs ${pre}`).toBe(true);
    expect(field(named("features", "Legendary Animal Companion"), "prerequisites")).toEqual(["dire-animal-companion"]);
    expect(field(named("features", "Dire Animal Companion"), "prerequisites")).toEqual(["animal-companion"]);
    expect(field(named("features", "Magical Animal Companion"), "prerequisites")).toEqual(["animal-companion"]);
    expect(items("features").filter((f) => field(f, "allowedAtCreation") === false).map((f) => f.name)).toEqual(["Legendary Animal Companion"]);
    expect(items("features").filter((f) => field(f, "repeatable")).map((f) => f.name).sort()).toEqual(["Improved Critical", "Wealthy"]);
  });
});

describe("spells", () => {
  it("Fireball: level 4 Elemental / Fire, 4 AC, 12 mana, radius 2 within 12, 12 N, Burning on damage", () => {
    const f = spell("Fireball");
    expect([field(f, "skill"), field(f, "school"), field(f, "level"), field(f, "counters"), field(f, "mana")]).toEqual(["elemental", "fire", 4, 4, 12]);
    expect(field(f, "roll.kind")).toBe("area");
    expect(field(f, "range")).toEqual({ kind: "spaces", spaces: 12 });
    expect(field(f, "area")).toEqual({ shape: "radius", size: 2 });
    expect(field(f, "damage")).toEqual({ dice: 12, types: ["energy"], unavoidable: false, perGain: false });
    expect(field(f, "conditions")).toEqual([{ key: "burning", trigger: "damaged" }]);
  });

  it("links every pair both ways, by identifier and by @UUID, at one level", () => {
    const byIdentifier = new Map(spells.map((s) => [field<string>(s, "identifier"), s]));
    const pairs = new Set<string>();
    for (const s of spells.filter((x) => field(x, "pair") !== "")) {
      const other = byIdentifier.get(field<string>(s, "pair"));
      expect(other, s.name).toBeDefined();
      expect(field(other!, "pair"), s.name).toBe(field(s, "identifier"));
      expect([field(other!, "level"), field(other!, "school")], s.name).toEqual([field(s, "level"), field(s, "school")]);
      expect(uuidReferences(field(s, "description")).map((r) => r.uuid), s.name).toContain(uuidOf("spells", other!));
      pairs.add([s.name, other!.name].sort().join(" / "));
    }
    expect([...pairs].sort()).toEqual([
      "Borrow Time / Sliding Time", "Burden / Levitate", "Darkness / Light", "Enlarge / Shrink", "Freeze / Melt",
      "Grow / Wither", "Haste / Slow", "Mass Haste / Mass Slow", "Petrify / Soften",
    ]);
  });

  it("follows the tag over the printed roll (RULINGS 5, 6, 7)", () => {
    const skillSchool = (name: string): [unknown, unknown] => [field(spell(name), "skill"), field(spell(name), "school")];
    expect(skillSchool("Blizzard")).toEqual(["elemental", "water"]);
    expect(skillSchool("Seal")).toEqual(["spellcraft", "arcane"]);
    expect(skillSchool("Ward")).toEqual(["spellcraft", "arcane"]);
    expect(skillSchool("Visage")).toEqual(["spellcraft", "illusion"]);
    expect(skillSchool("Divination")).toEqual(["celestial", "fate"]);
    expect(skillSchool("Rewind")).toEqual(["celestial", "time"]);
    for (const name of ["Corpse Explosion", "Heal", "Shapeshift", "Stabilize", "Suggestion"]) expect(field(spell(name), "skill"), name).toBe("soul");
  });

  it("fills the mana, counters, ranges and durations the book leaves out (RULINGS 29, 30, 31)", () => {
    const mana = Object.fromEntries(["Call of the Wild", "Awaken Item", "Golemancy", "Scribe Scroll", "Scry"].map((n) => [n, field(spell(n), "mana")]));
    expect(mana).toEqual({ "Call of the Wild": 4, "Awaken Item": 2, Golemancy: 8, "Scribe Scroll": 2, Scry: 2 });
    for (const name of ["Alchemical Item", "Alter Memories", "Awaken Item", "Call of the Wild", "Divination", "Gate", "Golemancy", "Grow", "Magic Armor", "Seal", "Transmutation"]) {
      expect(field(spell(name), "counters"), name).toBeNull();
    }
    for (const name of ["Barrier", "Berserk", "Blur", "Enlarge", "Shrink", "Hex", "Mist", "Planar Push", "Spider Climb", "Summon Swarm"]) {
      expect(field(spell(name), "range"), name).toEqual({ kind: "spaces", spaces: 12 });
    }
    expect(field(spell("Illusion"), "duration.kind")).toBe("special");
    expect(field(spell("Scry"), "duration")).toEqual({ kind: "special", value: 15 });
    expect(field(spell("Force Field"), "duration.kind")).toBe("special");
  });

  it("records the book's other odd cases as structured data", () => {
    expect([field(spell("Boon"), "mana"), field(spell("Boon"), "manaPerExtraTarget")]).toEqual([4, 2]);
    expect([field(spell("Mass Haste"), "mana"), field(spell("Mass Haste"), "manaPerExtraTarget")]).toEqual([2, 2]); // RULING 64
    expect(field(spell("Counterspell"), "roll")).toEqual({ kind: "opposed", opposedSkill: "", mustExceed: true });
    expect(field(spell("Ground"), "roll")).toEqual({ kind: "unopposed", opposedSkill: "strength", mustExceed: true });
    expect(field(spell("Slow"), "roll.opposedSkill")).toBe("stamina"); // RULING 63
    expect(field(spell("Disintegrate"), "damage")).toEqual({ dice: 0, types: ["energy"], unavoidable: true, perGain: true });
    expect(field(spell("Shard"), "damage.types")).toEqual(["slashing", "piercing", "blunt"]);
    expect(field(spell("Freeze"), "level")).toBe(1); // RULING 66: kept at 6 mana
    expect(field(spell("Freeze"), "mana")).toBe(6);
    expect(field(spell("Void Bolt"), "range.kind")).toBe("sight");
    expect(field(spell("Fire Wall"), "area")).toEqual({ shape: "wall", size: 6 });
    expect(field(spell("Breath of Fire"), "area")).toEqual({ shape: "cone", size: 3 });
  });

  it("states each spell's cost, mana and level in its description as its data says", () => {
    for (const s of spells) {
      const text = field<string>(s, "description");
      const counters = field<number | null>(s, "counters");
      expect(text, s.name).toContain(`Level ${field(s, "level")} `);
      expect(text, s.name).toContain(counters === null ? "Out of combat, no action counters" : `${counters} action counter${counters === 1 ? "" : "s"}`);
      expect(text, s.name).toContain(`${field(s, "mana")} mana`);
    }
  });

  it("states each spell's damage as its data says, in words: the dice and the types' names (issue 20)", () => {
    for (const s of spells) {
      const damage = field<{ dice: number; types: string[] }>(s, "damage");
      if (!damage.dice) continue;
      const text = field<string>(s, "description");
      expect(text, s.name).toMatch(new RegExp(`${damage.dice} (${damage.types.join("|")})[a-z ,]*(dice|die)\\b`));
    }
  });

  it("writes costs and damage in words everywhere, the sheet's notation: no \"2 AC\", no \"6 N\" (issue 20)", () => {
    const texts: { name: string; text: string }[] = [];
    const walk = (node: unknown, name: string): void => {
      if (Array.isArray(node)) node.forEach((n) => walk(n, name));
      else if (node && typeof node === "object") {
        for (const [key, value] of Object.entries(node)) {
          if ((key === "description" || key === "content") && typeof value === "string") texts.push({ name, text: value });
          else walk(value, name);
        }
      }
    };
    for (const doc of documents()) walk(doc, String(doc.name));
    expect(texts.length).toBeGreaterThan(400);
    const unreadable = texts.filter(({ text }) => /\b\d+-?\s?AC\b|\b\d+ [NSPLXB]\b(?![\w-])/.test(text)).map((t) => t.name);
    expect(unreadable).toEqual([]);
  });

  it("links each spell condition to its page of the Conditions journal", () => {
    const targets = documentUuids();
    for (const s of spells) {
      const linkedPages = uuidReferences(field(s, "description"))
        .map((r) => targets.get(r.uuid))
        .filter((t) => t?.type === "JournalEntryPage")
        .map((t) => (t!.doc.flags as { clockwork: { key: string } }).clockwork.key);
      const keys = field<{ key: string }[]>(s, "conditions").map((c) => c.key);
      expect(linkedPages.sort(), s.name).toEqual([...keys].sort());
    }
  });
});
