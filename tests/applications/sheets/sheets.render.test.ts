/**
 * Every template renders with the real Handlebars and the real context builders, fed with
 * fixtures whose numbers come from the data layer's derivation. Fails on a missing partial,
 * helper, localization key or format argument, and checks that the rendered sheets show the
 * derived numbers and the controls the mode calls for.
 */
import { describe, expect, it } from "vitest";
import { buildCharacterContext, CHARACTER_TABS } from "../../../src/applications/context/character";
import { buildItemContext, linkedUuids } from "../../../src/applications/context/item";
import { buildNpcContext, NPC_TABS } from "../../../src/applications/context/npc";
import { chanceOfGains } from "../../../src/rules";
import { buildSpeciesChoiceContext, defaultSpeciesChoice } from "../../../src/applications/context/species-choice";
import { PARTIALS, TEMPLATES, templateFile } from "../../../src/applications/handlebars";
import type { ActorLike } from "../../../src/applications/context/source-types";
import { CHARACTER_SOURCE, FULL_CHARACTER, fixtureActor, NPC } from "../../fixtures/sheets/actors";
import { CHARACTER_ITEMS, DJINN, HASTE, HUMANS, ITEM_VARIANTS, LINKS, MYCORREANS, ONE_OF_EACH, SCROLL, withDefaults } from "../../fixtures/sheets/items";
import { count, createRenderer, templateFiles } from "../render-harness";
import { lootRows } from "../../../src/applications/context/loot";
import { PARTY_MEMBERS, partyContext } from "./party-fixtures";
import { renderCharacterSheet, renderItemSheet, renderNpcSheet, renderSpeciesDialog } from "./sheets";

const renderer = createRenderer();

