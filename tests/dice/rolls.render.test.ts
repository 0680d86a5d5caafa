/**
 * The chat card and the roll dialog rendered with the real Handlebars and lang/en.json, from
 * the real context builders, in every roll mode and for every roll kind.
 */
import { describe, expect, it } from "vitest";
import { count, createRenderer } from "../applications/render-harness";
import { countGains, markDice } from "../../src/rules";
import { buildChatCardContext, type ChatCardViewer } from "../../src/dice/context/chat-card";
import { buildRollDialogContext } from "../../src/dice/context/roll-dialog";
import { DICE_TEMPLATES, ROLL_DIALOG_PARTS } from "../../src/dice/templates";
import { ROLL_MODES, type RollModeKey } from "../../src/dice/types";
import { gainRoll, serialized } from "./serialized";
import { request } from "./requests";

const renderer = createRenderer();
const FACES = [1, 5, 12, 6, 5, 8, 7, 2];
const SKILL_ROLL = gainRoll(FACES, {
  threshold: 7, needed: 3, difficulty: "normal", outOfCombat: true, critical: {},
  parts: [{ key: "attribute", dice: 8 }, { key: "focus", dice: 1, name: "Mauler" }, { key: "vitals", dice: -1 }],
  subject: { kind: "skill", skill: "strength", attribute: "body" },
});

function card(viewer: ChatCardViewer, rolls = [SKILL_ROLL], luck = { spent: 0, keepBest: false }): string {
  return renderer.render(DICE_TEMPLATES.chatCard, buildChatCardContext({ actorName: "Ada Brass", rolls, luck }, viewer));
}

/** Every part of the roll dialog, in order, as the window content holds them. */
function dialog(context: object): string {
  return Object.values(ROLL_DIALOG_PARTS).map((template) => renderer.render(template, context)).join("\n");
}

const marks = (html: string) => [...html.matchAll(/data-mark="(\w+)"/g)].map((m) => m[1]);

