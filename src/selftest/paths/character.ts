/**
 * The character paths: a character made through the builder's data path (the GM's "New
 * Character", a draft changed step by step as the builder's form changes it, and the builder's
 * one commit), its sheet opened and edited through the form, a compendium weapon and spell
 * dropped on it, and a skill rolled with the odds the roll dialog would show checked against
 * the rules core.
 */
import { hooks, localize, resolveUuid, worldCollection } from "../../foundry";
import { chanceOfGains, countGains } from "../../rules";
import { catalogFrom, loadBrowserEntries } from "../../applications/builder/catalog";
import { commitBuild } from "../../applications/builder/commit";
import { applyChanges, newDraft, type BuilderChange, type CatalogEntry } from "../../applications/builder/draft";
import { actorCreationProblems } from "../../applications/builder/register";
import { newCharacter } from "../../documents/new-character";
import { buildPool, type GainRollRequest } from "../../dice/pool";
import { requestOdds } from "../../dice/context/roll-dialog";
import { dropOn } from "./drop";
import { expectThat, problem, skip, type PathContext, type PlayedPath } from "./types";
import { until } from "./wait";

interface ItemDoc {
  id: string | null;
  name: string;
  type: string;
  _stats?: { compendiumSource?: string | null };
}

interface SheetLike {
  rendered: boolean;
  element: HTMLElement;
  render(options: object): Promise<unknown>;
  close(): Promise<unknown>;
}

export interface CharacterDoc {
  id: string | null;
  uuid: string;
  name: string;
  type: string;
  items: { size: number; contents: ItemDoc[] };
  sheet: SheetLike | null;
  system: Record<string, unknown>;
  update(changes: object): Promise<unknown>;
  rollSkill(skill: string, options: object): Promise<RollLike | null>;
}

interface RollLike {
  faces: number[];
  threshold: number;
  gains: number;
  outcome?: { success?: boolean | null } | null;
}

interface PackLike {
  collection: string;
  documentName: string;
  getIndex(): Promise<Iterable<{ _id: string; name?: string; type?: string; uuid?: string; system?: { identifier?: string } }>>;
}

const SKILL = "perception";

/** A new character of the GM's own, made as "New Character" makes it; the path's scratch takes it away. */
export async function scratchCharacter(context: PathContext, source: object = {}): Promise<CharacterDoc> {
  const actor = (await newCharacter()) as CharacterDoc | null;
  if (!actor) throw problem("Refused");
  context.scratch.track(actor);
  const name = localize("CLOCKWORK.SelfTest.ActorName");
  await actor.update({ name, flags: { clockwork: { selfTest: true } }, ...source });
  return actor;
}

/** An entry of a system pack: by identifier when given, else the first of the type. */
export async function packEntry(packId: string, type: string, identifier?: string): Promise<{ uuid: string; name: string }> {
  const pack = worldCollection<{ get(id: string): PackLike | undefined }>("packs")?.get(packId);
  if (!pack || pack.documentName !== "Item") throw skip("NoPack", { pack: packId });
  const entries = [...(await pack.getIndex())].filter((e) => (e.type ?? type) === type);
  const found = identifier ? entries.find((e) => e.system?.identifier === identifier || e.name?.toLowerCase().replace(/\s+/g, "-") === identifier) : entries[0];
  if (!found) throw skip("NoEntry", { pack: packId, entry: identifier ?? type });
  return { uuid: found.uuid ?? `Compendium.${pack.collection}.Item.${found._id}`, name: found.name ?? found._id };
}

// ---------------------------------------------------------------- the builder

/** A legal starting character from the system's own compendia: the premade Dwarf defender of the builder's guide. */
const RECIPE = {
  ranks: { strength: 7, stamina: 8, agility: 8, will: 8, perception: 9, ingenuity: 9, knowledge: 9, accuracy: 10, intuition: 10, charisma: 10, creativity: 10, manipulation: 10 },
  species: ["species", "Dwarves"],
  speciesSkills: ["strength", "ingenuity"],
  personalBonus: "will",
  foci: ["Juggernaut", "Hammers", "Medicine"],
  customRanks: { strength: 6, stamina: 7, agility: 7 },
  features: ["Phalanx", "Attack of Opportunity", "Diehard", "Power Attack", "Challenge"],
  allocation: { blunt: 3, piercing: 2, slashing: 2 },
  gear: [["armor", "Platemail"], ["shield", "Riot / Tower Shield"], ["weapon", "Warhammer"]],
} as const;

