/**
 * The builder's templates rendered with the real Handlebars and the real context builder, for
 * every step of a Dwarf being built from the real pack sources, plus a draft full of mistakes.
 */
import { describe, expect, it } from "vitest";
import { buildBuilderContext, EMPTY_VIEW, type BuilderViewState } from "../../../src/applications/builder/builder-context";
import { applyChange, type BuilderDraft } from "../../../src/applications/builder/draft";
import { BUILDER_TEMPLATES } from "../../../src/applications/builder/templates";
import { DEFAULT_CHOICES } from "../../../src/applications/context/choices";
import { CREATION_STEPS, creationArmorBurden, creationSummary, type CreationStep } from "../../../src/rules";
import { dwarfDraft, entry, renderBuilder, sourceCatalog, translator } from "./fixtures";
import { count, createRenderer } from "../render-harness";

const { entries, catalog } = sourceCatalog();
const renderer = createRenderer();

/** The rules texts as the window hands them over: each entry's description (enriched as given here). */
const rules = (uuid: string) => String(entries.find((e) => e.uuid === uuid)?.system.description ?? "");

function render(draft: BuilderDraft, view: BuilderViewState = EMPTY_VIEW): string {
  const t = translator();
  const html = renderBuilder(renderer, buildBuilderContext(draft, catalog, view, DEFAULT_CHOICES, t, rules));
  expect([...t.missing], "keys the context asked for").toEqual([]);
  return html;
}

const at = (step: CreationStep): BuilderDraft => ({ ...dwarfDraft(entries), step });
/** The inside of one step's section. */
function section(html: string, step: CreationStep): string {
  const match = new RegExp(`<section class="cw-builder-step" data-step="${step}"( hidden)?>([\\s\\S]*?)</section>`).exec(html);
  if (!match) throw new Error(`no section for ${step}`);
  return match[2];
}

describe("every step", () => {
  it.each(CREATION_STEPS)("%s renders alone, with its nav item current", (step) => {
    const html = render(at(step));
    expect(html).toMatch(new RegExp(`data-step="${step}" aria-current="step"`));
    expect(html).not.toMatch(new RegExp(`<section class="cw-builder-step" data-step="${step}" hidden>`));
    for (const other of CREATION_STEPS.filter((s) => s !== step)) expect(section(html, other).trim(), other).toBe("");
    expect(section(html, step).length).toBeGreaterThan(100);
  });

  it("uses only keys lang/en.json defines, and fills every placeholder", () => {
    for (const step of CREATION_STEPS) render(at(step));
    expect([...renderer.missingKeys]).toEqual([]);
    expect([...renderer.missingArgs]).toEqual([]);
    for (const file of Object.values(BUILDER_TEMPLATES)) expect(renderer.used.has(file.replace("systems/clockwork/templates/", ""))).toBe(true);
  });
});