describe("chat card template", () => {
  it("shows who rolled what, the pool's parts, every die marked, gains and the outcome", () => {
    const html = card({ rollMode: "publicroll", isGM: false, isAuthor: false });
    expect(html).toContain("Ada Brass");
    expect(html).toContain("Body / Strength");
    expect(html).toMatch(/Focus <span class="cw-pool-part__name">\(Mauler\)<\/span><\/dt>\s*<dd>\+1<\/dd>/);
    expect(html).toMatch(/Vitals penalty<\/dt>\s*<dd>\u22121<\/dd>/);
    expect(marks(html)).toEqual(markDice(FACES, 7));
    expect(count(html, 'class="cw-roll-die ')).toBe(FACES.length);
    expect(html).toContain(`data-gains="${countGains(FACES, 7)}"`);
    expect(html).toContain("Normal · needs 3");
    expect(html).toContain('class="cw-card__status">Success');
    expect(html).toContain("Spend luck: reroll");
    expect(html).toContain('aria-label="12: 12: two gains"');
    expect(html).not.toContain("Private GM roll");
  });

  it.each(ROLL_MODES)("renders %s for the GM, the author and another player", (mode: RollModeKey) => {
    for (const [isGM, isAuthor] of [[true, false], [false, true], [false, false]] as const) {
      const html = card({ rollMode: mode, isGM, isAuthor });
      const visibility = /data-visibility="(\w+)"/.exec(html)?.[1];
      expect(html).toContain("Ada Brass");
      if (visibility === "full") {
        expect(marks(html)).toHaveLength(FACES.length);
      } else {
        expect(marks(html)).toEqual([]);
        expect(html).not.toContain("data-gains");
        expect(html).not.toContain("Spend luck");
      }
      if (visibility === "summary") expect(html).toContain("Blind roll: only the GM sees the dice and the result.");
      if (visibility === "hidden") {
        expect(html).toContain("Private roll.");
        expect(html).not.toContain("Strength");
      }
      if (mode !== "publicroll") expect(html).toContain('class="cw-card__mode"');
    }
  });

  it("hides a blind roll's dice from its author but shows what was rolled", () => {
    const html = card({ rollMode: "blindroll", isGM: false, isAuthor: true });
    expect(html).toContain('data-visibility="summary"');
    expect(html).toContain("Body / Strength");
    expect(html).toContain("Blind GM roll");
  });

  it("shows a luck reroll in the same card with the old dice struck through", () => {
    const old = gainRoll([9, 9, 9], { threshold: 7, needed: 2, difficulty: "easy", discarded: true });
    const now = gainRoll([1, 2, 3], { threshold: 7, needed: 2, difficulty: "easy" });
    const html = card({ rollMode: "publicroll", isGM: true, isAuthor: true }, [old, now], { spent: 1, keepBest: false });
    expect(count(html, "cw-attempt is-discarded")).toBe(1);
    expect(html).toContain("Rerolled");
    expect(html).toContain("Stands");
    expect(html).toContain("Luck spent: 1");
    expect(html).not.toContain("Spend luck");
    expect(html).toContain('class="cw-card__status">Failure');
    const halfling = card({ rollMode: "publicroll", isGM: true, isAuthor: true }, [old, now], { spent: 1, keepBest: true });
    expect(halfling).toContain("Spend luck: reroll, best stands");
  });

  it("renders Flat, damage and death cards", () => {
    const viewer = { rollMode: "publicroll" as const, isGM: true, isAuthor: true };
    const flat = card(viewer, [serialized("FlatRoll", [{ result: 3, active: false, discarded: true }, { result: 9, active: true }], { target: 7, keepBetter: true, label: "End Burning" })]);
    expect(flat).toContain("Flat roll: End Burning");
    expect(flat).toContain("against Flat 7");
    expect(marks(flat)).toEqual(["dropped", "gain"]);
    const damage = card(viewer, [serialized("DamageRoll", [12, 6, 3, 1], {
      damageType: "slashing", armorPiercing: true, criticals: 1, itemName: "Battleaxe",
      targets: [{ name: "Orc", species: 3, armor: 3, hit: true }, { name: "Rat", species: 2, armor: 0, hit: false }],
    })]);
    expect(damage).toContain("Damage: Battleaxe");
    // Four dice of slashing damage: the type by icon and full name, never the book's letter.
    expect(damage).toMatch(/<strong data-damage-dice="4">4<\/strong> damage dice, <span class="cw-damage-type"><span class="cw-dmg-icon cw-dmg-icon--slashing" aria-hidden="true"><\/span>Slashing<\/span>/);
    expect(damage).not.toContain("4 S");
    expect(damage).toContain("Armor piercing");
    expect(count(damage, "<tr class=\"is-")).toBe(2);
    expect(damage).toContain("(missed)");
    const death = card(viewer, [serialized("DeathRoll", [1, 12, 4, 8, 6, 12], { diehard: true, wounds: 2, grit: 5 })]);
    expect(death).toContain("Death roll");
    expect(death).toContain("Diehard: a 1 adds one, a 12 cancels two");
    expect(death).toContain("Still dying");
    expect(marks(death)).toEqual(["fatal", "save", "fatal", "none", "fatal", "save"]);
  });
});