/** The full character with some stored fields changed, derived again. */
function fixtureWith(changes: Partial<typeof CHARACTER_SOURCE>): ActorLike {
  return fixtureActor("Brakka Ironvein", "character", { ...CHARACTER_SOURCE, ...changes }, CHARACTER_ITEMS, "actBrakka0000009");
}

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
    const strength = html.match(/data-skill="strength">[\s\S]*?<td class="cw-dice[^"]*"[^>]*>\s*<span aria-hidden="true">(\d+)<span class="cw-dice-focus">\/(\d+)/);
    expect(strength?.slice(1, 3).map(Number)).toEqual([system.skills.strength.dice, system.skills.strength.diceWithFocus]);
    // Issue 20: "9/10" and "98%/99%" say what they are on the cell itself (tooltip and screen-reader text).
    const { dice, diceWithFocus } = system.skills.strength;
    const row = html.match(/<tr class="cw-skill[^"]*" data-skill="strength">[\s\S]*?<\/tr>/)![0];
    expect(system.skills.strength.focus).toBe(true);
    const diceWords = `${dice} dice rolled; ${diceWithFocus} with a focus in this skill`;
    expect(row).toContain(`data-tooltip="${diceWords}`);
    expect(row).toContain(`<span class="cw-visually-hidden">${diceWords}</span>`);
    expect(row).toMatch(/<td class="cw-odds-col" data-tooltip="\d+% chance of at least one gain; \d+% with a focus in this skill">/);
    const plain = html.match(/<tr class="cw-skill[^"]*" data-skill="(\w+)">(?:(?!<\/tr>)[\s\S])*?<\/tr>/g)!.find((r) => !r.includes("has-focus"))!;
    expect(plain).toMatch(/<td class="cw-dice[^"]*" data-tooltip="\d+ dice rolled"/);
    expect(plain).toMatch(/<td class="cw-odds-col" data-tooltip="\d+% chance of at least one gain">/);
    // Health: one box per vital, the lost ones first, pips sized by capacity.
    expect(count(html, /class="cw-vital is-lost"/)).toBe(system.health.vitalsLost);
    expect(count(html, /class="cw-vital is-\w+"/)).toBe(system.health.vitalsMax);
    expect(count(html, /data-action="setHits"/)).toBe(system.health.vitalsMax * system.health.capacity);
    expect(count(html, /class="cw-pip is-filled"/)).toBe(system.health.vitalsLost * system.health.capacity + system.health.hits);
    // Resistance grid: species + the points the player added + armor = total per type (issue 33:
    // the species column never counts the added points).
    expect(html).toMatch(/<th scope="col">Added<\/th>\s*<th scope="col">Species<\/th>\s*<th scope="col">Armor<\/th>/);
    const shares = (type: string) => html.match(new RegExp(`data-damage-type="${type}">[\\s\\S]*?<td>(\\d+)</td>\\s*<td>(\\d+)</td>\\s*<td>(\\d+)</td>\\s*<td class="cw-total">(\\d+)<`))?.slice(1, 5).map(Number);
    const energy = system.resistances.energy;
    expect(shares("energy")).toEqual([2, energy.species - 2, energy.armor, energy.total]);
    expect(shares("blunt")).toEqual([0, system.resistances.blunt.species, system.resistances.blunt.armor, system.resistances.blunt.total]);
    // Weapons with their damage dice and full type names, attack buttons, spells with cast buttons.
    expect(html).toMatch(/<span class="cw-damage-dice" data-tooltip="7 damage dice">7<span class="cw-visually-hidden"> damage dice<\/span><\/span> <span class="cw-damage-type"><span class="cw-dmg-icon cw-dmg-icon--blunt" aria-hidden="true"><\/span>Blunt<\/span><span class="cw-sep" aria-hidden="true">\/<\/span> <span class="cw-damage-type"><span class="cw-dmg-icon cw-dmg-icon--piercing" aria-hidden="true"><\/span>Piercing<\/span>/);
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

  // The sheet class adds `combatActions` in play mode (tests/combat/actions/sheet-actions.render.test.ts renders the real ones).
  it("includes the combat actions partial when the context carries them", () => {
    const combatActions = { inCombat: false, counters: null, summary: "Out of combat", groups: [{ key: "move", label: "Move", actions: [{ key: "step", label: "Step", cost: "0", costValue: 0, costLabel: "1 counter in combat", reaction: false, disabled: false, reason: null }] }] };
    const html = renderCharacterSheet(renderer, { ...buildCharacterContext(FULL_CHARACTER, { editable: true, editMode: false }), combatActions });
    expect(count(html, /data-action="combatAction"/)).toBe(1);
    expectClean();
  });

  // The sheet class adds `combatCounters` while the actor fights in the running combat (issue 20).
  it("shows the combatant's counters in the header, each number with its meaning and the reaction rule", () => {
    const combatCounters = { available: 4, reserved: 2, state: "ready", note: "Counters pay for actions and reactions.", rule: "Passing reserves what is left." };
    const html = renderCharacterSheet(renderer, { ...buildCharacterContext(FULL_CHARACTER, { editable: true, editMode: false }), combatCounters });
    const header = html.slice(0, html.indexOf("</header>"));
    expect(header).toMatch(/class="cw-sheet-counters cw-sheet-counters--ready"[^>]*data-tooltip="Passing reserves what is left\."/);
    expect(header).toContain("<strong>4</strong> <span>this turn</span>");
    expect(header).toContain("<strong>2</strong> <span>reserved for reactions</span>");
    expect(renderCharacterSheet(renderer, buildCharacterContext(FULL_CHARACTER, { editable: true, editMode: false }))).not.toContain("cw-sheet-counters");
    const npc = renderNpcSheet(renderer, { ...buildNpcContext(NPC, { editable: true, editMode: false }), combatCounters });
    expect(npc.slice(0, npc.indexOf("</header>"))).toContain("<strong>4</strong> <span>this turn</span>");
    expectClean();
  });

  // The sheet class adds `deathTray` while the character is dying (tests/combat/death-tray.render.test.ts for its text).
  it("includes the death-roll tray when the context carries it", () => {
    const deathTray = { rolls: [{ number: 1, fatalWounds: 1, label: "Roll 1" }], next: "Next", allies: "Allies", canRoll: true };
    const html = renderCharacterSheet(renderer, { ...buildCharacterContext(FULL_CHARACTER, { editable: true, editMode: false }), deathTray });
    expect(count(html, /class="cw-death-tray"/)).toBe(1);
    expect(count(html, /data-action="rollDeathTray"/)).toBe(1);
    expectClean();
  });
});

