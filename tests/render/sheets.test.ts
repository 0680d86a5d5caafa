/**
 * Every template renders with the real Handlebars and the real context builders, fed with
 * fixtures whose numbers come from the data layer's derivation. Fails on a missing partial,
 * helper, localization key or format argument, and checks that the rendered sheets show the
 * derived numbers and the controls the mode calls for.
 */
import { describe, expect, it } from "vitest";
import { buildCharacterContext, CHARACTER_TABS } from "../../src/applications/context/character";
import { buildItemContext } from "../../src/applications/context/item";
import { buildNpcContext } from "../../src/applications/context/npc";
import { buildSpeciesChoiceContext, defaultSpeciesChoice } from "../../src/applications/context/species-choice";
import { PARTIALS, TEMPLATES, templateFile } from "../../src/applications/handlebars";
import { FULL_CHARACTER, NPC } from "../fixtures/sheets/actors";
import { CHARACTER_ITEMS, DJINN, HUMANS, ITEM_VARIANTS, MYCORREANS, ONE_OF_EACH } from "../fixtures/sheets/items";
import { count, createRenderer, templateFiles } from "./harness";
import { renderCharacterSheet, renderItemSheet, renderNpcSheet, renderSpeciesDialog } from "./sheets";

const renderer = createRenderer();

