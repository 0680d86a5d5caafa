// @vitest-environment happy-dom
/**
 * The combat turn templates (tracker counters, initiative card, condition and death-roll
 * prompts, turn notes) rendered with the real Handlebars, the real context builders and
 * lang/en.json: no missing key or argument, and they show what the context says.
 */
import { describe, expect, it } from "vitest";
import { initiativeCardContext, planInitiative } from "../../../src/combat/initiative";
import { deathRollContext, endChecksContext } from "../../../src/combat/prompts";
import { trackerCountersContext } from "../../../src/combat/tracker/context";
import { TURN_TEMPLATES } from "../../../src/combat/templates";

const { initiativeCard: INITIATIVE_CARD_TEMPLATE, turnNote: TICK_TEMPLATE, tracker: TRACKER_TEMPLATE } = TURN_TEMPLATES;
const PROMPT_TEMPLATES = TURN_TEMPLATES;
import { beginTurn, endOfTurnChecks, newCounters, passTurn, spendCounters } from "../../../src/rules";
import { count, createRenderer } from "../../applications/render-harness";

const renderer = createRenderer();
const view = { started: true, current: true, owner: true, name: "Ada" };

function expectClean(): void {
  expect([...renderer.missingKeys]).toEqual([]);
  expect([...renderer.missingArgs]).toEqual([]);
}

describe("tracker counters", () => {
  it("draws a pip per counter: this turn's, reserved and spent, with the numbers and a pass button", () => {
    const html = renderer.render(TRACKER_TEMPLATE, trackerCountersContext({ ...view, counters: { available: 3, reserved: 1, hadTurn: true, passed: false } }));
    expect(count(html, "cw-counter-pip--available")).toBe(3);
    expect(count(html, "cw-counter-pip--reserved")).toBe(1);
    expect(count(html, "cw-counter-pip--spent")).toBe(2);
    expect(html).toContain('aria-label="Ada: 3 counters, 1 reserved"');
    // Each number says what it counts (issue 20: "0 +6" read as nothing).
    expect(html).toContain(">3 left</span>");
    expect(html).toContain(">1 reserved</span>");
    expect(html).not.toContain("+1");
    expect(html).toContain('data-tooltip="Counters left to spend this turn"');
    expect(html).toContain('data-tooltip="Counters kept for reactions: dodging, blocking, a prepared action"');
    expect(html).toContain('data-cw-action="pass"');
    expectClean();
  });

  it("a minion band's row shows its shared vitals in words, before and during the combat", () => {
    const band = { members: 4, standing: 3, vitals: 3, vitalsMax: 4 };
    for (const started of [false, true]) {
      const html = renderer.render(TRACKER_TEMPLATE, trackerCountersContext({ ...view, started, counters: newCounters(), band }));
      expect(html).toContain(">Vitals 3/4</span>");
      expect(html).toContain("The band&#x27;s shared vitals: 3 of 4 left, one per member; 3 of 4 members still stand.");
    }
    expect(renderer.render(TRACKER_TEMPLATE, trackerCountersContext({ ...view, counters: newCounters() }))).not.toContain("cw-band-vitals");
    expectClean();
  });

  it("says defenseless before the first turn, and shows nothing before the combat starts", () => {
    const html = renderer.render(TRACKER_TEMPLATE, trackerCountersContext({ ...view, counters: newCounters() }));
    expect(html).toContain("cw-counters--defenseless");
    expect(html).toContain("Defenseless");
    expect(count(html, "cw-counter-pip ")).toBe(0);
    expect(renderer.render(TRACKER_TEMPLATE, trackerCountersContext({ ...view, started: false, counters: newCounters() })).trim()).toBe("");
    const passed = renderer.render(TRACKER_TEMPLATE, trackerCountersContext({ ...view, counters: passTurn(spendCounters(beginTurn(newCounters()), 4)) }));
    expect(passed).toContain("cw-counters--passed");
    expect(passed).not.toContain("data-cw-action");
    expectClean();
  });
});

