/** The attack's odds before rolling, its cost, NPC reactions and what each viewer may see. */
import { describe, expect, it } from "vitest";
import { attackOdds } from "../../../src/rules";
import { attackCostOf, attackPreview, autoReaction, reactionChoices, visibilityOf } from "../../../src/combat/attack/preview";
import { applyAttackForm, buildAttackDialogContext } from "../../../src/combat/attack/dialog-context";
import { defaultDeclaration } from "../../../src/combat/attack/source";
import { creature, targetInfo, weapon } from "./fixtures";

const ADA = creature("Ada", { ranks: { strength: 7 } });
const SWORD = weapon("Longsword");
const RIFLE = weapon("Assault Rifle", { category: "ranged", group: "rifle", damage: { dice: 8, types: ["ballistic"] }, rangeIncrement: 9, properties: [{ key: "autofire", damageType: "" }] });
const decl = defaultDeclaration(ADA, SWORD, "publicroll");

describe("attackPreview", () => {
  it("per target: the defense faced, the exact chance to hit and the expected damage against its own resistance", () => {
    const soft = creature("Soft", { armor: 0, species: 2 });
    const hard = creature("Hard", { armor: 6, species: 4 });
    const preview = attackPreview({ actor: ADA, item: SWORD, declaration: decl, targets: [targetInfo(soft), targetInfo(hard)], counters: null });
    const exact = attackOdds(preview.input, preview.targets);
    expect(preview.rows.map((r) => r.odds.chanceToHit)).toEqual(exact.map((o) => o.chanceToHit));
    expect(preview.rows[0].odds.chanceToHit).toBeCloseTo(preview.rows[1].odds.chanceToHit, 12);
    expect(preview.rows[0].odds.expectedDamage).toBeGreaterThan(preview.rows[1].odds.expectedDamage);
    expect(preview.rows[0].odds.setup.defense.total).toBe(3);
  });

  it("a minion band's members attack as one: +1 attack die and +1 damage die per member beyond the first, and better odds", () => {
    const target = targetInfo(creature("Bram"));
    const alone = attackPreview({ actor: ADA, item: SWORD, declaration: decl, targets: [target], counters: null });
    const three = attackPreview({ actor: ADA, item: SWORD, declaration: decl, targets: [target], counters: null, groupMembers: 3 });
    expect(three.rows[0].odds.setup.pool.dice).toBe(alone.rows[0].odds.setup.pool.dice + 2);
    expect(three.input.weapon.damageDice).toBe(alone.input.weapon.damageDice + 2);
    expect(three.rows[0].odds.chanceToHit).toBeGreaterThan(alone.rows[0].odds.chanceToHit);
    expect(attackPreview({ actor: ADA, item: SWORD, declaration: decl, targets: [target], counters: null, groupMembers: 1 }).input).toEqual(alone.input);
  });

  it("range: beyond 3 increments is an automatic miss; each increment past the first costs a die", () => {
    const target = creature("Far");
    const near = attackPreview({ actor: ADA, item: RIFLE, declaration: defaultDeclaration(ADA, RIFLE, "publicroll"), targets: [targetInfo(target, { situation: { distance: 9 } }), targetInfo(target, { key: "b", situation: { distance: 10 } }), targetInfo(target, { key: "c", situation: { distance: 28 } })], counters: null });
    expect(near.rows[1].odds.setup.pool.dice).toBe(near.rows[0].odds.setup.pool.dice - 1);
    expect(near.rows[2].odds.setup.automaticMiss).toBe("outOfRange");
    expect(near.rows[2].odds.chanceToHit).toBe(0);
  });

  it("cost: one payment per single attack, one for a fire mode; Stunned adds 1 to each; nothing outside combat", () => {
    const t = [targetInfo(creature("A")), targetInfo(creature("B"), { key: "b" })];
    const counters = { available: 6, reserved: 0, hadTurn: true, passed: false };
    expect(attackCostOf({ item: SWORD, declaration: decl, targets: t, counters })).toMatchObject({ base: 2, each: 2, attacks: 2, total: 4, problem: null });
    expect(attackCostOf({ item: SWORD, declaration: decl, targets: t, counters, stunned: true })).toMatchObject({ each: 3, total: 6, problem: null });
    expect(attackCostOf({ item: SWORD, declaration: decl, targets: [...t, targetInfo(creature("C"), { key: "c" })], counters, stunned: true }).problem).toBe("insufficient");
    expect(attackCostOf({ item: RIFLE, declaration: { ...decl, mode: "autofire" }, targets: t, counters })).toMatchObject({ attacks: 1, total: 3 });
    expect(attackCostOf({ item: SWORD, declaration: decl, targets: t, counters: null })).toMatchObject({ total: 0, problem: null });
    expect(attackCostOf({ item: SWORD, declaration: decl, targets: t, counters: { ...counters, hadTurn: false } }).problem).toBe("defenseless");
  });
});

