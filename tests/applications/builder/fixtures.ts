/**
 * Builder test data from the real pack sources: the catalog the builder would read from the
 * compendium indexes, a translator over lang/en.json (the same contract as game.i18n.format),
 * and the changes a player makes to build a legal Dwarf from an empty draft.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { browserEntry, type BrowserEntry } from "../../../src/applications/builder/browser-core";
import { catalogFrom } from "../../../src/applications/builder/catalog";
import type { BuilderCatalog, Translate } from "../../../src/applications/builder/builder-context";
import { applyChanges, newDraft, type BuilderChange, type BuilderDraft } from "../../../src/applications/builder/draft";
import { emptyAllocation, planAward, planPowerPurchase, planRefund, planSkillPurchase, untrainedSkills } from "../../../src/rules";
import type { XpState } from "../../../src/rules";
import { BUILDER_TEMPLATES } from "../../../src/applications/builder/templates";
import { items, manifest } from "../../packs/load-sources";
import { ROOT, type Renderer } from "../render-harness";
import { renderParts } from "../sheets/sheets";

/** Every item of every Item pack, as the builder's index rows. */
export function sourceEntries(): BrowserEntry[] {
  return manifest.packs.filter((p) => p.type === "Item").flatMap((pack) => items(pack.name).map((doc) =>
    browserEntry({ _id: doc._id, name: doc.name, type: doc.type, img: doc.img, system: doc.system }, { id: `${manifest.id}.${pack.name}`, label: pack.label })));
}

export function sourceCatalog(): { entries: BrowserEntry[]; catalog: BuilderCatalog } {
  const entries = sourceEntries();
  return { entries, catalog: catalogFrom(entries) };
}

type Lang = Record<string, unknown>;
const LANG = JSON.parse(readFileSync(join(ROOT, "lang", "en.json"), "utf8")) as Lang;

/** `t(key, data)` over lang/en.json; records keys it cannot find. */
export function translator(missing = new Set<string>()): Translate & { missing: Set<string> } {
  const t = ((key: string, data?: Record<string, unknown>) => {
    const text = key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Lang)[part] : undefined), LANG);
    if (typeof text !== "string") {
      missing.add(key);
      return key;
    }
    return data ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in data ? String(data[name]) : whole)) : text;
  }) as Translate & { missing: Set<string> };
  t.missing = missing;
  return t;
}

/** The entry of a pack item by type and name. */
export function entry(entries: readonly BrowserEntry[], type: string, name: string): BrowserEntry {
  const found = entries.filter((e) => e.type === type && e.name === name);
  if (found.length !== 1) throw new Error(`${found.length} ${type} entries named ${name}`);
  return found[0];
}

/** Step-2 ranks of the Dwarf (premade option 1); the other four skills stay at 12. */
export const DWARF_RANKS: Record<string, number> = {
  strength: 7, stamina: 8, agility: 8, will: 8, perception: 9, ingenuity: 9, knowledge: 9,
  accuracy: 10, intuition: 10, charisma: 10, creativity: 10, manipulation: 10,
};

/**
 * What a player clicks and types to build a Dwarf defender, step by step: premade option 1,
 * Strength and Ingenuity, Will, three foci, three ranks and five features for 12 CP, seven
 * resistance points, and a platemail, tower shield and warhammer.
 */