function recipeChanges(entries: readonly CatalogEntry[], name: string): BuilderChange[][] {
  const find = (type: string, entryName: string): CatalogEntry => {
    const found = entries.find((e) => e.type === type && e.name === entryName);
    if (!found) throw skip("NoEntry", { pack: type, entry: entryName });
    return found;
  };
  return [
    [{ kind: "name", value: name }, { kind: "step", step: "skills" }],
    [...Object.entries(RECIPE.ranks).map(([skill, rank]) => ({ kind: "rank" as const, skill, rank })), { kind: "premade", option: 1 }, { kind: "step", step: "species" }],
    [
      { kind: "species", entry: find(RECIPE.species[0], RECIPE.species[1]) },
      ...RECIPE.speciesSkills.map((skill) => ({ kind: "speciesSkill" as const, skill, on: true })),
      { kind: "step", step: "bonusSkill" },
    ],
    [{ kind: "personalBonus", value: RECIPE.personalBonus }, { kind: "step", step: "foci" }],
    [...RECIPE.foci.map((f) => ({ kind: "focus" as const, entry: find("focus", f), on: true })), { kind: "step", step: "customization" }],
    [
      ...Object.entries(RECIPE.customRanks).map(([skill, rank]) => ({ kind: "customRank" as const, skill, rank })),
      ...RECIPE.features.map((f) => ({ kind: "feature" as const, entry: find("feature", f), on: true })),
      { kind: "step", step: "resistance" },
    ],
    [...Object.entries(RECIPE.allocation).map(([type, value]) => ({ kind: "allocation" as const, type, value })), { kind: "step", step: "equipment" }],
    [
      ...RECIPE.gear.flatMap(([type, gearName]) => {
        const entry = find(type, gearName);
        return [{ kind: "gear" as const, entry, quantity: 1 }, { kind: "equip" as const, id: entry.uuid, on: true }];
      }),
      { kind: "step", step: "review" },
    ],
  ];
}

const createCharacter: PlayedPath = {
  key: "buildCharacter",
  async run(context) {
    const entries = await loadBrowserEntries();
    // The builder's catalog from the same index rows (what its steps offer).
    const catalog = catalogFrom(entries);
    expectThat(catalog.species.length > 0, "NoSpecies");
    const actor = await scratchCharacter(context);
    let draft = newDraft(actor.name);
    for (const group of recipeChanges(entries, actor.name)) {
      const result = applyChanges(draft, group);
      if (result.refused.length) throw problem("BuildRefused", { details: JSON.stringify(result.refused[0]) });
      draft = result.draft;
    }
    await commitBuild(actor as never, draft);
    const problems = actorCreationProblems(actor as never);
    expectThat(problems.length === 0, "BuildProblems", { details: problems.map((p) => `${p.step}: ${p.code}`).join(", ") });
    const items = actor.items.size;
    expectThat(items >= RECIPE.foci.length + RECIPE.features.length + RECIPE.gear.length, "BuildItems", { count: items });
    return localize("CLOCKWORK.SelfTest.Built", { items });
  },
};

// ---------------------------------------------------------------- the sheet

async function openSheet(actor: CharacterDoc): Promise<SheetLike> {
  const sheet = actor.sheet;
  if (!sheet) throw problem("NoSheet");
  await sheet.render({ force: true });
  expectThat(sheet.rendered, "NotRendered");
  return sheet;
}

