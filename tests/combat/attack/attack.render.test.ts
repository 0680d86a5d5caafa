/**
 * The attack workflow's templates rendered with the real Handlebars and lang/en.json from the
 * real context builders: the attack card for an observer and for a player who may not observe
 * the target, the three parts of the attack dialog at each hidden-information level, the
 * reaction prompt and the sheet's action list. Fails on a missing key or format argument.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { count, createRenderer } from "../../applications/render-harness";
import { ATTACK_CARD_TEMPLATE, buildAttackCardContext, type AttackCardData, type CardTarget } from "../../../src/combat/attack/card";
import { ATTACK_DIALOG_PARTS } from "../../../src/combat/attack/dialog-parts";
import { buildAttackDialogContext, chanceBand } from "../../../src/combat/attack/dialog-context";
import { attackPreview, type HiddenInfoLevel } from "../../../src/combat/attack/preview";
import { reactionPromptContext, reactionQueryData, REACTION_TEMPLATE } from "../../../src/combat/attack/reactions";
import { defaultDeclaration } from "../../../src/combat/attack/source";
import { buildCombatActionsContext } from "../../../src/combat/actions/context";
import { COMBAT_ACTIONS_TEMPLATE } from "../../../src/combat/actions/templates";
import { creature, targetInfo, weapon } from "./fixtures";

const renderer = createRenderer();

function lookup(key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), renderer.translations);
}

beforeAll(() => {
  // The context builders localize through game.i18n, as in Foundry.
  const i18n = {
    localize: (key: string) => (typeof lookup(key) === "string" ? lookup(key) as string : key),
    format: (key: string, data: Record<string, unknown> = {}) => i18n.localize(key).replace(/\{(\w+)\}/g, (w, a: string) => (a in data ? String(data[a]) : w)),
  };
  (globalThis as unknown as { game: object }).game = { i18n };
});

function expectClean(html: string): void {
  expect([...renderer.missingKeys]).toEqual([]);
  expect([...renderer.missingArgs]).toEqual([]);
  expect(html).not.toMatch(/CLOCKWORK\.[A-Z]/);
}

const target = (name: string, options: Partial<CardTarget> = {}): CardTarget => ({
  key: `Scene_s_Token_${name}`, name, actorUuid: `Actor.${name}`, attack: 0, hit: true, gains: 6, defense: 5, reaction: "dodge", automaticMiss: null,
  damage: { total: 9, points: 7, criticals: 2, resistance: 5, armorPierced: 1 }, health: { absorbed: 0, woundsAdded: 1, vitalsLost: 2, dying: false, dead: false },
  conditions: ["stunned"], procs: 1, ...options,
});

const CARD: AttackCardData = {
  version: 1, actorUuid: "Actor.Ada", actorName: "Ada", itemName: "Assault Rifle", mode: "autofire", damageType: "ballistic", calledShot: null, counters: 3,
  attacks: [{ attackRoll: 0, damageRoll: 1, dice: 6, threshold: 8, criticals: 2, attackFaces: [12, 9, 8, 4, 1, 12], damageFaces: [12, 6, 3, 1, 9, 10, 2, 5] }],
  targets: [target("Grusha"), target("Bram", { hit: false, reaction: "none", damage: { total: 3, points: 3, criticals: 0, resistance: 4, armorPierced: 0 }, conditions: [] }), target("Goblin", { health: { absorbed: 0, woundsAdded: 2, vitalsLost: 1, dying: false, dead: true } })],
  applied: {},
};

describe("attack card", () => {
  it("an observer (the GM) sees every number, the dice and Apply", () => {
    const html = renderer.render(ATTACK_CARD_TEMPLATE, buildAttackCardContext(CARD, { isGM: true, isAuthor: false, canObserve: () => true, exists: () => true }));
    expectClean(html);
    expect(html).toContain("Ada");
    expect(count(html, 'class="cw-attack-target ')).toBe(3);
    expect(count(html, "data-defense=")).toBe(3);
    expect(html).toContain("1 armor pierced");
    expect(html).toContain("Stunned");
    expect(html).toContain("Dies.");
    expect(html).toContain('data-cw-attack="apply"');
    expect(count(html, 'class="cw-roll-die ')).toBe(14);
  });

  it("a player who may not observe the targets sees hit or miss and the damage only", () => {
    const html = renderer.render(ATTACK_CARD_TEMPLATE, buildAttackCardContext(CARD, { isGM: false, isAuthor: false, canObserve: (t) => t.name === "Bram", exists: () => true }));
    expectClean(html);
    expect(count(html, "data-defense=")).toBe(1);
    expect(count(html, "data-wounds=")).toBe(1);
    expect(count(html, "data-damage=")).toBe(3);
    expect(html).not.toContain("Dies.");
    expect(html).not.toContain('data-cw-attack="apply"');
  });

  it("a stale card says its attacker is gone", () => {
    const html = renderer.render(ATTACK_CARD_TEMPLATE, buildAttackCardContext(CARD, { isGM: true, isAuthor: true, canObserve: () => true, exists: (u) => u !== "Actor.Ada" && u !== "Actor.Bram" }));
    expectClean(html);
    expect(html).toContain("Ada no longer exists: this card can no longer be applied.");
    expect(html).toContain("This creature no longer exists.");
    expect(html).not.toContain('data-cw-attack="apply"');
  });
});

describe("attack card: every number and reaction says what it is (issue 20)", () => {
  const gmView = { isGM: true, isAuthor: false, canObserve: () => true, exists: () => true };
  const reacted: AttackCardData = {
    ...CARD,
    targets: [
      target("Grusha", { reaction: "dodge", reactionBy: "player" }),
      target("Bram", { reaction: "block", reactionBy: "gm" }),
      target("Goblin", { reaction: "none", reactionBy: "timeout" }),
      target("Rat", { reaction: "none", reactionBy: "none" }),
      target("Wolf", { reaction: "none", reactionBy: "absent" }),
      target("Orc", { reaction: "dodge", reactionBy: "auto" }),
    ],
  };

  it("each target says whether it dodged, blocked or did not react, and who decided", () => {
    const html = renderer.render(ATTACK_CARD_TEMPLATE, buildAttackCardContext(reacted, { ...gmView, isGM: false, canObserve: () => false }));
    expectClean(html);
    const line = (name: string) => new RegExp(`data-target="Scene_s_Token_${name}"[\\s\\S]*?<dt>Reaction</dt><dd>([^<]*)</dd>`).exec(html)?.[1];
    expect(line("Grusha")).toBe("Dodged (its player decided)");
    expect(line("Bram")).toBe("Blocked (the GM decided)");
    expect(line("Goblin")).toBe("Did not react (no answer in time)");
    expect(line("Rat")).toBe("Did not react (not asked: no reaction was open to it)");
    expect(line("Wolf")).toBe("Did not react (nobody was connected to answer)");
    expect(line("Orc")).toBe("Dodged (decided for the GM by the world setting)");
  });

  it("a card from before the decider was kept names a reaction only (no guess at who)", () => {
    const html = renderer.render(ATTACK_CARD_TEMPLATE, buildAttackCardContext(CARD, gmView));
    expect(html).toContain("<dd>Dodged</dd>");
    expect(count(html, "<dt>Reaction</dt>")).toBe(2);
  });

  it("the second row of dice is labelled as the damage roll, each damage die says what it does", () => {
    const html = renderer.render(ATTACK_CARD_TEMPLATE, buildAttackCardContext(CARD, gmView));
    expectClean(html);
    expect(html).toMatch(/<span class="cw-attack-card__roll-label">Attack dice<\/span>/);
    expect(html).toMatch(/<span class="cw-attack-card__roll-label" data-tooltip="The weapon&#x27;s damage roll[^"]*">Damage dice \(8\)<\/span>/);
    const damageRow = /data-roll="damage"[\s\S]*?<\/ol>/.exec(html)![0];
    expect(damageRow).toContain('data-tooltip="12: two points of damage"');
    expect(damageRow).toContain('data-tooltip="1: cancels a point of damage"');
    expect(damageRow).not.toMatch(/\bgains?\b/);
    expect(html).toContain("Pool: 6 dice, a gain on 8+");
    expect(html).toContain("3 action counters spent");
  });
});

describe("attack dialog", () => {
  const ada = creature("Ada", { ranks: { accuracy: 7 } });
  const rifle = weapon("Assault Rifle", { category: "ranged", group: "rifle", damage: { dice: 8, types: ["ballistic"] }, rangeIncrement: 9, properties: [{ key: "autofire", damageType: "" }] });
  const targets = [
    targetInfo(creature("Grusha", { shield: true }), { observable: false, situation: { distance: 4 } }),
    targetInfo(creature("Bram"), { key: "b", observable: true, situation: { distance: 12, defenseless: true } }),
    targetInfo(creature("Goblin", { armor: 0 }), { key: "g", observable: false, situation: { distance: 30 } }),
  ];
  const render = (hiddenInfo: HiddenInfoLevel) => {
    const declaration = defaultDeclaration(ada, rifle, "publicroll");
    const context = buildAttackDialogContext({
      actorName: "Ada", itemName: "Assault Rifle", declaration, targets,
      preview: attackPreview({ actor: ada, item: rifle, declaration, targets, counters: { available: 6, reserved: 0, hadTurn: true, passed: false } }),
      choices: { modes: ["single", "autofire", "strafe", "spray"], damageTypes: ["ballistic"], skills: [] }, foci: [{ id: "f", name: "Rifles" }],
      powerAttack: false, counters: { available: 6, reserved: 0 }, viewer: { isGM: false, hiddenInfo },
    });
    return Object.values(ATTACK_DIALOG_PARTS).map((t) => renderer.render(t, context)).join("\n");
  };

  it("shows per target the dice, defense, chance to hit and expected damage as the setting allows", () => {
    const everything = render("everything");
    expectClean(everything);
    expect(count(everything, /class="cw-attack-row[ "]/)).toBe(3);
    expect(count(everything, /data-defense="\d+"/)).toBe(3);
    expect(everything).toContain("Out of range (30 spaces away): cannot be attacked");
    expect(everything).toContain("cannot reach Goblin from where they stand");
    expect(everything).toContain("3 attacks × 2 &#x3D; 6 counters (6 available).");
    expect(everything).toContain("No reaction: defenseless");
    const percentages = render("percentages");
    expectClean(percentages);
    expect(count(percentages, /data-defense="\d+"/)).toBe(1);
    expect(count(percentages, /data-chance="[\d.]+"/)).toBe(3);
    const nothing = render("nothing");
    expect(count(nothing, /data-chance="[\d.]+"/)).toBe(1);
    expect(count(nothing, "cw-attack-row__hidden")).toBe(2);
  });

  it("by default a target the player may not observe shows a band of the chance, never the exact one (issue 18 item 6)", () => {
    const bands = render("bands");
    expectClean(bands);
    // Only Bram (observed) keeps an exact chance; the others say likely / even odds / unlikely.
    expect(count(bands, /data-chance="[\d.]+"/)).toBe(1);
    expect(count(bands, /data-defense="\d+"/)).toBe(1);
    expect(bands).toMatch(/<strong>(likely|even odds|unlikely)<\/strong>/);
    expect(chanceBand(0.9)).toBe("likely");
    expect(chanceBand(0.5)).toBe("even");
    expect(chanceBand(0.1)).toBe("unlikely");
  });
});

describe("reaction prompt and action list", () => {
  it("the prompt lists each choice with its odds", () => {
    const ada = creature("Ada");
    const sword = weapon("Longsword");
    const declaration = defaultDeclaration(ada, sword, "publicroll");
    const preview = attackPreview({ actor: ada, item: sword, declaration, targets: [targetInfo(creature("Bram", { shield: true }))], counters: null });
    const html = renderer.render(REACTION_TEMPLATE, reactionPromptContext(reactionQueryData(preview.rows[0], { attacker: "Ada", weapon: "Longsword", target: "Bram" }, 30000)));
    expectClean(html);
    expect(html).toContain("Ada attacks Bram with Longsword. React?");
    expect(count(html, "data-reaction=")).toBe(3);
    expect(html).toContain("No answer within 30 s");
  });

  it("the action list shows costs, and disabled actions with their reason", () => {
    const actor = { name: "Ada", system: { equipped: { mainHand: "s" }, species: null }, items: [{ id: "s", name: "Longsword", type: "weapon", system: { category: "melee", counters: 2 } }], statuses: ["prone"] };
    const html = renderer.render(COMBAT_ACTIONS_TEMPLATE, buildCombatActionsContext(actor, { inCombat: true, counters: { available: 1, reserved: 0, hadTurn: true, passed: false } }));
    expectClean(html);
    expect(html).toContain("1 counters this turn, 0 reserved.");
    expect(html).toContain("Attack: Longsword");
    expect(count(html, 'data-action="combatAction"')).toBeGreaterThan(10);
    expect(html).toMatch(/data-key="stand"[^>]*>/);
    expect(html).toContain("Prone");
  });
});

describe("magic items on the attack card and the fall card (docs/rulings.md 128–131)", () => {
  const spiked: AttackCardData = {
    ...CARD, mode: "single", actorName: "Grusha", actorUuid: "Actor.Grusha",
    targets: [target("Bram", { retaliation: { damage: 4, resistance: 2, health: { absorbed: 0, woundsAdded: 1, vitalsLost: 0, dying: false, dead: false } }, redirectable: true })],
  };

  it("the Spiked Shield line shows the damage to all, wounds only to observers of the attacker", () => {
    const gm = renderer.render(ATTACK_CARD_TEMPLATE, buildAttackCardContext(spiked, { isGM: true, isAuthor: false, canObserve: () => true, exists: () => true }));
    expectClean(gm);
    expect(gm).toContain("Spiked shield: Grusha takes 4 damage. (1 wounds gained, 0 vitals lost)");
    const player = renderer.render(ATTACK_CARD_TEMPLATE, buildAttackCardContext(spiked, { isGM: false, isAuthor: false, canObserve: () => false, exists: () => true, owns: () => false }));
    expectClean(player);
    expect(player).toContain("Spiked shield: Grusha takes 4 damage.");
    expect(player).not.toContain("wounds gained");
  });

  it("Redirect shows for the wearer's owner and the GM, not for others; a redirected row says where the roll went", () => {
    const owner = renderer.render(ATTACK_CARD_TEMPLATE, buildAttackCardContext(spiked, { isGM: false, isAuthor: false, canObserve: () => true, exists: () => true, owns: () => true }));
    expect(count(owner, "data-cw-attack=\"redirect\"")).toBe(1);
    const other = renderer.render(ATTACK_CARD_TEMPLATE, buildAttackCardContext(spiked, { isGM: false, isAuthor: true, canObserve: () => true, exists: () => true, owns: () => false }));
    expect(count(other, "data-cw-attack=\"redirect\"")).toBe(0);
    const turned: AttackCardData = { ...spiked, targets: [target("Bram", { redirectable: false, redirectedTo: "Grusha", damage: { total: 0, points: 0, criticals: 0, resistance: 5, armorPierced: 0 } }), target("Grusha", { redirectedFrom: "Bram" })] };
    const html = renderer.render(ATTACK_CARD_TEMPLATE, buildAttackCardContext(turned, { isGM: true, isAuthor: false, canObserve: () => true, exists: () => true }));
    expectClean(html);
    expect(html).toContain("The shield turns this damage roll onto Grusha.");
    expect(html).toContain("Takes the damage roll Bram&#x27;s shield turned aside.");
    expect(count(html, "data-cw-attack=\"redirect\"")).toBe(0);
  });

  it("the fall card: hits, a death, or what prevented it", async () => {
    const { FALL_CARD_TEMPLATE, fallCardContext } = await import("../../../src/combat/fall-card");
    const hits = renderer.render(FALL_CARD_TEMPLATE, fallCardContext("Bram", { spaces: 3, damage: 12, prevented: null, application: null }, true));
    expectClean(hits);
    expect(hits).toContain("Bram falls 3 spaces");
    expect(hits).toContain("Bram takes 12 unavoidable hits from the fall.");
    expect(hits).toContain("Bram dies from the fall.");
    // The number of hits says where it comes from (issue 20).
    expect(hits).toContain('data-tooltip="A fall deals 4 unavoidable hits per space fallen: resistance does not reduce them."');
    const saved = renderer.render(FALL_CARD_TEMPLATE, fallCardContext("Bram", { spaces: 3, damage: 0, prevented: "featherFall", application: null }, false));
    expectClean(saved);
    expect(saved).toContain("Feather Fall: Bram takes no falling damage.");
    expect(saved).not.toContain("dies");
  });

  it("the fall prompt asks how far the creature falls, with a labelled number field", async () => {
    const { FALL_PROMPT_TEMPLATE, fallPromptContext } = await import("../../../src/combat/fall-card");
    const html = renderer.render(FALL_PROMPT_TEMPLATE, fallPromptContext("Bram <the Bold>"));
    expectClean(html);
    expect(html).toContain("How far does Bram &lt;the Bold&gt; fall?");
    expect(html).toMatch(/<label for="cw-fall-spaces">Spaces fallen<\/label>/);
    expect(html).toMatch(/<input type="number" id="cw-fall-spaces" name="spaces"/);
  });

  it("the Redirect prompt names the shield's wearer (escaped)", async () => {
    const { REDIRECT_PROMPT_TEMPLATE } = await import("../../../src/combat/attack/constants");
    const html = renderer.render(REDIRECT_PROMPT_TEMPLATE, { wearer: "Bram & Co" });
    expectClean(html);
    expect(html).toContain("Bram &amp; Co&#x27;s shield turns the damage roll aside.");
  });
});