export function dwarfChanges(entries: readonly BrowserEntry[]): BuilderChange[][] {
  const e = (type: string, name: string) => entry(entries, type, name);
  return [
    [{ kind: "name", value: "Brokka Stonesong" }, { kind: "biography", value: "Keeps the line." }, { kind: "step", step: "skills" }],
    [
      // A free spend of the 36 points that happens to match premade option 1, which is then chosen.
      ...Object.entries(DWARF_RANKS).map(([skill, rank]) => ({ kind: "rank" as const, skill, rank })),
      { kind: "premade", option: 1 },
      { kind: "step", step: "species" },
    ],
    [
      { kind: "species", entry: e("species", "Dwarves") },
      { kind: "speciesSkill", skill: "strength", on: true }, { kind: "speciesSkill", skill: "ingenuity", on: true },
      { kind: "step", step: "bonusSkill" },
    ],
    [{ kind: "personalBonus", value: "will" }, { kind: "step", step: "foci" }],
    [
      { kind: "focus", entry: e("focus", "Juggernaut"), on: true }, { kind: "focus", entry: e("focus", "Hammers"), on: true },
      { kind: "focus", entry: e("focus", "Medicine"), on: true }, { kind: "step", step: "customization" },
    ],
    [
      { kind: "customRank", skill: "strength", rank: 6 }, { kind: "customRank", skill: "stamina", rank: 7 }, { kind: "customRank", skill: "agility", rank: 7 },
      ...["Phalanx", "Attack of Opportunity", "Diehard", "Power Attack", "Challenge"].map((name) => ({ kind: "feature" as const, entry: e("feature", name), on: true })),
      { kind: "step", step: "resistance" },
    ],
    [
      { kind: "allocation", type: "blunt", value: 3 }, { kind: "allocation", type: "piercing", value: 2 }, { kind: "allocation", type: "slashing", value: 2 },
      { kind: "step", step: "equipment" },
    ],
    [
      { kind: "gear", entry: e("armor", "Platemail"), quantity: 1 }, { kind: "equip", id: e("armor", "Platemail").uuid, on: true },
      { kind: "gear", entry: e("shield", "Riot / Tower Shield"), quantity: 1 }, { kind: "equip", id: e("shield", "Riot / Tower Shield").uuid, on: true },
      { kind: "gear", entry: e("weapon", "Warhammer"), quantity: 1 }, { kind: "equip", id: e("weapon", "Warhammer").uuid, on: true },
      { kind: "gear", entry: e("equipment", "Health Potion, Minor"), quantity: 2 },
      { kind: "step", step: "review" },
    ],
  ];
}

/** The draft after the first `steps` groups of `dwarfChanges` (all of them by default). */
export function dwarfDraft(entries: readonly BrowserEntry[], steps = Infinity): BuilderDraft {
  let draft = newDraft("New Character");
  for (const group of dwarfChanges(entries).slice(0, steps)) {
    const result = applyChanges(draft, group);
    if (result.refused.length) throw new Error(`refused: ${JSON.stringify(result.refused)}`);
    draft = result.draft;
  }
  return draft;
}

export const renderBuilder = (r: Renderer, context: object): string => renderParts(r, BUILDER_TEMPLATES, context);

/** Log ids and dates that read the same in every run. */
function stamper() {
  let n = 0;
  return () => {
    n += 1;
    return { id: `log${n}`, date: Date.UTC(2026, 10, 1, 18, n) };
  };
}

/** A character after three awards (8 XP), a Knowledge rank, a spell, and a refund of the spell. */
export function xpHistory(): { state: XpState; skills: ReturnType<typeof untrainedSkills> } {
  const stamp = stamper();
  let state: XpState = { earned: 0, spent: 0, log: [] };
  state = planAward(state, { ...stamp(), amount: 3, reason: "essential", note: "held the bridge" }).state;
  state = planAward(state, { ...stamp(), amount: 4, reason: "majorQuest" }).state;
  state = planAward(state, { ...stamp(), amount: 1, reason: "clue" }).state;
  const skills = { ...untrainedSkills(), knowledge: 11, strength: 8, stamina: 8 };
  const bought = planSkillPurchase(state, { ...stamp(), skill: "knowledge", skills, speed: "normal", allocation: emptyAllocation() });
  state = bought.state;
  state = planPowerPurchase(state, { ...stamp(), kind: "spell", name: "Fire Bolt", identifier: "fire-bolt", level: 2, speed: "normal", owned: [] }).state;
  state = planRefund(state, { ...stamp(), skills: bought.skills, allocation: emptyAllocation() }).state;
  return { state, skills: bought.skills };
}