const editSheet: PlayedPath = {
  key: "editSheet",
  async run(context) {
    const actor = await scratchCharacter(context);
    const sheet = await openSheet(actor);
    context.scratch.defer(() => sheet.close());
    // A character without items opens in edit mode: its name is a field of the form.
    const input = sheet.element.querySelector<HTMLInputElement>("input[name=name]");
    expectThat(input, "NoField", { field: "name" });
    const name = `${actor.name} ✎`;
    input!.value = name;
    input!.dispatchEvent(new Event("change", { bubbles: true }));
    expectThat(await until(() => actor.name === name), "NotSaved", { field: "name" });
    await sheet.close();
    expectThat(!sheet.rendered, "NotClosed");
    return name;
  },
};

const dropWeaponAndSpell: PlayedPath = {
  key: "dropWeaponSpell",
  async run(context) {
    // A spell dropped on a sheet is bought with XP: enough for the first one.
    const actor = await scratchCharacter(context, { system: { xp: { earned: 40 } } });
    const sheet = await openSheet(actor);
    context.scratch.defer(() => sheet.close());
    const dropped: string[] = [];
    for (const [pack, type] of [["clockwork.weapons", "weapon"], ["clockwork.spells", "spell"]] as const) {
      const entry = await packEntry(pack, type);
      await dropOn(sheet, "Item", entry.uuid);
      // A spell is bought first (its XP asked and paid), so it may arrive after the drop resolves.
      const owned = await until(() => actor.items.contents.some((i) => i.type === type && (i._stats?.compendiumSource === entry.uuid || i.name === entry.name)));
      expectThat(owned, "NotDropped", { name: entry.name });
      dropped.push(entry.name);
    }
    await sheet.close();
    return dropped.join(", ");
  },
};

// ---------------------------------------------------------------- a roll with its odds

const rollWithOdds: PlayedPath = {
  key: "rollOdds",
  async run(context) {
    const actor = await scratchCharacter(context);
    let seen: { chance: number | null; core: number | null; dice: number; threshold: number; needed: number | null } | null = null;
    // The request as the roll dialog would show it, read where macros and modules read it.
    const id = hooks().on("clockwork.preRoll", ((rolling: { uuid?: string }, request: GainRollRequest & { kind: string }) => {
      if (rolling?.uuid !== actor.uuid || request.kind !== "gain") return;
      const pool = buildPool(request);
      const odds = requestOdds(request, pool);
      seen = {
        chance: odds.chance, dice: pool.dice, threshold: request.threshold, needed: odds.needed,
        core: odds.needed === null || request.hexed ? null : chanceOfGains(pool.dice, request.threshold, odds.needed),
      };
    }) as never);
    let roll: RollLike | null;
    try {
      roll = await actor.rollSkill(SKILL, { skipDialog: true, difficulty: "hard", rollMode: "selfroll" });
    } finally {
      hooks().off("clockwork.preRoll", id);
    }
    expectThat(roll, "NoRoll");
    const odds = seen as { chance: number | null; core: number | null; dice: number; threshold: number; needed: number | null } | null;
    expectThat(odds && odds.chance !== null && odds.core !== null, "NoOdds");
    expectThat(Math.abs(odds!.chance! - odds!.core!) < 1e-12, "OddsDiffer", { shown: odds!.chance, core: odds!.core });
    // The card's dice: as many as the pool, counted as the rules core counts them.
    expectThat(roll!.faces.length === odds!.dice, "DiceCount", { dice: roll!.faces.length, pool: odds!.dice });
    const gains = countGains(roll!.faces, odds!.threshold);
    expectThat(roll!.gains === gains, "GainsDiffer", { shown: roll!.gains, core: gains });
    if (typeof roll!.outcome?.success === "boolean") expectThat(roll!.outcome.success === gains >= odds!.needed!, "OutcomeDiffers");
    return localize("CLOCKWORK.SelfTest.Odds", { dice: odds!.dice, threshold: odds!.threshold, needed: odds!.needed, chance: (odds!.chance! * 100).toFixed(2), gains });
  },
};

/** Resolves a document from its UUID (compendium ones included). */
export async function documentAt<T>(uuid: string): Promise<T> {
  const doc = await resolveUuid<T>(uuid);
  if (!doc) throw problem("NoDocument", { uuid });
  return doc;
}

export const CHARACTER_PATHS: readonly PlayedPath[] = [createCharacter, editSheet, dropWeaponAndSpell, rollWithOdds];
