/**
 * The starter kit: eight pregenerated characters legal by every creation rule, twelve foes
 * built by the recipe of docs/rulings.md, and the Getting Started journal. Every actor is
 * audited with the rules core's own `creationProblems`, validated against the system's data
 * models, and created as a document to compare its derived numbers.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createWorld, validateDocument } from "../world";
import { buildFromActor, type ActorSourceLike } from "../../src/applications/builder/build-data";
import { planEquip } from "../../src/documents/equip-plan";
import {
  COUNTERS_PER_TURN, CREATION_SKILL_POINTS, CUSTOMIZATION_POINTS, HIGH_ELF_EXTRA_CUSTOMIZATION_POINTS, STARTING_CURRENCY,
  WEALTHY_BONUS, cpSpent, creationProblems, creationSummary, fociRequired,
} from "../../src/rules";
import type { CreationProblem } from "../../src/rules";
import type { ClockworkActor } from "../../src/documents";
import { documents, items, journals, manifest, type PlainObject, type SourceDocument } from "./load-sources";

const actorsOf = (pack: string): SourceDocument[] => documents(pack).filter((d) => d._key.startsWith("!actors!"));
const pregens = actorsOf("pregens");
const foes = actorsOf("foes");
const embedded = (doc: SourceDocument): SourceDocument[] => (doc.items ?? []) as SourceDocument[];
const flags = (doc: SourceDocument): PlainObject => ((doc.flags as PlainObject | undefined)?.clockwork ?? {}) as PlainObject;
const asActor = (doc: SourceDocument): ActorSourceLike => doc as unknown as ActorSourceLike;
/** A source as Foundry receives it: no `_key` anywhere. */
function foundrySource(doc: SourceDocument): PlainObject {
  const { _key: _omit, items: list, ...rest } = structuredClone(doc) as SourceDocument & { items?: SourceDocument[] };
  return { ...rest, items: (list ?? []).map(({ _key: _k, ...item }) => item) };
}
const itemPacks = manifest.packs.filter((p) => p.type === "Item").map((p) => p.name);
const packItem = (type: string, identifier: string): SourceDocument | undefined =>
  itemPacks.flatMap((p) => items(p)).find((d) => d.type === type && d.system?.identifier === identifier);

beforeAll(async () => {
  await createWorld({ users: [{ name: "Gamemaster", role: "gm" }] });
});

describe("pack declarations", () => {
  it("declares the three starter packs in system.json and the Starter Kit folder", () => {
    const byName = new Map(manifest.packs.map((p) => [p.name, p.type]));
    expect(byName.get("pregens")).toBe("Actor");
    expect(byName.get("foes")).toBe("Actor");
    expect(byName.get("getting-started")).toBe("JournalEntry");
    const folders = (manifest as unknown as { packFolders: { folders: { name: string; packs: string[] }[] }[] }).packFolders[0].folders;
    expect(folders.find((f) => f.name === "Starter Kit")?.packs.sort()).toEqual(["foes", "getting-started", "pregens"]);
  });
});

