/**
 * Acceptance: a character can be built entirely from compendium content. An Orc warrior is
 * made by the book's creation steps (§4.19) from the pack sources alone, through the system's
 * own documents booted in the test world (with the real compendium packs), and the sheet numbers
 * come out as the book says.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  PREMADE_SKILL_OPTIONS, SKILL_KEYS, creationSkillProblems, customizationPointBudget, powerCpCost, premadeOptionRanks,
  skillCpCost, type SkillKey,
} from "../../src/rules";
import type { ClockworkActor } from "../../src/documents";
import { createWorld } from "../world";
import { items, manifest, named, type PlainObject, type SourceDocument } from "./load-sources";

const uuidOf = (pack: string, doc: SourceDocument): string => `Compendium.${manifest.id}.${pack}.Item.${doc._id}`;
/** What dragging a compendium entry onto a sheet creates: the source without its id and key. */
function dropped(doc: SourceDocument): PlainObject {
  const { _id: _id, _key: _key, ...rest } = structuredClone(doc);
  return rest;
}

// Step 2: premade option 1 (1 × 7, 3 × 8, 3 × 9, 5 × 10, 4 × 12), best ranks first on a fighter's skills.
const PRIORITY: SkillKey[] = [
  "strength", "stamina", "agility", "accuracy", "will", "perception", "knowledge",
  "intuition", "charisma", "manipulation", "elemental", "ingenuity", "celestial", "soul", "spellcraft", "creativity",
];
const premade = Object.fromEntries(PRIORITY.map((skill, i) => [skill, premadeOptionRanks(1)[i]])) as Record<SkillKey, number>;
// Step 6: customization points on ranks, features and a spell.
const cpRanks: Partial<Record<SkillKey, number>> = { strength: 6, stamina: 7 };
const FEATURES = ["Diehard", "Power Attack", "Attack of Opportunity", "Quick Draw", "Far Shot"];
const SPELLS = ["Fire Bolt"];
const FOCI = ["Mauler", "Juggernaut", "Medicine"];
const skills = { ...premade, ...cpRanks } as Record<SkillKey, number>;

let actor: ClockworkActor;

beforeAll(async () => {
  await createWorld({ users: [{ name: "Gamemaster", role: "gm" }] });
  const created = await CONFIG.Actor.documentClass.create({
    name: "Grusha",
    type: "character",
    system: {
      skills: Object.fromEntries(SKILL_KEYS.map((key) => [key, { rank: skills[key] }])),
      personalBonusSkill: "will",
      resistanceAllocation: { slashing: 3, piercing: 2, blunt: 2 },
    },
  } as never);
  actor = created as unknown as ClockworkActor;

  // Step 3: the species, with two of its bonus skills and its free weapon-group focus.
  const orcs = named("species", "Orcs");
  await actor.applySpecies(dropped(orcs), { bonusSkills: ["strength", "stamina"], grants: [uuidOf("foci", named("foci", "Swords"))] });
  // Steps 5, 6 and 14: foci, features, a spell and equipment, dragged from the packs.
  await actor.createEmbeddedDocuments("Item", [
    ...FOCI.map((name) => dropped(named("foci", name))),
    ...FEATURES.map((name) => dropped(named("features", name))),
    ...SPELLS.map((name) => dropped(named("spells", name))),
    dropped(named("armor", "Breastplate")),
    dropped(named("weapons", "Longsword")),
  ] as never);
  const owned = (name: string) => actor.items.find((i) => i.name === name)!;
  await actor.equip(owned("Breastplate"));
  await actor.equip(owned("Longsword"));
}, 60_000);

