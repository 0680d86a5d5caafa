import { beforeAll, describe, expect, it } from "vitest";
import { createWorld } from "../../world";
import { actorDataFromBuild, buildFromActor, type ItemSourceLike } from "../../../src/applications/builder/build-data";
import { parseBuilderForm } from "../../../src/applications/builder/builder-form";
import { applyChange, applyChanges, loadDraft, neighbourStep, newDraft, priorityOrder } from "../../../src/applications/builder/draft";
import { creationProblems, creationSummary, untrainedSkills } from "../../../src/rules";
import type { ClockworkActor } from "../../../src/documents";
import { items, manifest } from "../../packs/load-sources";
import { DWARF_RANKS, dwarfChanges, dwarfDraft, entry, sourceCatalog } from "./fixtures";

const { entries } = sourceCatalog();
const e = (type: string, name: string) => entry(entries, type, name);
const codes = (list: { code: string }[]) => list.map((p) => p.code);

describe("from an empty draft to a legal character, change by change", () => {
  it("each step's changes are accepted and the last leaves no problem", () => {
    const groups = dwarfChanges(entries);
    let draft = newDraft("New Character");
    expect(creationProblems(draft.build).length).toBeGreaterThan(0);
    for (const group of groups) {
      const result = applyChanges(draft, group);
      expect(result.refused).toEqual([]);
      draft = result.draft;
    }
    expect(draft.step).toBe("review");
    expect(creationProblems(draft.build)).toEqual([]);
    const summary = creationSummary(draft.build);
    expect(summary.cp).toEqual({ budget: 12, spent: 12, left: 0 });
    expect(summary.currency).toEqual({ budget: 2000, spent: 950, left: 1050 });
    expect(draft.build.premadeOption).toBe(1);
    expect(draft.labels[e("species", "Dwarves").uuid]).toBe("Dwarves");
  });

  it("a premade option keeps the player's order of skills", () => {
    const skills = { ...untrainedSkills(), ...DWARF_RANKS };
    expect(priorityOrder(skills).slice(0, 4)).toEqual(["strength", "agility", "stamina", "will"]);
    const draft = dwarfDraft(entries, 2);
    expect(draft.build.skills).toEqual(skills);
  });
});