const DECLARED = [...Object.values(PARTIALS), ...Object.values(TEMPLATES).flatMap((group) => Object.values(group))].map(templateFile);
/** The sheets' folders (chat cards and the roll dialog belong to the rolls layer). */
const SHEET_FILES = templateFiles().filter((f) => /^(actor|item|partials)\//.test(f) || DECLARED.includes(f)).sort();

/** Weapons carried on a belt or bandolier, listed there as well as under weapons. */
const ON_BELTS = CHARACTER_ITEMS.filter((i) => i.type === "weapon" && i.system.container !== "backpack").length;

const MODES = [
  { name: "edit", options: { editable: true, editMode: true } },
  { name: "play", options: { editable: true, editMode: false } },
  { name: "read-only", options: { editable: false } },
] as const;

function expectClean(): void {
  expect([...renderer.missingKeys], "localization keys missing from lang/en.json").toEqual([]);
  expect([...renderer.missingArgs], "format placeholders left unfilled").toEqual([]);
}

describe("template inventory", () => {
  it("registers every partial and lists every sheet template that exists", () => {
    const files = new Set(templateFiles());
    for (const path of DECLARED) expect(files, `${path} is declared but missing`).toContain(path);
    expect(SHEET_FILES, "sheet templates nobody renders").toEqual([...new Set(DECLARED)].sort());
  });

  it("flags a key that lang/en.json lacks, so the checks below can fail", () => {
    const probe = createRenderer({ CLOCKWORK: { Sheet: { Known: "Known {x}" } } });
    probe.render(PARTIALS["cw-field-text"], { label: "CLOCKWORK.Sheet.Unknown", name: "n", id: "i", value: "" });
    expect([...probe.missingKeys]).toEqual(["CLOCKWORK.Sheet.Unknown"]);
  });
});

describe("character sheet", () => {
  for (const mode of MODES) {
    it(`renders every part in ${mode.name} mode with every tab active`, () => {
      for (const tab of CHARACTER_TABS) {
        const html = renderCharacterSheet(renderer, buildCharacterContext(FULL_CHARACTER, { ...mode.options, activeTab: tab.id }));
        expect(count(html, new RegExp(`class="tab cw-tab cw-tab-${tab.id} active"`))).toBe(1);
        expect(count(html, /class="tab cw-tab cw-tab-\w+ active"/)).toBe(1);
      }
      expectClean();
    });
  }

  it("shows the derived numbers of the full character", () => {
    const context = buildCharacterContext(FULL_CHARACTER, { editable: true, editMode: false });
    const html = renderCharacterSheet(renderer, context);
    const system = FULL_CHARACTER.system;
    expect(CHARACTER_ITEMS.length).toBeGreaterThanOrEqual(30);
    // 16 skills, each with a roll button carrying its key.
    expect(count(html, /data-action="rollSkill" data-skill="\w+"/)).toBe(16);
    const strength = html.match(/data-skill="strength">[\s\S]*?<td class="cw-dice"[^>]*>\s*(\d+)<span class="cw-dice-focus">\/(\d+)/);
    expect(strength?.slice(1, 3).map(Number)).toEqual([system.skills.strength.dice, system.skills.strength.diceWithFocus]);
    // Health: one box per vital, the lost ones first, pips sized by capacity.
    expect(count(html, /class="cw-vital is-lost"/)).toBe(system.health.vitalsLost);
    expect(count(html, /class="cw-vital is-\w+"/)).toBe(system.health.vitalsMax);
    expect(count(html, /data-action="setHits"/)).toBe(system.health.vitalsMax * system.health.capacity);
    expect(count(html, /class="cw-pip is-filled"/)).toBe(system.health.vitalsLost * system.health.capacity + system.health.hits);
    // Resistance grid: species + armor = total per type.
    const blunt = html.match(/data-damage-type="blunt">[\s\S]*?<td>(\d+)<\/td>\s*<td>(\d+)<\/td>\s*<td class="cw-total">(\d+)</);
    expect(blunt?.slice(1, 4).map(Number)).toEqual([system.resistances.blunt.species, system.resistances.blunt.armor, system.resistances.blunt.total]);
    // Weapons with their notation, attack buttons, spells with cast buttons.
    expect(html).toContain("7 L/P");
    expect(count(html, /data-action="rollAttack"/)).toBe(CHARACTER_ITEMS.filter((i) => i.type === "weapon").length);
    expect(count(html, /data-action="castSpell"/)).toBe(CHARACTER_ITEMS.filter((i) => i.type === "spell").length);
    // Every item has a row that can be dragged and opened; a grenade on the bandolier shows there too.
    expect(ON_BELTS).toBe(1);
    expect(count(html, /class="cw-item-row draggable" data-item-id=/)).toBe(CHARACTER_ITEMS.length + ON_BELTS);
    // Play mode: no delete buttons, no rank inputs.
    expect(count(html, /data-action="deleteItem"/)).toBe(0);
    expect(count(html, /name="system\.skills\.\w+\.rank"/)).toBe(0);
  });

  it("offers inputs and delete buttons only in edit mode, and nothing to click when read-only", () => {
    const edit = renderCharacterSheet(renderer, buildCharacterContext(FULL_CHARACTER, { editable: true, editMode: true }));
    expect(count(edit, /name="system\.skills\.\w+\.rank"[^>]*min="4" max="12"/)).toBe(16);
    expect(count(edit, /data-action="deleteItem"/)).toBe(CHARACTER_ITEMS.length + ON_BELTS);
    expect(count(edit, /name="system\.resistanceAllocation\.\w+"/)).toBe(6);
    const readOnly = renderCharacterSheet(renderer, buildCharacterContext(FULL_CHARACTER, { editable: false }));
    expect(count(readOnly, /data-action="(rollSkill|rollAttack|castSpell|toggleMode|deleteItem|equip\w+)"/)).toBe(0);
    expect(count(readOnly, /<input(?![^>]*disabled)[^>]*>/)).toBe(0);
    expect(count(readOnly, /<button[^>]*data-action="setHits"(?![^>]*disabled)[^>]*>/)).toBe(0);
    expectClean();
  });
});

describe("npc sheet", () => {
  for (const mode of MODES) {
    it(`renders in ${mode.name} mode`, () => {
      const html = renderNpcSheet(renderer, buildNpcContext(NPC, mode.options));
      expect(count(html, /class="cw-vital is-\w+"/)).toBe(NPC.system.health.vitalsMax);
      if (mode.options.editable) expect(count(html, /data-action="rollAttack"/)).toBe(2);
      expectClean();
    });
  }

  it("shows the NPC's own settings in edit mode", () => {
    const html = renderNpcSheet(renderer, buildNpcContext(NPC, { editable: true, editMode: true }));
    expect(html).toMatch(/name="system\.vitalsMax" value="4"/);
    expect(count(html, /name="system\.resistanceOverride\.\w+" value=""[^>]*placeholder="—"/)).toBe(6);
  });
});

describe("item sheets", () => {
  const items = [...Object.values(ONE_OF_EACH), ...ITEM_VARIANTS];
  for (const item of items) {
    it(`renders ${item.type} "${item.name}" editable and read-only`, () => {
      const editable = renderItemSheet(renderer, buildItemContext(item, { editable: true, ownerItems: CHARACTER_ITEMS.map((i) => ({ id: i.id!, name: i.name, type: i.type })) }));
      const names = [...editable.matchAll(/name="([^"]+)"/g)].map((m) => m[1]);
      expect(names.length).toBeGreaterThan(2);
      for (const name of names) expect(name, "form names map to document fields").toMatch(/^(name|system\.[\w.|-]+)$/);
      const readOnly = renderItemSheet(renderer, buildItemContext(item, { editable: false }));
      expect(count(readOnly, /<(input|select)(?![^>]*disabled)[^>]*>/)).toBe(0);
      expectClean();
    });
  }

  it("warns about armor that breaks the construction table", () => {
    const patchwork = ITEM_VARIANTS.find((i) => i.name === "Patchwork Armor")!;
    const html = renderItemSheet(renderer, buildItemContext(patchwork, { editable: true }));
    expect(count(html, /class="cw-warning"/)).toBe(2);
    const chainmail = renderItemSheet(renderer, buildItemContext(ONE_OF_EACH.armor, { editable: true }));
    expect(count(chainmail, /class="cw-warning"/)).toBe(0);
  });
});

describe("species dialog", () => {
  it("asks Humans for any two of the 16 skills and a resistance type", () => {
    const html = renderSpeciesDialog(renderer, buildSpeciesChoiceContext(HUMANS, defaultSpeciesChoice(HUMANS), {}));
    expect(count(html, /name="bonusSkills\.\w+"/)).toBe(16);
    expect(html).toContain('name="resistance"');
    expectClean();
  });

  it("asks a Djinn for its three listed skills and one of each granted list, by name", () => {
    const names = Object.fromEntries(DJINN.system.grants!.flatMap((g) => g.options!).map((uuid, i) => [uuid, `Option ${i}`]));
    const html = renderSpeciesDialog(renderer, buildSpeciesChoiceContext(DJINN, defaultSpeciesChoice(DJINN), names, ["A problem."]));
    expect(count(html, /name="bonusSkills\.\w+"/)).toBe(3);
    expect(count(html, /name="grants\.0\|Compendium\.[^"]+"/)).toBe(4);
    expect(html).toContain("Option 7");
    expect(html).toContain("A problem.");
    expect(html).not.toContain('name="resistance"');
    expectClean();
  });

  it("asks Mycorreans for a size", () => {
    const html = renderSpeciesDialog(renderer, buildSpeciesChoiceContext(MYCORREANS, defaultSpeciesChoice(MYCORREANS), {}));
    expect(count(html, /<option value="(small|medium|large)"/)).toBe(3);
    expectClean();
  });
});

it("rendered every sheet template at least once", () => {
  expect([...renderer.used].sort()).toEqual(SHEET_FILES);
});
