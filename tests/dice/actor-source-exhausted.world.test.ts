// @vitest-environment happy-dom
/**
 * Exhausted costs a die on every roll (RULING 26). The attack workflow counted it; the roll
 * API's own rolls (skills from the sheet, the dice layer's attacks) did not. The die comes from
 * the rules core's `conditionDice`, shows as its own pool part (dialog and chat card), and
 * survives the dialog, which edits only the situational dice.
 */
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { conditionDice, poolBreakdown } from "../../src/rules";
import { withConditionDice } from "../../src/dice/actor-source";
import { buildPool } from "../../src/dice/pool";
import { applyDialogForm, buildRollDialogContext } from "../../src/dice/context/roll-dialog";
import { clearQueuedFaces, queueFaces, type World } from "../world";
import { createDomWorld } from "../world/applications/dom-world";
import { fakeActor } from "./fake-actor";
import { request } from "./requests";

describe("condition dice in a gain-roll request", () => {
  it("an Exhausted actor's request loses one die, shown as its own part; others are untouched", () => {
    const tired = withConditionDice(fakeActor({ statuses: ["exhausted", "prone"] }), request({ attributeDice: 6 }));
    expect(tired.conditionDice).toBe(conditionDice(["exhausted"]));
    expect(tired.conditionDice).toBe(-1);
    const pool = buildPool(tired);
    expect(pool.dice).toBe(5);
    expect(pool.parts).toContainEqual({ key: "conditions", dice: -1 });
    const rested = request({ attributeDice: 6 });
    expect(withConditionDice(fakeActor({ statuses: ["prone"] }), rested)).toBe(rested);
    expect(buildPool(rested).dice).toBe(6);
  });

  it("counts condition dice exactly like situational dice in the core's pool, for any pool", () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 12 }), fc.integer({ min: -4, max: 4 }), fc.boolean(), fc.integer({ min: 0, max: 6 }), fc.boolean(),
      (attribute, situational, bonusSkill, vitalsRemaining, physical) => {
        const base = request({ attributeDice: attribute, situational, bonusSkill, vitalsRemaining, physical });
        const pool = buildPool({ ...base, conditionDice: -1 });
        const core = poolBreakdown({ attribute, bonusSkill, focus: false, situational: situational - 1, vitalsRemaining, physical });
        expect(pool.dice).toBe(core.dice);
        // The parts the dialog and the card list add up to the pool before the 0..12 clamp.
        expect(pool.parts.reduce((sum, p) => sum + p.dice, 0)).toBe(core.raw);
      },
    ));
  });

  it("the dialog shows the part, and a form submit keeps it (the player edits only situational dice)", () => {
    const tired = withConditionDice(fakeActor({ statuses: ["exhausted"] }), request({ attributeDice: 6 }));
    const context = buildRollDialogContext({ request: tired } as never);
    expect(context.pool.parts.map((p) => p.key)).toContain("conditions");
    const edited = applyDialogForm(tired, { situational: "2" });
    expect(edited.situational).toBe(2);
    expect(buildPool(edited).dice).toBe(7);
  });
});

describe("an Exhausted character's skill roll in the test world", () => {
  let world: World;

  beforeEach(async () => {
    document.body.innerHTML = "";
    world = await createDomWorld();
    clearQueuedFaces();
  });

  interface Actor {
    system: { skills: Record<string, { dice: number }> };
    toggleStatusEffect(id: string, options?: object): Promise<unknown>;
    rollSkill(skill: string, options?: object): Promise<{ formula: string } | null>;
  }

  it("rolls one die fewer than the sheet's pool while Exhausted, and the card names the part", async () => {
    const [id] = await world.seed("Actor", [{ name: "Tova", type: "character", system: { skills: { strength: { rank: 9 } } } }]);
    const actor = (world.gm.game.actors as unknown as { get(id: string): Actor }).get(id);
    const dice = actor.system.skills.strength.dice;
    expect(dice).toBeGreaterThan(1);

    queueFaces(...Array.from({ length: dice }, () => 5));
    const fresh = await world.as(world.gm, () => actor.rollSkill("strength", { skipDialog: true }));
    expect(fresh?.formula).toBe(`${dice}d12`);

    await world.as(world.gm, () => actor.toggleStatusEffect("exhausted", { active: true }));
    await world.settle();
    queueFaces(...Array.from({ length: dice - 1 }, () => 5));
    const tired = await world.as(world.gm, () => actor.rollSkill("strength", { skipDialog: true }));
    expect(tired?.formula).toBe(`${dice - 1}d12`);
    const card = (world.gm.game.messages.contents.at(-1) as unknown as { content: string }).content;
    expect(card).toMatch(/Conditions[\s\S]{0,80}\u22121/);
  }, 60_000);
});