describe("refusals keep the rest of the draft", () => {
  const atSpecies = () => dwarfDraft(entries, 3);

  it("a third species skill is refused with the reason", () => {
    const draft = atSpecies();
    const result = applyChange(draft, { kind: "speciesSkill", skill: "creativity", on: true });
    expect(result.draft).toBe(draft);
    expect(result.refused).toEqual([{ step: "species", code: "speciesSkillCount", value: 3, limit: 2 }]);
  });

  it("a skill the species does not offer is refused; Humans take any", () => {
    const draft = applyChange(atSpecies(), { kind: "speciesSkill", skill: "ingenuity", on: false }).draft;
    expect(codes(applyChange(draft, { kind: "speciesSkill", skill: "accuracy", on: true }).refused)).toEqual(["speciesSkillNotOffered"]);
    const human = applyChange(draft, { kind: "species", entry: e("species", "Humans") }).draft;
    expect(human.build.speciesBonusSkills).toEqual([]);
    expect(applyChange(human, { kind: "speciesSkill", skill: "accuracy", on: true }).refused).toEqual([]);
  });

  it("a banned feature and a missing prerequisite are refused at customization", () => {
    const draft = dwarfDraft(entries, 5);
    const legendary = applyChange(draft, { kind: "feature", entry: e("feature", "Legendary Animal Companion"), on: true });
    expect(codes(legendary.refused)).toEqual(expect.arrayContaining(["featureBanned", "featurePrerequisite"]));
    expect(legendary.draft).toBe(draft);
    const dire = applyChange(draft, { kind: "feature", entry: e("feature", "Dire Animal Companion"), on: true });
    expect(dire.refused).toEqual([{ step: "customization", code: "featurePrerequisite", subject: "dire-animal-companion", detail: "animal-companion" }]);
  });

  it("spending past a budget is refused, spending less is kept", () => {
    const draft = dwarfDraft(entries, 6);
    expect(codes(applyChange(draft, { kind: "feature", entry: e("feature", "Deadeye"), on: true }).refused)).toEqual(["cpOverspent"]);
    expect(applyChange(draft, { kind: "feature", entry: e("feature", "Challenge"), on: false }).refused).toEqual([]);
    expect(codes(applyChange(dwarfDraft(entries, 7), { kind: "allocation", type: "energy", value: 1 }).refused)).toEqual(["resistanceOverspent"]);
    expect(codes(applyChange(dwarfDraft(entries, 7), { kind: "allocation", type: "blunt", value: 4 }).refused)).toEqual(expect.arrayContaining(["resistanceOverCap"]));
    const shop = dwarfDraft(entries, 8);
    expect(codes(applyChange(shop, { kind: "gear", entry: e("armor", "Scalemail"), quantity: 2 }).refused)).toEqual(["overBudget"]);
  });

  it("a rank below 7 or a 37th point is refused in a free spend", () => {
    const draft = applyChange(dwarfDraft(entries, 2), { kind: "premade", option: null }).draft;
    expect(codes(applyChange(draft, { kind: "rank", skill: "strength", rank: 6 }).refused)).toEqual(expect.arrayContaining(["belowFloor"]));
    expect(codes(applyChange(draft, { kind: "rank", skill: "soul", rank: 11 }).refused)).toEqual(["pointsSpent"]);
    // Under a premade option a moved rank only breaks the match, which the player can finish.
    expect(applyChange(dwarfDraft(entries, 2), { kind: "rank", skill: "soul", rank: 11 }).refused).toEqual([]);
  });

  it("removing a feature takes the features that needed it", () => {
    let draft = dwarfDraft(entries, 5);
    draft = applyChanges(draft, [
      { kind: "feature", entry: e("feature", "Animal Companion"), on: true },
      { kind: "feature", entry: e("feature", "Dire Animal Companion"), on: true },
    ]).draft;
    expect(draft.build.features.map((f) => f.identifier)).toEqual(["animal-companion", "dire-animal-companion"]);
    draft = applyChange(draft, { kind: "feature", entry: e("feature", "Animal Companion"), on: false }).draft;
    expect(draft.build.features).toEqual([]);
  });

  it("a spell pair is added and removed together, at one price", () => {
    const draft = dwarfDraft(entries, 5);
    const haste = e("spell", "Haste");
    const slow = e("spell", "Slow");
    const added = applyChange(draft, { kind: "spell", entry: haste, on: true, pair: slow }).draft;
    expect(added.build.spells.map((s) => s.identifier)).toEqual(["haste", "slow"]);
    expect(creationSummary(added.build).cp.spent).toBe(2);
    expect(applyChange(added, { kind: "spell", entry: slow, on: false, pair: haste }).draft.build.spells).toEqual([]);
  });

  it("a new species drops the old picks and takes grants without a choice at once", () => {
    const goblin = applyChange(atSpecies(), { kind: "species", entry: e("species", "Goblins") }).draft;
    expect(goblin.build.speciesBonusSkills).toEqual([]);
    expect(goblin.build.grants).toHaveLength(2);
    const djinn = applyChange(atSpecies(), { kind: "species", entry: e("species", "Djinn") }).draft;
    expect(djinn.build.grants).toEqual([]);
  });

  it("wearing a second armor takes the first one off", () => {
    const draft = applyChanges(dwarfDraft(entries), [
      { kind: "gear", entry: e("armor", "Leather Armor"), quantity: 1 },
      { kind: "equip", id: e("armor", "Leather Armor").uuid, on: true },
    ]).draft;
    expect(draft.build.equipment.filter((g) => g.type === "armor" && g.equipped).map((g) => g.id)).toEqual([e("armor", "Leather Armor").uuid]);
  });
});

describe("drafts on the actor", () => {
  it("round-trip through JSON and survive a missing or foreign flag", () => {
    const draft = dwarfDraft(entries, 4);
    expect(loadDraft(JSON.parse(JSON.stringify(draft)), "X")).toEqual(draft);
    expect(loadDraft(undefined, "Ada").build.name).toBe("Ada");
    expect(loadDraft({ version: 0, build: {} }, "Ada")).toEqual(newDraft("Ada"));
    expect(loadDraft({ ...draft, step: "nowhere" }, "Ada").step).toBe("concept");
  });

  it("keep their display names by UUID through the actor's flag (core expands dotted keys on write)", async () => {
    const draft = dwarfDraft(entries, 4);
    expect(Object.keys(draft.labels).some((uuid) => uuid.includes("."))).toBe(true);
    const world = await createWorld({ users: [{ name: "Gamemaster", role: "gm" }], packs: false });
    try {
      const actor = (await CONFIG.Actor.documentClass.create({ name: "Drafting", type: "character" } as never))!;
      await actor.setFlag("clockwork" as never, "builderDraft" as never, draft as never);
      expect(loadDraft(actor.getFlag("clockwork" as never, "builderDraft" as never), "X").labels).toEqual(draft.labels);
    } finally {
      world.close();
    }
  });

  it("steps move one at a time and stop at the ends", () => {
    expect(neighbourStep("concept", -1)).toBe("concept");
    expect(neighbourStep("concept", 1)).toBe("skills");
    expect(neighbourStep("review", 1)).toBe("review");
  });
});