describe("step contents", () => {
  it("concept: the name field", () => {
    expect(section(render(at("concept")), "concept")).toContain('value="Brokka Stonesong"');
  });

  it("skills: 16 rank selects in four attribute groups, the premade option selected", () => {
    const html = section(render(at("skills")), "skills");
    expect(count(html, /name="rank\.\w+"/)).toBe(16);
    expect(count(html, "<fieldset")).toBe(4);
    expect(html).toMatch(/<option value="1" selected>Premade option 1 \(balanced\)/);
  });

  it("species: the chosen species' bonus-skill picks sit right under its card, not below all 20 (issue 33)", () => {
    const html = section(render(at("species")), "species");
    const after = /<strong>Dwarves<\/strong>[\s\S]*?<\/details>\s*<\/div>\s*(<div class="cw-builder-[\w-]+")/.exec(html)?.[1];
    expect(after).toBe('<div class="cw-builder-chosen"');
    expect(count(html, 'class="cw-builder-chosen"')).toBe(1);
    const chosen = html.slice(html.indexOf('<div class="cw-builder-chosen"'));
    expect(chosen.indexOf('data-action="toggleSpeciesSkill"')).toBeLessThan(chosen.indexOf('data-action="pickSpecies"'));
    // Inside the list of cards, so it follows the chosen card's row.
    expect(html.indexOf('class="cw-builder-chosen"')).toBeLessThan(html.lastIndexOf('data-action="pickSpecies"'));
  });

  it("species: 20 species to pick, the Dwarf chosen with its skills checked", () => {
    const html = section(render(at("species")), "species");
    expect(count(html, 'data-action="pickSpecies"')).toBe(20);
    expect(html).toMatch(/cw-builder-card selected" data-action="pickSpecies" data-uuid="[^"]+"\s+aria-pressed="true">\s*<strong>Dwarves<\/strong>/);
    expect(count(html, /data-action="toggleSpeciesSkill" data-skill="\w+" checked/)).toBe(2);
  });

  it("bonus skill: the species' skills are disabled", () => {
    const html = section(render(at("bonusSkill")), "bonusSkill");
    expect(html).toMatch(/<option value="strength"\s+disabled>Strength<\/option>/);
    expect(html).toMatch(/<option value="will" selected >Will<\/option>/);
  });

  it("foci: every focus of the pack, three checked", () => {
    const html = section(render(at("foci")), "foci");
    expect(count(html, 'data-action="toggleFocus"')).toBe(catalog.foci.length);
    expect(count(html, /data-action="toggleFocus" data-uuid="[^"]+" checked/)).toBe(3);
    expect(html).toContain("3 of 3 chosen");
  });

  it("customization: CP left, rank costs, features and the spell list with filters", () => {
    const html = section(render(at("customization")), "customization");
    expect(html).toContain("0 of 12 left");
    expect(html).toMatch(/<option value="6" selected>6 \(2 CP\)<\/option>/);
    expect(count(html, 'data-action="removeFeature"')).toBe(5);
    expect(html).toContain("not at creation");
    expect(count(html, 'data-action="addSpell"')).toBe(60);
    expect(html).toContain("60 of 105 shown");
    const fire = render(at("customization"), { ...EMPTY_VIEW, spellFilters: { school: "fire" } });
    expect(count(section(fire, "customization"), 'data-action="addSpell"')).toBe(6);
  });

  it("resistance: six types with species, placed, armor and total (issue 33)", () => {
    const html = section(render(at("resistance")), "resistance");
    expect(count(html, /name="allocation\.\w+"/)).toBe(6);
    expect(html).toContain("7 of 7 points placed");
    expect([...html.matchAll(/<th scope="col"[^>]*>([^<]+)<\/th>/g)].map((m) => m[1])).toEqual(["Type", "Species", "Placed", "Armor", "Total"]);
    // Blunt: 2 + the Dwarf's 1 = species 3, 3 placed, the Platemail's 4: 10.
    const blunt = /<tr class="">\s*<th scope="row"><label for="cw-builder-allocation-blunt">[\s\S]*?<\/tr>/.exec(html)![0];
    expect([...blunt.matchAll(/<td>(?:<strong>)?(\d+)/g)].map((m) => Number(m[1]))).toEqual([3, 4, 10]);
    expect(blunt).toMatch(/<option value="3" selected>\+3<\/option>/);
    expect(html).not.toMatch(/\((?:B|L|N|P|S|X)\)/);
  });

  it("equipment: the cart with totals and the in-use boxes, and the shop", () => {
    const html = section(render(at("equipment")), "equipment");
    expect(html).toContain("1050 of 2000 left");
    expect(count(html, /data-action="equip" data-uuid="[^"]+" checked/)).toBe(3);
    expect(html).toMatch(/name="quantity\.3" value="2"/);
    expect(count(html, 'data-action="buy"')).toBe(60);
  });

  it("equipment: a price the book does not give reads \"—\" and says so; a priced item says its price (issue 20)", () => {
    const html = section(render(at("equipment")), "equipment");
    const row = (name: string) => new RegExp(`<span class="cw-builder-item-name">${name}</span>[\\s\\S]*?(<span class="cw-builder-price[^"]*"[^>]*>[\\s\\S]*?</span></span>)`).exec(html)?.[1] ?? "";
    const dagger = catalog.gear.find((e) => e.type === "weapon" && Number(e.system.price) === 0)!;
    expect(row(dagger.name)).toBe('<span class="cw-builder-price unpriced" data-tooltip="The book gives no price for this item: it costs nothing at creation."><span aria-hidden="true">—</span><span class="cw-visually-hidden">The book gives no price for this item: it costs nothing at creation.</span></span>');
    const armor = catalog.gear.find((e) => e.type === "armor" && Number(e.system.price) > 0)!;
    expect(row(armor.name)).toContain(`data-tooltip="Price: ${armor.system.price} currency"><span aria-hidden="true">${armor.system.price}</span>`);
    // No bare 0 in the shop's price column.
    expect(html).not.toMatch(/<span aria-hidden="true">0<\/span>/);
    // The cart's totals: the Warhammer (no book price) "—", the armor its price.
    expect(html).toMatch(/Warhammer[\s\S]*?<td class="cw-builder-price unpriced"[^>]*><span aria-hidden="true">—<\/span>/);
  });

  it("review: the facts, no problems, and an enabled Create button", () => {
    const html = render(at("review"));
    expect(section(html, "review")).toContain("Every creation rule is met.");
    expect(section(html, "review")).toMatch(/<dt>Species<\/dt><dd>Dwarves<\/dd>/);
    expect(html).toMatch(/<button type="button" class="cw-primary" data-action="confirm" >/);
  });
});

describe("rules text where the choice is made (issue 20)", () => {
  const details = (html: string) => count(html, '<details class="cw-builder-rules">');

  it("species cards name each field and hold the species' rules text", () => {
    const html = section(render(at("species")), "species");
    const dragonkin = /<div class="cw-builder-species">\s*<button[^>]*>\s*<strong>Dragonkin<\/strong>([\s\S]*?)<\/div>\s*<div class="cw-builder-species/.exec(html)?.[1] ?? "";
    expect(dragonkin).toContain('<span class="cw-builder-fact-label">Size:</span> Large');
    expect(dragonkin).toContain('<span class="cw-builder-fact-label">Resistance +1:</span> Piercing');
    expect(dragonkin).toContain('<span class="cw-builder-fact-label">Bonus skills (pick 2):</span> Celestial, Strength, Will');
    expect(dragonkin).toMatch(/<summary>Rules text<span class="cw-visually-hidden">: Dragonkin<\/span><\/summary><div class="cw-builder-rules-text"><p><strong>Size:<\/strong> Large/);
    expect(details(html)).toBe(20);
    // A species of two sizes says so.
    expect(html).toMatch(/<span class="cw-builder-fact-label">Size \(choose one\):<\/span> \w+ or \w+/);
    expect(html).not.toMatch(/<span>\w+ · \w+<\/span>/);
  });

  it("every focus, feature and listed spell has its rules text", () => {
    const foci = section(render(at("foci")), "foci");
    expect(details(foci)).toBe(catalog.foci.filter((e) => String(e.system.description ?? "").trim()).length);
    expect(details(foci)).toBeGreaterThan(40);
    const custom = section(render(at("customization")), "customization");
    const withText = (list: readonly { system: Record<string, unknown> }[]) => list.filter((e) => String(e.system.description ?? "").trim()).length;
    expect(withText(catalog.features)).toBe(catalog.features.length);
    expect(details(custom)).toBe(catalog.features.length + 60);
    const fireball = catalog.spells.find((e) => e.name === "Fireball") ?? catalog.spells[0];
    const fire = section(render(at("customization"), { ...EMPTY_VIEW, spellFilters: { search: fireball.name } }), "customization");
    expect(fire).toContain(`<div class="cw-builder-rules-text">${String(fireball.system.description)}</div>`);
  });
});

describe("problems in words, next to their field", () => {
  const broken: BuilderDraft = (() => {
    const d = dwarfDraft(entries);
    return {
      ...d,
      build: {
        ...d.build,
        name: "",
        premadeOption: null,
        skills: { ...d.build.skills, creativity: 6, spellcraft: 7 },
        personalBonusSkill: "strength",
        foci: d.build.foci.slice(0, 2),
        resistanceAllocation: { ...d.build.resistanceAllocation, blunt: 1 },
      },
    };
  })();

  it("the nav counts problems per step and the review lists them all, Create disabled", () => {
    const html = render({ ...broken, step: "review" });
    expect(html).toMatch(/data-step="concept" >[\s\S]{0,200}<span class="cw-visually-hidden">Problems in this step:<\/span> 1<\/span>/);
    expect(section(html, "review")).toContain("Fix these before confirming:");
    expect(section(html, "review")).toContain("Give the character a name.");
    expect(section(html, "review")).toContain("Strength already has a species bonus; pick another skill.");
    expect(section(html, "review")).toContain("Pick exactly 3 foci (2 picked).");
    expect(section(html, "review")).toContain("5 of 7 resistance points placed; place them all.");
    expect(html).toMatch(/data-action="confirm" disabled/);
  });

  it("a skill below 7 is flagged on its own row", () => {
    const html = section(render({ ...broken, step: "skills" }), "skills");
    expect(html).toMatch(/<select id="cw-builder-rank-creativity" name="rank\.creativity" aria-invalid="true">[\s\S]*?<p class="cw-problem">Creativity is at 6; at this step nothing goes below 7\.<\/p>/);
  });

  it("a refused change is explained at the top and the draft is unchanged", () => {
    const draft = at("species");
    const result = applyChange(draft, { kind: "speciesSkill", skill: "creativity", on: true });
    expect(result.draft).toBe(draft);
    const html = render(result.draft, { ...EMPTY_VIEW, refused: result.refused });
    expect(html).toMatch(/<div class="cw-builder-refused" role="alert">[\s\S]*Pick exactly 2 species bonus skills \(3 picked\)\./);
  });

  it("names features and prerequisites in a refusal", () => {
    const result = applyChange(at("customization"), { kind: "feature", entry: entry(entries, "feature", "Dire Animal Companion"), on: true });
    const html = render(result.draft, { ...EMPTY_VIEW, refused: result.refused });
    expect(html).toContain("Dire Animal Companion needs Animal Companion first.");
  });
});

describe("the live numbers", () => {
  it("show attributes, grit, vitals, mana, speeds, defense and resistance totals with armor", () => {
    const html = render(at("equipment"));
    expect(html).toMatch(/data-stat="body"><dt>Body<\/dt><dd>8<\/dd>/);
    expect(html).toMatch(/data-stat="grit"><dt>Grit<\/dt><dd>8<\/dd>/);
    expect(html).toMatch(/data-stat="vitals"><dt>Vitals<\/dt><dd>6<\/dd>/);
    expect(html).toMatch(/data-stat="block"><dt>Block<\/dt><dd>\+5<\/dd>/);
    // Blunt: 2 + 1 Dwarf = species 3, 3 placed, Platemail 4; the type named in words beside its icon.
    expect(html).toMatch(/<tr data-type="blunt"><th scope="row"><span class="cw-dmg-icon cw-dmg-icon--blunt" aria-hidden="true"><\/span> Blunt<\/th><td>3<\/td><td>3<\/td><td>4<\/td><td>10<\/td><\/tr>/);
    expect(html).toMatch(/<caption>Resistance<\/caption>\s*<thead><tr><th scope="col">Type<\/th><th scope="col">Species<\/th><th scope="col">Placed<\/th><th scope="col">Armor<\/th><th scope="col">Total<\/th><\/tr><\/thead>/);
  });

  it("the play-test's High Elf (+1 energy) with 2 placed in blunt: species 2 and placed 2 in blunt, species 3 in energy (issue 33)", () => {
    const elf = applyChange(at("resistance"), { kind: "species", entry: entry(entries, "species", "High Elves") }).draft;
    const html = render({ ...elf, build: { ...elf.build, resistanceAllocation: { ...elf.build.resistanceAllocation, blunt: 2, energy: 0 } } });
    expect(html).toMatch(/<tr data-type="blunt"><th scope="row">[\s\S]*? Blunt<\/th><td>2<\/td><td>2<\/td><td>4<\/td><td>8<\/td><\/tr>/);
    expect(html).toMatch(/<tr data-type="energy"><th scope="row">[\s\S]*? Energy<\/th><td>3<\/td><td>0<\/td>/);
  });
});

describe("armor the character cannot wear (issue 33)", () => {
  /** The Dwarf without the Strength rank bought down: Strength 7 carries Medium, and the Platemail is in use. */
  const weak = (): BuilderDraft => {
    const result = applyChange(dwarfDraft(entries), { kind: "customRank", skill: "strength", rank: 7 });
    expect(result.refused).toEqual([]);
    return result.draft;
  };
  const burden = () => creationArmorBurden(weak().build)!;
  const sentence = (key: "ArmorTooHeavy" | "ArmorTooHeavyShop") => {
    const b = burden();
    const text = key === "ArmorTooHeavy"
      ? `Heavy armor is more than this character's Strength carries (Medium at most). Wearing it, they are encumbered and cannot run (run ${b.without.run} without it); walk ${b.without.walk} → ${b.worn.walk}, dodge +${b.without.dodge} → +${b.worn.dodge}.`
      : `Too heavy for this character (Medium at most): worn, it stops them running (run ${b.without.run} without it); walk ${b.without.walk} → ${b.worn.walk}, dodge +${b.without.dodge} → +${b.worn.dodge}.`;
    return text.replace("'", "&#x27;");
  };

  it("the rules core's numbers: the same as the live panel with and without the armor", () => {
    const b = burden();
    expect(b.encumbrance).toBe("encumbered");
    const worn = creationSummary(weak().build).derived;
    expect([b.worn.walk, b.worn.run, b.worn.dodge]).toEqual([worn.walk, worn.run, worn.dodge]);
  });

  it("equipment: the Platemail's cart row and every heavy armor in the shop say what it costs; lighter armor says nothing", () => {
    const html = section(render({ ...weak(), step: "equipment" }, { ...EMPTY_VIEW, gearFilters: { type: "armor" } }), "equipment");
    const cart = /<tr class="">\s*<th scope="row">Platemail[\s\S]*?<\/tr>/.exec(html)?.[0] ?? "";
    expect(cart).toContain(`<p class="cw-warning">${sentence("ArmorTooHeavy")}</p>`);
    const shopRow = (name: string) => new RegExp(`<li>\\s*<span class="cw-builder-item-name">${name.replace(/[()/]/g, "\\$&")}</span>[\\s\\S]*?</li>`).exec(html)?.[0] ?? "";
    const heavy = catalog.gear.filter((e) => e.type === "armor" && e.system.weight === "heavy");
    const lighter = catalog.gear.filter((e) => e.type === "armor" && e.system.weight !== "heavy");
    expect(heavy.length).toBeGreaterThan(0);
    expect(lighter.length).toBeGreaterThan(0);
    for (const e of heavy) expect(shopRow(e.name), e.name).toContain(sentence("ArmorTooHeavyShop"));
    for (const e of lighter) expect(shopRow(e.name), e.name).not.toContain("cw-warning");
  });

  it("review: the warning in words, no \"Every creation rule is met.\", and Create still enabled", () => {
    const html = render({ ...weak(), step: "review" });
    const review = section(html, "review");
    expect(review).not.toContain("Every creation rule is met.");
    expect(review).toContain("The character can be finished, but look at this first:");
    expect(review).toContain(sentence("ArmorTooHeavy"));
    // Strength left at 7 leaves the 2 CP it cost unspent: listed too, with where to spend them.
    expect(review).toMatch(/data-action="goto" data-step="customization">Customization<\/button>: 2 of 12 customization points are unspent\. Creation does not keep them: finishing now loses them\./);
    expect(review).toMatch(/data-action="goto" data-step="equipment">Equipment<\/button>/);
    expect(html).toMatch(/<button type="button" class="cw-primary" data-action="confirm" >/);
  });

  it("two steps over (Strength 12 in heavy armor): only stepping, said in words", () => {
    const d = weak();
    const twelve = { ...d, step: "review" as const, build: { ...d.build, skills: { ...d.build.skills, strength: 12 }, customizedSkills: {} } };
    const review = section(render(twelve), "review");
    expect(review).toMatch(/Heavy armor is far more than this character&#x27;s Strength carries \(Light at most\)\. Wearing it, they can only step, neither walk nor run \(walk \d, run \d without it\); dodge \+\d → \+\d\./);
  });

  it("a Strength that carries it: no warning anywhere", () => {
    const equipment = section(render(at("equipment"), { ...EMPTY_VIEW, gearFilters: { type: "armor" } }), "equipment");
    expect(equipment).not.toContain("cw-warning");
    expect(section(render(at("review")), "review")).not.toContain("cw-warning");
  });
});