describe("an Orc warrior built from the compendia", () => {
  it("spends exactly the 36 skill points and the 12 customization points", () => {
    expect(PREMADE_SKILL_OPTIONS.some((o) => o.option === 1)).toBe(true);
    expect(creationSkillProblems(premade)).toEqual([]);
    const spentOnRanks = Object.entries(cpRanks).reduce((sum, [key, rank]) => sum + skillCpCost(premade[key as SkillKey], rank), 0);
    const spentOnPowers = [...FEATURES.map((n) => named("features", n)), ...SPELLS.map((n) => named("spells", n))]
      .reduce((sum, doc) => sum + powerCpCost(Number(doc.system!.level)), 0);
    const orcs = named("species", "Orcs");
    expect(spentOnRanks + spentOnPowers).toBe(customizationPointBudget(Number(orcs.system!.extraCustomizationPoints)));
    for (const name of FEATURES) expect(named("features", name).system!.allowedAtCreation, name).toBe(true);
  });

  it("holds the species, its granted focus and every dragged item", () => {
    const names = actor.items.map((i) => i.name).sort();
    expect(names).toEqual(["Orcs", "Swords", ...FOCI, ...FEATURES, ...SPELLS, "Breastplate", "Longsword"].sort());
    expect(actor.creature.speciesBonusSkills).toEqual(["strength", "stamina"]);
  });

  it("derives attributes, bonus dice and foci from the compendium items", () => {
    const system = actor.creature;
    expect(system.attributes.body).toBe(8); // Strength 6 + Stamina 7 = 13 → 8
    expect(system.skills.strength.bonus).toBe(true);
    expect(system.skills.will.bonus).toBe(true);
    expect(system.skills.strength.focus).toBe(true); // Swords, Mauler, Juggernaut
    expect(system.skills.strength.dice).toBe(9);
    expect(system.skills.knowledge.focus).toBe(true); // Medicine
  });

  it("adds the species' +1 slashing and the Breastplate's values to resistance", () => {
    const scalemail = named("armor", "Breastplate").system!.resistances as Record<string, number>;
    const allocation: Record<string, number> = { slashing: 3, piercing: 2, blunt: 2 };
    for (const [type, armor] of Object.entries(scalemail)) {
      const species = 2 + (allocation[type] ?? 0) + (type === "slashing" ? 1 : 0);
      expect(actor.creature.resistances[type as keyof typeof actor.creature.resistances], type).toEqual({ species, armor, total: species + armor });
    }
    expect(actor.creature.resistancePoints.remaining).toBe(0);
  });

  it("wears medium armor and a two-handed sword within its limits", () => {
    expect(actor.creature.armorWeight).toBe("medium");
    expect(actor.creature.maxArmor).toBe("heavy"); // Strength 6
    expect(actor.creature.encumbrance).toBe("none");
    const longsword = actor.items.find((i) => i.name === "Longsword")!;
    expect(actor.creature.equipped.mainHand).toBe(longsword.id);
    expect(actor.creature.health.grit).toBe(5 + 3); // Medium 5, Stamina 7 → +3
    const price = (name: string, pack: string): number => Number(named(pack, name).system!.price);
    expect(price("Breastplate", "armor") + price("Longsword", "weapons")).toBeLessThanOrEqual(actor.creature.currency);
  });
});

describe("every species of the pack", () => {
  it.each(items("species").map((s) => s.name))("%s applies to a new character with its grants", async (name) => {
    const species = named("species", name);
    const rules = species.system as { bonusSkills: string[]; anyBonusSkills: boolean; resistanceBonus: string; resistanceExcluded: string[];
      sizeChoices: string[]; grants: { choose: number; options: string[] }[] };
    const hero = (await CONFIG.Actor.documentClass.create({ name: `A ${name}`, type: "character" } as never)) as unknown as ClockworkActor;
    const chosen = rules.grants.flatMap((g) => g.options.slice(0, g.choose));
    await hero.applySpecies(dropped(species), {
      bonusSkills: rules.anyBonusSkills ? ["knowledge", "perception"] : rules.bonusSkills.slice(0, 2),
      resistanceType: rules.resistanceBonus === "any" ? ["slashing", "ballistic"].find((t) => !rules.resistanceExcluded.includes(t)) : undefined,
      sizeChoice: rules.sizeChoices[0],
      grants: chosen,
    });
    const grantedNames = chosen.map((uuid) => items().find((d) => uuid.endsWith(`.${d._id}`))!.name);
    expect(hero.items.map((i) => i.name).sort()).toEqual([name, ...grantedNames].sort());
    expect(hero.creature.species?.identifier).toBe(species.system!.identifier);
  });
});