describe("pregenerated characters", () => {
  it("are 8 characters, one per premade option, each of a different species", () => {
    expect(pregens).toHaveLength(8);
    expect(pregens.every((d) => d.type === "character")).toBe(true);
    expect(pregens.map((d) => (flags(d).creation as { premadeOption: number }).premadeOption).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const species = pregens.map((d) => embedded(d).filter((i) => i.type === "species").map((i) => i.name));
    expect(species.every((s) => s.length === 1)).toBe(true);
    expect(new Set(species.flat()).size).toBe(8);
  });

  it.each(pregens.map((d) => [d.name, d] as const))("%s passes creationProblems with zero problems", (_name, doc) => {
    const build = buildFromActor(asActor(doc));
    expect(creationProblems(build)).toEqual([]);
    const summary = creationSummary(build);
    // Spent to the point: 36 skill points, every CP, every resistance point.
    expect(summary.skillPoints.spent).toBe(CREATION_SKILL_POINTS);
    expect(summary.cp.left).toBe(0);
    expect(summary.resistancePoints.left).toBe(0);
  });

  it("include the Human (4 foci) and the High Elf (16 CP) exceptions", () => {
    const bySpecies = (name: string) => pregens.find((d) => embedded(d).some((i) => i.type === "species" && i.name === name))!;
    const human = buildFromActor(asActor(bySpecies("Humans")));
    expect(human.foci).toHaveLength(4);
    expect(fociRequired(human.species)).toBe(4);
    const elf = buildFromActor(asActor(bySpecies("High Elves")));
    expect(cpSpent(elf)).toBe(CUSTOMIZATION_POINTS + HIGH_ELF_EXTRA_CUSTOMIZATION_POINTS);
  });

  it.each(pregens.map((d) => [d.name, d] as const))("%s is fully equipped within budget and keeps the change", (_name, doc) => {
    const build = buildFromActor(asActor(doc));
    const summary = creationSummary(build);
    const equipped = doc.system!.equipped as Record<string, string>;
    expect(equipped.armor, "wears armor").not.toBe("");
    expect(equipped.mainHand, "holds a weapon").not.toBe("");
    expect(summary.currency.spent).toBeLessThanOrEqual(summary.currency.budget);
    expect(doc.system!.currency).toBe(summary.currency.left);
    expect(summary.currency.budget).toBe(STARTING_CURRENCY + WEALTHY_BONUS * build.features.filter((f) => f.identifier === "wealthy").length);
    // The armor worn is within the Strength limit: no encumbrance.
    expect(summary.derived.encumbrance).toBe("none");
  });
});

/** The foe recipe of docs/rulings.md: customization points, foci and vitals by role. */
const RECIPE: Record<string, { cp: number; foci: number; vitals: number }> = {
  minion: { cp: 4, foci: 1, vitals: 1 },
  soldier: { cp: 8, foci: 2, vitals: 4 },
  brute: { cp: 12, foci: 2, vitals: 6 },
  caster: { cp: 12, foci: 2, vitals: 4 },
  beast: { cp: 12, foci: 2, vitals: 5 },
  boss: { cp: 20, foci: 3, vitals: 8 },
};

/** Creation rules a foe follows differently, by design (the recipe). */
function recipeProblems(doc: SourceDocument): CreationProblem[] {
  const build = buildFromActor(asActor(doc));
  return creationProblems(build).filter((p) => {
    if (p.code === "fociCount" || p.code === "cpOverspent") return false; // checked against the recipe below
    if (!build.species && p.step === "species") return false; // beasts and undead have no species
    return true;
  });
}

describe("foes", () => {
  const role = (doc: SourceDocument): string => String(flags(doc).role);

  it("are 12 NPCs: 4 minions, 4 soldiers, a brute, a caster, a beast and a boss", () => {
    expect(foes).toHaveLength(12);
    expect(foes.every((d) => d.type === "npc")).toBe(true);
    const counts: Record<string, number> = {};
    for (const foe of foes) counts[role(foe)] = (counts[role(foe)] ?? 0) + 1;
    expect(counts).toEqual({ minion: 4, soldier: 4, brute: 1, caster: 1, beast: 1, boss: 1 });
  });

  it("tags minions for the minion rules: one vital, system.minion and flags.clockwork.minion", () => {
    for (const foe of foes) {
      const minion = role(foe) === "minion";
      expect(foe.system!.minion, foe.name).toBe(minion);
      expect(flags(foe).minion === true, foe.name).toBe(minion);
    }
  });

  it.each(foes.map((d) => [d.name, d] as const))("%s is built by the recipe", (_name, doc) => {
    const recipe = RECIPE[role(doc)];
    const build = buildFromActor(asActor(doc));
    expect(recipeProblems(doc)).toEqual([]);
    expect(cpSpent(build)).toBe(recipe.cp + (build.species?.extraCustomizationPoints ?? 0));
    expect(build.foci).toHaveLength(recipe.foci + (build.species?.extraFoci ?? 0));
    expect(doc.system!.vitalsMax).toBe(recipe.vitals);
  });
});

describe("every starter actor", () => {
  const all = [...pregens, ...foes];

  it.each(all.map((d) => [d.name, d] as const))("%s validates against the system's data models", (_name, doc) => {
    const source = foundrySource(doc);
    expect(validateDocument("Actor", source).errors).toEqual({});
    for (const item of source.items as PlainObject[]) {
      expect(validateDocument("Item", item).errors, `${doc.name}: ${String(item.name)}`).toEqual({});
    }
  });

  it.each(all.map((d) => [d.name, d] as const))("%s carries compendium items unchanged (the kit copies, it does not invent)", (_name, doc) => {
    for (const item of embedded(doc)) {
      const original = packItem(String(item.type), String(item.system!.identifier));
      if (item.name === "Bite") continue; // the Dire Wolf's renamed unarmed strike
      expect(original, `${doc.name}: ${item.name}`).toBeDefined();
      const { quantity: _q, container: _c, ...system } = item.system!;
      const { quantity: _oq, container: _oc, ...originalSystem } = original!.system!;
      expect(system, `${doc.name}: ${item.name}`).toEqual(originalSystem);
      expect(item.name).toBe(original!.name);
    }
  });

  it.each(all.map((d) => [d.name, d] as const))("%s holds its equipment as the equip rules would place it", (_name, doc) => {
    const owned = new Map(embedded(doc).map((i) => [i._id, i]));
    const stored = doc.system!.equipped as Record<"mainHand" | "offHand" | "armor" | "shield", string>;
    const titanGrip = embedded(doc).some((i) => i.system?.identifier === "titan-grip");
    const candidate = (id: string) => {
      const item = owned.get(id);
      return item ? { id, type: String(item.type), hands: item.system?.hands as string | undefined, weight: item.system?.weight as string | undefined } : undefined;
    };
    let slots = { mainHand: "", offHand: "", armor: "", shield: "" };
    const order = [stored.armor, stored.shield, stored.mainHand, stored.offHand].filter((id, i, list) => id && list.indexOf(id) === i);
    for (const id of order) slots = planEquip(slots, candidate(id)!, id === stored.offHand && id !== stored.mainHand ? "offHand" : undefined, { titanGrip, lookup: candidate });
    expect(slots).toEqual(stored);
  });

  it.each(all.map((d) => [d.name, d] as const))("%s starts with full mana and the vitals of its kind", async (_name, doc) => {
    const actor = (await CONFIG.Actor.documentClass.create(foundrySource(doc) as never)) as unknown as ClockworkActor;
    const system = actor.creature;
    expect(system.mana.value).toBe(system.mana.max);
    const expected = doc.type === "character" ? 6 : RECIPE[String(flags(doc).role)].vitals;
    expect(system.health.vitalsMax).toBe(expected);
    expect(system.resistancePoints.remaining).toBe(0);
  });
});

describe("Getting Started journal", () => {
  const journal = journals("getting-started").find((j) => j.name === "Getting Started")!;
  const pages = (journal?.pages ?? []) as SourceDocument[];
  const text = (page: SourceDocument): string => (page.text as { content: string }).content.replace(/<[^>]+>/g, " ");
  const key = (page: SourceDocument): string => String(((page.flags as PlainObject).clockwork as PlainObject).key);

  it("covers installing, building a character, the first fight, the counters and a glossary, in order", () => {
    expect(pages.map(key)).toEqual(["welcome", "installing", "building", "first-fight", "counters", "glossary"]);
  });

  it("keeps every page readable in one sitting", () => {
    for (const page of pages) {
      const words = text(page).split(/\s+/).filter(Boolean).length;
      expect(words, page.name).toBeGreaterThan(80);
      expect(words, page.name).toBeLessThan(600);
    }
  });

  it("states the numbers the rules core uses", () => {
    const all = pages.map(text).join(" ");
    expect(all).toContain(`${CREATION_SKILL_POINTS} points`);
    expect(all).toContain(`${STARTING_CURRENCY} currency`);
    expect(all).toContain(`${WEALTHY_BONUS} more for each Wealthy`);
    expect(all).toContain(`${CUSTOMIZATION_POINTS} (High Elves ${CUSTOMIZATION_POINTS + HIGH_ELF_EXTRA_CUSTOMIZATION_POINTS})`);
    expect(text(pages.find((p) => key(p) === "counters")!)).toMatch(new RegExp(`\\b(six|${COUNTERS_PER_TURN}) action counters`));
  });

  it("defines at least fifteen terms in the glossary", () => {
    const glossary = (pages.find((p) => key(p) === "glossary")!.text as { content: string }).content;
    expect(glossary.match(/<dt>/g)?.length ?? 0).toBeGreaterThanOrEqual(15);
  });
});