describe("initiative card", () => {
  it("shows each roll's dice marked, the roll-offs, companions and the order", () => {
    const faces = [12, 9, 1, 5, 5, 5, 5, 5, 5, 5, 5, 5, 9, 9, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 4, 10];
    const roller = (n: number) => faces.splice(0, n);
    const who = (id: string, controllerId = "") => ({ id, name: id, initiative: null, system: { controllerId }, actor: { system: { skills: { agility: { rank: 8 }, intuition: { rank: 10 } } } } });
    const plan = planInitiative([who("Ada"), who("Grusha"), who("Wolf", "Ada")], ["Ada", "Grusha", "Wolf"], roller);
    const html = renderer.render(INITIATIVE_CARD_TEMPLATE, initiativeCardContext(plan, { Ada: "Ada", Grusha: "Grusha", Wolf: "Wolf" }, { Ada: 2, Grusha: 2, Wolf: 2 }));
    expect(count(html, "cw-roll-die ")).toBe(24);
    expect(count(html, "cw-roll-die--double")).toBe(1);
    expect(count(html, "cw-roll-die--cancel")).toBe(1);
    expect(html).toContain("Agility 8+");
    expect(html).toContain("Roll-offs");
    expect(html).toContain("Wolf acts right after Ada");
    expect(count(html, "data-position")).toBe(3);
    expectClean();
  });
});

describe("initiative card with Boots of Alacrity", () => {
  it("shows the roll set aside struck through and labelled, inside the roller's section", () => {
    // Ada (Agility 8) wears the boots: a first roll with 1 gain, then one with 3 (the better, kept).
    const faces = [8, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 8, 9, 10, 2, 2, 2, 2, 2, 2, 2, 2, 2];
    const roller = (n: number) => faces.splice(0, n);
    const boots = { type: "artifact", system: { equipped: true }, flags: { clockwork: { magicItem: { initiative: { rerolls: 1, keep: "better" } } } } };
    const ada = { id: "Ada", name: "Ada", initiative: null, system: {}, actor: { system: { skills: { agility: { rank: 8 }, intuition: { rank: 10 } } }, items: [boots] } };
    const plan = planInitiative([ada], ["Ada"], roller);
    const html = renderer.render(INITIATIVE_CARD_TEMPLATE, initiativeCardContext(plan, { Ada: "Ada" }, { Ada: 3 }));
    const doc = new DOMParser().parseFromString(html, "text/html");
    const section = doc.querySelector(".cw-initiative-roll") as HTMLElement;
    expect(section.querySelector(".cw-card__gains")?.textContent).toBe("3");
    const reroll = section.querySelector(".cw-initiative-reroll") as HTMLElement;
    expect(reroll.textContent).toContain("Rolled again, the better roll kept");
    expect(reroll.querySelector(".cw-initiative-reroll__gains")?.tagName).toBe("S");
    expect(reroll.querySelector(".cw-initiative-reroll__gains")?.textContent).toBe("1");
    expect([...reroll.querySelectorAll(".cw-roll-die--discarded s")].map((s) => s.textContent)).toEqual(["8", ...Array(11).fill("2")]);
    expect(reroll.querySelector("ol")?.getAttribute("aria-label")).toBe("Dice of the roll set aside");
    expect(count(html, "cw-roll-die ")).toBe(24);
    expectClean();
  });

  it("shows no set-aside roll without the boots", () => {
    const faces = Array(12).fill(9);
    const who = { id: "Bo", name: "Bo", initiative: null, system: {}, actor: { system: { skills: { agility: { rank: 8 }, intuition: { rank: 10 } } } } };
    const html = renderer.render(INITIATIVE_CARD_TEMPLATE, initiativeCardContext(planInitiative([who], ["Bo"], (n) => faces.splice(0, n)), { Bo: "Bo" }, { Bo: 12 }));
    expect(html).not.toContain("cw-initiative-reroll");
    expectClean();
  });
});

describe("prompts", () => {
  it("the end-of-turn prompt lists the checks with their odds, rolling twice and Frozen → Chilled", () => {
    const checks = endOfTurnChecks([{ id: "burning" }, { id: "frozen" }, { id: "poisoned", difficulty: 2 }], { rerolls: ["burning"] });
    const html = renderer.render(PROMPT_TEMPLATES.endChecks, endChecksContext("Grusha", checks));
    expect(count(html, "cw-condition-check ")).toBe(3);
    expect(html).toContain("Burning");
    expect(html).toContain("Flat 7");
    expect(html).toContain("Rolled twice, the better die kept");
    expect(html).toContain("75%");
    expect(html).toContain("then Chilled");
    expect(html).toContain("Body / Stamina, 2 gains");
    expectClean();
  });

  it("the death-roll prompt says why it is rolled", () => {
    const html = renderer.render(PROMPT_TEMPLATES.deathRoll, deathRollContext("Ada", "damage"));
    expect(html).toContain("Ada is dying.");
    expect(html).toContain("Damage while dying: roll again.");
    expectClean();
  });

  it("the turn note lists what happened", () => {
    const html = renderer.render(TICK_TEMPLATE, { lines: [{ name: "Ada", text: "4 unavoidable hits from Bleeding, Burning" }] });
    expect(html).toContain("<strong>Ada</strong>: 4 unavoidable hits");
    expectClean();
  });
});