describe("chat card: every number says what it is (issue 20)", () => {
  const viewer = { rollMode: "publicroll" as const, isGM: true, isAuthor: true };

  it("a skill roll such as a stabilize (Mind / Knowledge against the wounds) never offers critical damage; an attack roll does", () => {
    const stabilize = card(viewer, [gainRoll([12, 12, 9, 4, 1], {
      threshold: 8, needed: 3, difficulty: "custom", critical: {}, subject: { kind: "skill", skill: "knowledge", attribute: "mind" },
    })]);
    expect(stabilize).toContain("Mind / Knowledge");
    expect(stabilize).not.toContain("Critical damage");
    const attack = card(viewer, [gainRoll([12, 12, 9, 4, 1], { threshold: 8, critical: {}, subject: { kind: "attack", itemName: "Longsword" } })]);
    expect(attack).toContain("Critical damage on a hit: +2 (dice 12)");
    // A spell attack is a roll against a defense: it may deal critical damage too.
    const bolt = card(viewer, [gainRoll([12, 9], { threshold: 8, needed: 1, difficulty: "defense", critical: {}, subject: { kind: "spell", skill: "elemental", attribute: "magic", itemName: "Fire Bolt" } })]);
    expect(bolt).toContain("Critical damage on a hit: +1");
  });

  it("the Flat face, the damage dice count and a target's damage parts are labelled; damage dice say what they do", () => {
    const flat = card(viewer, [serialized("FlatRoll", [9], { target: 7 })]);
    expect(flat).toMatch(/Rolled <strong data-flat-face="9">9<\/strong> against Flat 7/);
    const damage = card({ ...viewer, canObserve: () => true }, [serialized("DamageRoll", [12, 6, 3, 1], {
      damageType: "slashing", criticals: 2, itemName: "Battleaxe", targets: [{ name: "Orc", actorUuid: "Actor.orc", species: 3, armor: 2, hit: true }],
    })]);
    expect(damage).toContain(">4</strong> damage dice, ");
    expect(damage).toMatch(/\(\d+ from the dice \+ 2 critical\)/);
    expect(damage).toContain('data-tooltip="12: two points of damage"');
    expect(damage).toContain('data-tooltip="1: cancels a point of damage"');
    expect(damage).toContain('data-tooltip="below the resistance: no damage"');
    expect(damage).not.toContain("two gains");
  });
});

describe("roll dialog template", () => {
  it("shows the pool, the choices and a bar per number of gains with the chance of success", () => {
    const context = buildRollDialogContext({
      request: request({ bonusSkill: true, foci: [{ id: "f1", name: "Mauler" }], focusId: "f1", difficulty: "hard", vitalsRemaining: 3 }),
      oddsVisibility: "all", isGM: false, idPrefix: "test",
    });
    const html = dialog(context);
    expect(html).toContain("Body / Strength");
    expect(html).toContain(`data-dice="${context.pool.dice}"`);
    expect(html).toContain(`${context.pool.dice}d12, gains on 7+`);
    expect(html).toContain('<option value="f1" selected>Mauler</option>');
    expect(html).toContain('<option value="hard" selected>Hard (gains needed: 4)</option>');
    expect(html).toContain(`data-chance="${context.odds.chance}"`);
    expect(html).toContain(context.odds.chanceText);
    expect(count(html, 'class="cw-odds__bar')).toBe(context.odds.bars.length);
    expect(count(html, "cw-odds__bar is-success")).toBe(context.odds.bars.filter((b) => b.meets).length);
    expect(html).toContain('name="rollMode"');
    expect(html).toContain('id="test-situational"');
  });

  it("hides the odds when the setting says so, and explains an empty pool", () => {
    const hidden = dialog(buildRollDialogContext({ request: request(), oddsVisibility: "gm", isGM: false }));
    expect(hidden).not.toContain("cw-odds__bar");
    expect(hidden).toContain('<section class="cw-odds" hidden');
    const empty = dialog(buildRollDialogContext({
      request: request({ attributeDice: 5, situational: -6 }), oddsVisibility: "all", isGM: false,
    }));
    expect(empty).toContain("No dice: the roll fails");
    const opposed = dialog(buildRollDialogContext({ request: request({ difficulty: "opposed" }), oddsVisibility: "all", isGM: false }));
    expect(opposed).toMatch(/Most likely result: \d+ gains/);
  });

  it("uses only keys and placeholders that lang/en.json has", () => {
    expect([...renderer.missingKeys]).toEqual([]);
    expect([...renderer.missingArgs]).toEqual([]);
  });
});