describe("NPC reactions", () => {
  const target = creature("Grusha", { shield: true, defense: { base: 3, dodge: 2, block: 3 } });

  it("the system picks the open, payable reaction that lowers the expected damage most", () => {
    const row = attackPreview({ actor: ADA, item: SWORD, declaration: decl, targets: [targetInfo(target)], counters: null }).rows[0];
    expect(reactionChoices(row)).toEqual(["dodge", "block"]);
    expect(autoReaction(row)).toBe("block");
  });

  it("no reaction when none is payable or open", () => {
    const broke = attackPreview({ actor: ADA, item: SWORD, declaration: decl, targets: [targetInfo(target, { counters: { available: 0, reserved: 0, hadTurn: true, passed: true } })], counters: null }).rows[0];
    expect(reactionChoices(broke)).toEqual([]);
    expect(autoReaction(broke)).toBe("none");
    const defenseless = attackPreview({ actor: ADA, item: SWORD, declaration: decl, targets: [targetInfo(target, { situation: { distance: 1, defenseless: true } })], counters: null }).rows[0];
    expect(autoReaction(defenseless)).toBe("none");
  });
});

describe("hidden information", () => {
  const targets = [targetInfo(creature("Seen"), { observable: true }), targetInfo(creature("Unseen"), { key: "u", observable: false })];
  const context = (isGM: boolean, hiddenInfo: "nothing" | "percentages" | "everything") => buildAttackDialogContext({
    actorName: "Ada", itemName: "Longsword", declaration: decl, targets,
    preview: attackPreview({ actor: ADA, item: SWORD, declaration: decl, targets, counters: null }),
    choices: { modes: ["single"], damageTypes: ["slashing"], skills: [] }, foci: [], powerAttack: false, counters: null,
    viewer: { isGM, hiddenInfo },
  });

  it("GMs and observers see everything", () => {
    expect(visibilityOf({ observable: false }, { isGM: true, hiddenInfo: "nothing" })).toBe("everything");
    const gm = context(true, "nothing");
    for (const row of gm.targets) expect(row).toMatchObject({ level: "everything", defense: 3 });
    expect(context(false, "nothing").targets[0]).toMatchObject({ level: "everything", defense: 3 });
  });

  it("an unseen target shows what the setting allows: nothing, percentages only, or everything", () => {
    expect(context(false, "nothing").targets[1]).toMatchObject({ hidden: true, chance: null, defense: null, expected: null });
    const pct = context(false, "percentages").targets[1];
    expect(pct.chance).toMatch(/%$/);
    expect(pct).toMatchObject({ hidden: false, defense: null, expected: null, wound: null });
    expect(pct.alternatives.every((a) => a.defense === null && a.damage === null)).toBe(true);
    expect(context(false, "everything").targets[1]).toMatchObject({ defense: 3 });
  });
});

describe("the dialog's form", () => {
  const choices = { modes: ["single", "autofire"] as const, damageTypes: ["slashing"] as const, skills: [], foci: [{ id: "f1", name: "Swords" }] };
  const targets = [targetInfo(creature("A")), targetInfo(creature("B"), { key: "b" })];

  it("applies known values and ignores the rest", () => {
    const { declaration, targets: next } = applyAttackForm(decl, targets, {
      mode: "spray", calledShot: "head", situational: "2", focusId: "f1", "targets.1.include": false, "targets.0.cover": "50", rollMode: "gmroll",
    }, { ...choices, modes: [...choices.modes], damageTypes: [...choices.damageTypes] });
    expect(declaration).toMatchObject({ mode: "single", calledShot: "head", situational: 2, focusId: "f1", rollMode: "gmroll" });
    expect(next.map((t) => [t.include, t.situation.cover])).toEqual([[true, 50], [false, undefined]]);
  });

  it("an area mode drops the called shot", () => {
    const { declaration } = applyAttackForm({ ...decl, calledShot: "head" }, targets, { mode: "autofire" }, { ...choices, modes: [...choices.modes], damageTypes: [...choices.damageTypes] });
    expect(declaration).toMatchObject({ mode: "autofire", calledShot: null });
  });
});