describe("npc sheet", () => {
  for (const mode of MODES) {
    it(`renders in ${mode.name} mode with every tab active`, () => {
      for (const tab of NPC_TABS) {
        const html = renderNpcSheet(renderer, buildNpcContext(NPC, { ...mode.options, activeTab: tab.id }));
        expect(count(html, new RegExp(`class="tab cw-tab cw-tab-${tab.id} active"`))).toBe(1);
        expect(count(html, /class="tab cw-tab cw-tab-\w+ active"/)).toBe(1);
        expect(count(html, /class="cw-vital is-\w+"/)).toBe(NPC.system.health.vitalsMax);
        if (mode.options.editable) expect(count(html, /data-action="rollAttack"/)).toBe(2);
      }
      expectClean();
    });
  }

  it("has no luck, and mana only while the NPC uses magic", () => {
    const withSpell = renderNpcSheet(renderer, buildNpcContext(NPC, { editable: true }));
    expect(withSpell).not.toContain('name="system.luck.value"');
    expect(count(withSpell, 'name="system.mana.value"')).toBe(1);
    const brute = { ...NPC, items: [...NPC.items].filter((i) => i.type !== "spell") };
    const plain = renderNpcSheet(renderer, buildNpcContext(brute, { editable: true }));
    expect(plain).not.toContain('name="system.mana.value"');
    expect(plain).not.toContain('name="system.luck.value"');
    // Spent mana keeps the pool in sight even without a spell.
    const spent = { ...brute, system: { ...brute.system, mana: { ...brute.system.mana, value: 3 } } };
    expect(count(renderNpcSheet(renderer, buildNpcContext(spent, { editable: true })), 'name="system.mana.value"')).toBe(1);
  });

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


describe("sheets that read at a glance", () => {
  const play = renderCharacterSheet(renderer, buildCharacterContext(FULL_CHARACTER, { editable: true, editMode: false }));
  const edit = renderCharacterSheet(renderer, buildCharacterContext(FULL_CHARACTER, { editable: true, editMode: true }));
  const npc = renderNpcSheet(renderer, buildNpcContext(NPC, { editable: true }));
  const items = [...Object.values(ONE_OF_EACH), ...ITEM_VARIANTS].flatMap((item) => [true, false].map((editMode) =>
    renderItemSheet(renderer, buildItemContext(item, { editable: true, editMode, links: LINKS }))));

  it("never says AC: counters carry the counter icon and \"action counters\" for hover and screen readers", () => {
    for (const html of [play, edit, npc, ...items]) expect(html).not.toMatch(/\bAC\b/);
    const weapons = CHARACTER_ITEMS.filter((i) => i.type === "weapon").length;
    const timedSpells = CHARACTER_ITEMS.filter((i) => i.type === "spell" && i.system.counters !== null).length;
    expect(count(play, /class="cw-chip cw-counters" data-tooltip="\d+ action counters"><span class="cw-icon cw-icon--counter"/)).toBe(weapons + timedSpells);
    expect(count(play, /<span class="cw-visually-hidden"> action counters<\/span>/)).toBe(weapons + timedSpells);
  });

  it("names damage types in full or by icon with the name on hover, never by the book's letter", () => {
    for (const html of [play, edit, npc, ...items]) {
      expect(html).not.toMatch(/>\s*\d+ [BLNPSX](\/[BLNPSX])*\s*</);
      expect(html).not.toMatch(/\([BLNPSX]\)/);
      expect(html).not.toContain("cw-damage-letter");
    }
    // Each armor row: six type icons, each with the type's name as tooltip and hidden text.
    const chainmail = play.match(/data-item-id="armChainmail0001" data-type="armor">[\s\S]*?<\/li>/)![0];
    expect(count(chainmail, /class="cw-chip cw-resist" role="listitem" data-tooltip="(Ballistic|Blunt|Energy|Piercing|Slashing|Explosive)"><span class="cw-dmg-icon cw-dmg-icon--\w+"/)).toBe(6);
    expect(play).toContain("Stunning (Blunt)");
  });

  it("gives the skill table column headers and a die on every rollable row, with the odds of a gain from the rules core", () => {
    expect(count(play, /<thead>/)).toBeGreaterThanOrEqual(1);
    const head = play.match(/<table class="cw-skill-table">[\s\S]*?<\/thead>/)![0];
    for (const header of ["Rank", "Dice", "\u22651 gain"]) expect(head).toContain(`>${header}</th>`);
    expect(count(play, /<button type="button" class="cw-skill-roll" data-action="rollSkill" data-skill="\w+"[^>]*>\s*<span class="cw-icon cw-icon--d12"/)).toBe(16);
    const accuracy = FULL_CHARACTER.system.skills.accuracy;
    const odds = play.match(/data-skill="accuracy">[\s\S]*?<td class="cw-odds-col"[^>]*>\s*<span aria-hidden="true">(\d+)%/)![1];
    expect(Number(odds)).toBe(Math.round(chanceOfGains(accuracy.dice, accuracy.rank, 1) * 100));
    // Read-only sheets show the table without roll buttons.
    const readOnly = renderCharacterSheet(renderer, buildCharacterContext(FULL_CHARACTER, { editable: false }));
    expect(count(readOnly, "cw-icon--d12")).toBe(0);
  });

  it("shows health as one track: hits and lost vitals only as boxes, the vitals penalty by name, Dying and Dead as statuses", () => {
    for (const html of [play, npc]) {
      expect(html).not.toContain("Physical dice");
      expect(html).not.toMatch(/<dt>(Hits|Vitals lost)<\/dt>/);
      expect(count(html, /class="cw-health-summary"/)).toBe(1);
    }
    expect(play).not.toContain("cw-vitals-penalty");
    const hurt = fixtureWith({ health: { ...FULL_CHARACTER.system.health, vitalsLost: 5, dying: true } });
    const hurtPlay = renderCharacterSheet(renderer, buildCharacterContext(hurt, { editable: true, editMode: false }));
    expect(hurtPlay).toMatch(new RegExp(`Vitals penalty: \u2212${hurt.system.health.penalty} on physical rolls`));
    expect(hurt.system.health.penalty).toBeGreaterThan(0);
    expect(hurtPlay).toContain('<span class="cw-status cw-status--dying">Dying</span>');
    expect(hurtPlay).toContain("cw-dice is-penalized");
    // Dying and Dead are never form fields: the rules set them; in edit mode only a GM gets a
    // (confirmed) toggle, a player sees them read-only (tests/applications/sheets/dying-status.world.test.ts).
    expect(hurtPlay).not.toMatch(/name="system\.health\.(dying|dead)"/);
    expect(count(edit, /name="system\.health\.(dying|dead)"/)).toBe(0);
    expect(count(edit, /class="cw-status-readonly" data-status="(dying|dead)"/)).toBe(2);
    // Only the current box's pips are in the tab order.
    const tabbable = count(play, /data-action="setHits"(?![^>]*tabindex="-1")[^>]*>/);
    expect(tabbable).toBe(FULL_CHARACTER.system.health.capacity);
  });

  it("shows the container choices by their capitalized names", () => {
    const potion = renderItemSheet(renderer, buildItemContext(ONE_OF_EACH.equipment, { editable: true }));
    expect(potion).toMatch(/<option value="backpack"\s*>Backpack<\/option>/);
    expect(potion).toMatch(/<option value="belt"\s*selected>Belt<\/option>/);
    expect(play).toContain("<h3>Bandolier</h3>");
  });
});

describe("item sheets in play and edit mode", () => {
  const render = (item: typeof SCROLL, editMode: boolean, editable = true) =>
    renderItemSheet(renderer, buildItemContext(item, { editable, editMode, links: LINKS }));

  it("plays as a card: the numbers as stat boxes, every other setting as a line, no form", () => {
    const hammer = render(ONE_OF_EACH.weapon, false);
    expect(count(hammer, /<(input|select|multi-select)\b/)).toBe(0);
    expect(hammer).toContain('<h1 class="cw-item-title">Warhammer</h1>');
    const boxes = hammer.match(/<dl class="cw-stat-list cw-item-stat-boxes">[\s\S]*?<\/dl>/)![0];
    expect(boxes).toContain("Blunt");
    expect(boxes).toContain('data-tooltip="2 action counters"');
    const details = hammer.match(/<dl class="cw-detail-list">[\s\S]*?<\/dl>/)![0];
    expect(details).toContain("<dt>Properties</dt>");
    expect(details).toContain("Armor Piercing (Piercing)");
    // What the boxes show is not repeated in the list, and empty settings are left out.
    expect(details).not.toContain("<dt>Dice</dt>");
    expect(details).not.toContain("<dt>Magic Property</dt>");
    const scroll = render(SCROLL, false);
    expect(scroll).toMatch(/<dt>Casts Spell<\/dt>\s*<dd><span class="cw-link"><img class="cw-link-img" src="icons\/svg\/fire.svg"[^>]*>Fire Bolt<\/span><\/dd>/);
    expect(scroll).toMatch(/<dt>Removes Conditions<\/dt>\s*<dd>Chilled<span class="cw-sep">, <\/span>Frozen<\/dd>/);
    expect(render(HASTE, false)).toMatch(/class="cw-link is-missing" data-tooltip="Compendium\.clockwork\.spells\.Item\.slow000000000001"/);
    // A species names its bonus skills and lists each grant on its own line with the linked items.
    const djinn = render(DJINN, false);
    expect(djinn).toMatch(/<dt>Bonus Skills<\/dt>\s*<dd>Agility<span class="cw-sep">, <\/span>Elemental<span class="cw-sep">, <\/span>Charisma<\/dd>/);
    expect(djinn).toMatch(/<dt>Spells: pick 1<\/dt>\s*<dd><span class="cw-link">/);
    expect(djinn).toMatch(/<dt>Foci: pick 1<\/dt>/);
    // A read-only sheet is always the card.
    expect(count(render(ONE_OF_EACH.weapon, true, false), /<(input|select)\b/)).toBe(0);
  });

  it("edits UUID fields as drop zones that show the linked item's icon and name", () => {
    const scroll = render(SCROLL, true);
    const zone = scroll.match(/<div class="cw-drop-zone[^"]*"[^>]*data-drop-field="system\.castsSpell"[^>]*>[\s\S]*?<\/div>/)![0];
    expect(zone).toContain('data-drop-type="spell"');
    expect(zone).toContain('data-drop-multiple="false"');
    expect(zone).toContain('<input type="hidden" name="system.castsSpell" value="Compendium.clockwork.spells.Item.firebolt00000001">');
    expect(zone).toMatch(/<img class="cw-link-img" src="icons\/svg\/fire.svg"[^>]*>\s*<span class="cw-link-name">Fire Bolt<\/span>/);
    expect(zone).toContain('data-action="removeLink" data-field="system.castsSpell"');
    expect(scroll).not.toMatch(/<input type="text"[^>]*name="system\.castsSpell"/);
    const djinn = render(DJINN, true);
    expect(count(djinn, /data-drop-field="system\.grants\.\d\.options"/)).toBe(2);
    expect(djinn).toMatch(/data-drop-field="system\.grants\.0\.options" data-drop-document="Item" data-drop-type="spell" data-drop-multiple="true"/);
    expect(djinn).toContain('name="system.grants.1.options" value="Compendium.clockwork.foci.Item.pyromancer000001, ');
    // Geomancer is in no index: marked, never shown as a raw id.
    expect(count(djinn, /class="cw-link is-missing"/)).toBe(1);
    expect(djinn).not.toMatch(/<span class="cw-link-name">Compendium\./);
    expect(render(HASTE, true)).toMatch(/data-drop-field="system\.pair"/);
  });

  it("chooses conditions and long skill lists from a compact multi-select, short lists stay checkboxes", () => {
    const scroll = render(SCROLL, true);
    expect(scroll).toMatch(/<multi-select id="[^"]+" name="system\.removesConditions"\s*>/);
    expect(count(scroll.match(/name="system\.removesConditions"[\s\S]*?<\/multi-select>/)![0], /<option value="\w+" selected>/)).toBe(2);
    expect(scroll).not.toMatch(/name="system\.(removes|applies)Conditions\.\w+"/);
    const djinn = render(DJINN, true);
    expect(djinn).toMatch(/<multi-select[^>]*name="system\.conditionRerolls"/);
    expect(djinn).toMatch(/<multi-select[^>]*name="system\.bonusSkills"/);
    expect(count(djinn, /name="system\.resistanceExcluded\.\w+"/)).toBe(6);
  });

  it("lists every UUID an item points at, for the shell to resolve", () => {
    expect(linkedUuids(SCROLL)).toEqual(["Compendium.clockwork.spells.Item.firebolt00000001"]);
    expect(linkedUuids(DJINN)).toHaveLength(8);
    expect(linkedUuids(withDefaults("x", "X", "artifact", {}))).toEqual([]);
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

  it("names options from the index even when they did not load, marks them and says so, and titles groups by kind", () => {
    const [icicle, firebolt] = DJINN.system.grants![0].options!;
    const html = renderSpeciesDialog(renderer, buildSpeciesChoiceContext(DJINN, defaultSpeciesChoice(DJINN), {
      [icicle]: { name: "Icicle", resolved: true }, [firebolt]: { name: "Fire Bolt", resolved: false },
    }));
    expect(html).toContain("<legend>Spells: pick 1</legend>");
    expect(html).toContain("<legend>Foci: pick 1</legend>");
    expect(html).toContain("<legend>Bonus skills: pick 2</legend>");
    expect(html).toMatch(/<span>Fire Bolt <span class="cw-warn-mark" role="img"/);
    expect(count(html, /class="cw-choice is-unresolved"/)).toBe(7);
    expect(html).toContain('class="cw-warning cw-unresolved" role="status"');
    // Neither a name nor a load: the id's last part, never the whole UUID.
    expect(html).not.toMatch(/<span>Compendium\./);
    expect(html).toContain("<span>geomancer0000001 ");
    expectClean();
  });

  it("asks Mycorreans for a size", () => {
    const html = renderSpeciesDialog(renderer, buildSpeciesChoiceContext(MYCORREANS, defaultSpeciesChoice(MYCORREANS), {}));
    expect(count(html, /<option value="(small|medium|large)"/)).toBe(3);
    expectClean();
  });
});

describe("party sheet", () => {
  const cards = (html: string) => [...html.matchAll(/<h3 class="cw-party-member__name">([^<]*)<\/h3>/g)].map((m) => m[1]);
  it("shows every member the viewer observes with vitals, wounds, hits, mana, luck, counters and conditions; never the others", () => {
    const html = renderer.render(TEMPLATES.party.party, partyContext());
    expect(cards(html)).toEqual(["Ada Voss", "Bram", "Rusty"]);
    expect(html).not.toContain("partySecret001");
    expect(html).toContain("4 / 4");
    expect(html).toMatch(/data-stat="wounds"><dt>Wounds<\/dt><dd class="cw-party-value">3</);
    expect(html).toMatch(/data-stat="mana"><dt>Mana<\/dt><dd class="cw-party-value">6 \/ 8</);
    expect(html).toContain("4 free, 2 held");
    expect(html).toMatch(/<span class="cw-chip">Poisoned<\/span> <span class="cw-chip">Prone<\/span>/);
    // Rusty is an NPC: no luck; dying shows on the card.
    expect(count(html, 'data-stat="luck"')).toBe(2);
    expect(html).toMatch(/cw-party-member cw-party-member--down/);
    expect(count(html, 'data-action="openMember"')).toBe(3);
    expect(count(html, 'data-action="removeMember"')).toBe(3);
    expect(count(html, "cw-party-tools")).toBe(1);
    expect(count(html, /class="cw-loot-item draggable"/g)).toBe(2);
    expectClean();
  });

  it("gives a player who cannot write the party no tools, no remove, no drag handles and says why", () => {
    const html = renderer.render(TEMPLATES.party.party, partyContext({ gm: false, editable: false }));
    expect(count(html, "cw-party-tools")).toBe(0);
    expect(count(html, 'data-action="removeMember"')).toBe(0);
    expect(count(html, "draggable")).toBe(0);
    expect(count(html, "data-item-quantity")).toBe(0);
    expect(html).toContain("ask the GM to make you an owner of the party");
    expectClean();
  });

  it("offers Award XP only with characters, and says the party is empty", () => {
    const context = partyContext({ members: PARTY_MEMBERS.filter((m) => m.type === "npc"), items: [] });
    expect(context.characterIds).toEqual([]);
    const html = renderer.render(TEMPLATES.party.party, context);
    expect(html).toMatch(/data-action="awardXp" disabled/);
    expect(html).toContain("The stash is empty");
    expect(renderer.render(TEMPLATES.party.party, partyContext({ members: [] }))).toContain("No members yet");
    expectClean();
  });
});

describe("loot sheet", () => {
  const items = [
    { id: "i2", name: "Rope", img: "rope.webp", type: "equipment", sort: 2, system: { quantity: 3, price: 2 } },
    { id: "i1", name: "Axe", img: "axe.webp", type: "weapon", sort: 1, system: { quantity: 1, price: 10 } },
  ];
  for (const editable of [true, false]) {
    it(`lists the contents in order with quantities, prices and the total (${editable ? "editable" : "read-only"})`, () => {
      const rows = lootRows(items);
      const html = renderer.render(TEMPLATES.loot.loot, { actor: { name: "Chest", img: "chest.webp" }, editable, currency: 40, rows, totalValue: 16 });
      expect(rows.map((r) => r.name)).toEqual(["Axe", "Rope"]);
      expect(count(html, /class="cw-loot-item"/g)).toBe(2);
      expect(count(html, "data-item-quantity")).toBe(editable ? 2 : 0);
      expect(html).toMatch(/16/);
      expectClean();
    });
  }
  it("says the chest is empty", () => {
    expect(renderer.render(TEMPLATES.loot.loot, { actor: { name: "Chest", img: "" }, editable: true, currency: 0, rows: [], totalValue: 0 })).toMatch(/cw-empty/);
  });
});

it("the attack and casting dialogs' roll options partial: the situational dice and the roll mode, each labelled", () => {
  const html = renderer.render(PARTIALS["cw-roll-options"], { idPrefix: "cw-x", situational: 2, rollModes: [{ value: "publicroll", label: "Public roll", selected: true }] });
  expect(html).toMatch(/<label for="cw-x-situational">[^<]+<\/label>/);
  expect(html).toMatch(/<label for="cw-x-rollmode">[^<]+<\/label>/);
  expect(html).toContain('value="2"');
});

it("rendered every sheet template at least once", () => {
  expect([...renderer.used].sort()).toEqual(SHEET_FILES);
});

describe("armor over the Strength limit (issue 33): the builder's warning, where the armor is worn", () => {
  const warning = "Heavy armor is more than this character's Strength carries (Medium at most). Wearing it, they are encumbered and cannot run (run 7 without it); walk 3 → 3, dodge +2 → +1.";
  /** As Handlebars writes it into the page. */
  const html = warning.replace("'", "&#x27;");

  it("the main tab says what the worn Chainmail costs under the Encumbered mark, with the derivation's numbers", () => {
    const system = FULL_CHARACTER.system as { encumbrance: string; defense: { dodge: number } };
    expect(system.encumbrance).toBe("encumbered");
    const sheet = renderCharacterSheet(renderer, buildCharacterContext(FULL_CHARACTER, { editable: true, editMode: false, activeTab: "main" }));
    const stats = sheet.match(/<section class="cw-combat-stats">[\s\S]*?<\/section>/)![0];
    expect(stats).toContain(`<p class="cw-warning cw-armor-burden" role="note">${html}</p>`);
    // The sentence's "after" numbers are the sheet's own walk and dodge.
    const walk = (FULL_CHARACTER.system as { movement: { walk: number } }).movement.walk;
    expect(warning).toContain(`walk 3 → ${walk}, dodge +2 → +${system.defense.dodge}`);
    expectClean();
  });

  it("the equipment tab says it on the worn armor's row only", () => {
    const sheet = renderCharacterSheet(renderer, buildCharacterContext(FULL_CHARACTER, { editable: true, editMode: false, activeTab: "equipment" }));
    const chainmail = sheet.match(/data-item-id="armChainmail0001" data-type="armor">[\s\S]*?<\/li>/)![0];
    expect(chainmail).toContain(html);
    const leather = sheet.match(/data-item-id="armLeather000001" data-type="armor">[\s\S]*?<\/li>/)![0];
    expect(leather).not.toContain("cw-armor-burden");
  });

  it("says nothing when Strength carries the armor", () => {
    const strong = fixtureWith({ skills: { ...CHARACTER_SOURCE.skills, strength: { rank: 6 } } });
    const sheet = renderCharacterSheet(renderer, buildCharacterContext(strong, { editable: true, editMode: false }));
    expect(sheet).not.toContain("cw-armor-burden");
    expect(sheet).not.toContain("Strength carries");
  });
});