describe("the form", () => {
  it("turns only the edited fields into changes", () => {
    const draft = dwarfDraft(entries, 7);
    const form = { name: draft.build.name, "rank.strength": "7", "custom.strength": "5", "allocation.blunt": "3", mode: "1", personalBonus: "will" };
    expect(parseBuilderForm(form, draft, () => undefined).changes).toEqual([{ kind: "customRank", skill: "strength", rank: 5 }]);
    const nested = { rank: { strength: "8" }, spellFilter: { school: "fire", level: "" } };
    const parsed = parseBuilderForm(nested, draft, () => undefined);
    expect(parsed.changes).toEqual([{ kind: "rank", skill: "strength", rank: 8 }]);
    expect(parsed.spellFilters?.school).toBe("fire");
    expect(parsed.gearFilters).toBeNull();
    expect(parseBuilderForm({ mode: "free" }, draft, () => undefined).changes).toEqual([{ kind: "premade", option: null }]);
  });
});

describe("the review's write", () => {
  const sources = new Map<string, ItemSourceLike>();
  for (const pack of manifest.packs.filter((p) => p.type === "Item")) {
    for (const doc of items(pack.name)) sources.set(`Compendium.${manifest.id}.${pack.name}.Item.${doc._id}`, doc as unknown as ItemSourceLike);
  }
  let next = 0;
  const newId = () => `builderItem${String(++next).padStart(5, "0")}`;
  let actor: ClockworkActor;
  const draft = dwarfDraft(entries);

  beforeAll(async () => {
    await createWorld({ users: [{ name: "Gamemaster", role: "gm" }] });
    const write = actorDataFromBuild(draft.build, (id) => sources.get(id), newId);
    const stripped = write.items.map(({ _key: _k, ...item }) => item);
    actor = (await CONFIG.Actor.documentClass.create({ name: draft.build.name, type: "character", system: write.system, flags: write.flags, items: stripped } as never)) as unknown as ClockworkActor;
  });

  it("creates every chosen item, the species' grants flagged, with compendium sources recorded", () => {
    const names = actor.items.map((i) => i.name).sort();
    expect(names).toEqual(["Attack of Opportunity", "Challenge", "Diehard", "Dwarves", "Hammers", "Health Potion, Minor", "Juggernaut", "Medicine", "Phalanx",
      "Platemail", "Power Attack", "Riot / Tower Shield", "Warhammer"].sort());
    const potion = actor.items.find((i) => i.name === "Health Potion, Minor")!;
    expect((potion.system as unknown as { quantity: number }).quantity).toBe(2);
    expect((actor.items.find((i) => i.name === "Dwarves")!._source as { _stats?: { compendiumSource?: string } })._stats?.compendiumSource).toBe(e("species", "Dwarves").uuid);
  });

  it("writes the ranks, picks, allocation, equipped slots and the change", () => {
    const system = actor.creature;
    expect(system.skills.strength.rank).toBe(6);
    expect(system.skills.agility.rank).toBe(7);
    expect(system.speciesBonusSkills).toEqual(["strength", "ingenuity"]);
    expect(system.personalBonusSkill).toBe("will");
    expect(system.resistanceAllocation).toMatchObject({ blunt: 3, piercing: 2, slashing: 2 });
    expect(system.currency).toBe(1050);
    expect(system.resistances.blunt.species).toBe(6);
    const id = (name: string) => actor.items.find((i) => i.name === name)!.id;
    expect(system.equipped).toEqual({ mainHand: id("Warhammer"), offHand: "", armor: id("Platemail"), shield: id("Riot / Tower Shield") });
    expect(system.attributes.body).toBe(8);
    expect(system.mana.value).toBe(system.mana.max);
  });

  it("reads back into the same build, which passes every rule", () => {
    const back = buildFromActor(actor.toObject() as never);
    expect(creationProblems(back)).toEqual([]);
    expect(back.premadeOption).toBe(1);
    expect(creationSummary(back).cp.spent).toBe(12);
  });

  it("names the document it cannot find instead of writing half a character", () => {
    expect(() => actorDataFromBuild(draft.build, () => undefined, newId)).toThrow(/no source for chosen document Compendium\.clockwork\.species/);
  });
});
