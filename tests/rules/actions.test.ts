import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ACTION_COSTS, COMBAT_ACTIONS, COMBAT_ACTION_KEYS, affordableActions, attackCost, beginTurn, combatActionCost,
  movementBlocks, newCounters, passTurn, planMovement, spendCounters, twoWeaponCost,
} from "../../src/rules";
import type { ActionContext, ActionOption, ActionWeapon, CombatActionKey, CounterState } from "../../src/rules";

const turn = (extra = 0): CounterState => beginTurn(newCounters(), { extra });
const sword: ActionWeapon = { id: "sword", category: "melee", counters: 3, slot: "main" };
const club: ActionWeapon = { id: "club", category: "melee", counters: 2, slot: "off", dualWield: true };
const rifle: ActionWeapon = { id: "rifle", category: "ranged", counters: 3, slot: null, autofire: true };
const fist: ActionWeapon = { id: "fist", category: "melee", counters: 2, slot: null, unarmed: true };

function find(options: ActionOption[], key: CombatActionKey, weaponId?: string): ActionOption {
  const found = options.find((o) => o.key === key && (weaponId === undefined || o.weaponId === weaponId));
  if (!found) throw new Error(`no ${key} ${weaponId ?? ""}`);
  return found;
}

describe("the §4.7 cost table", () => {
  it("each fixed cost matches the book", () => {
    const expected: Partial<Record<CombatActionKey, number>> = {
      run: 2, walk: 2, step: 1, crawl: 1, climb: 1, flourish: 1, dodge: 1, block: 1, draw: 1, stow: 1, drop: 0,
      pickUp: 1, drawAlchemy: 1, useAlchemy: 2, emplaceMine: 1, detonateMine: 1, recallWeapon: 1, dropProne: 1,
      stand: 1, feint: 2, disarm: 3, trip: 4, grapple: 2, crush: 4, piledrive: 2, shove: 1, firstAid: 4,
      stopDropRoll: 4, command: 2, moveSummonedArea: 2, dragonkinBreath: 4, mycorreanSpores: 4,
      skillRoll: 2, stabilize: 2, channel: 1, prepare: 1,
    };
    for (const [key, cost] of Object.entries(expected)) expect([key, combatActionCost(key as CombatActionKey)]).toEqual([key, cost]);
    expect(COMBAT_ACTION_KEYS.filter((k) => !("weapon" in COMBAT_ACTIONS[k].cost)).sort()).toEqual(Object.keys(expected).sort());
  });
  it("Stunned adds 1 to every action that costs something", () => {
    expect(combatActionCost("dodge", { stunned: true })).toBe(2);
    expect(combatActionCost("trip", { stunned: true })).toBe(5);
    expect(combatActionCost("drop", { stunned: true })).toBe(0);
  });
  it("only dodge and block are reactions", () => {
    expect(COMBAT_ACTION_KEYS.filter((k) => COMBAT_ACTIONS[k].reaction)).toEqual(["dodge", "block"]);
  });
  it("Quick Draw makes drawing free; the GM may raise a skill roll but not below 2", () => {
    expect(combatActionCost("draw", { context: { quickDraw: true } })).toBe(0);
    expect(combatActionCost("skillRoll", { context: { skillRollCost: 3 } })).toBe(3);
    expect(() => combatActionCost("skillRoll", { context: { skillRollCost: 1 } })).toThrow(RangeError);
  });
  it("weapon attacks: the weapon's cost, +1 autofire, + Power Attack (melee only)", () => {
    expect(attackCost({ counters: 3, category: "ranged" })).toBe(3);
    expect(attackCost({ counters: 3, category: "ranged" }, { autofire: true })).toBe(4);
    expect(attackCost({ counters: 3, category: "ranged", autofireOnly: true })).toBe(4);
    expect(attackCost({ counters: 2, category: "melee" }, { powerAttack: 2 })).toBe(4);
    expect(() => attackCost({ counters: 3, category: "ranged" }, { powerAttack: 1 })).toThrow(/melee/);
    expect(attackCost({ counters: 4, category: "explosive" })).toBe(ACTION_COSTS.grenade);
  });
  it("two weapons: main + 1, or a Dual Wield pair 3 melee / 4 ranged (RULING 24)", () => {
    expect(twoWeaponCost(sword, club)).toBe(4);
    const mainClub: ActionWeapon = { ...club, slot: "main" };
    expect(twoWeaponCost(mainClub, club)).toBe(3);
    expect(twoWeaponCost({ counters: 2, category: "thrown", dualWield: true }, { category: "thrown", dualWield: true })).toBe(4);
  });
});

describe("affordableActions", () => {
  const context: ActionContext = { weapons: [sword, club, rifle, fist], shieldDrawn: false };
  it("lists attacks per weapon, autofire and the two-weapon attack with their costs", () => {
    const options = affordableActions(turn(), context);
    expect(find(options, "attack", "sword")).toMatchObject({ baseCost: 3, cost: 3, affordable: true, reason: null });
    expect(find(options, "attack", "rifle")).toMatchObject({ affordable: false, reason: "notDrawn" });
    expect(find(options, "autofire", "rifle")).toMatchObject({ baseCost: 4, reason: "notDrawn" });
    expect(find(options, "attack", "fist")).toMatchObject({ affordable: true });
    expect(find(options, "twoWeaponAttack")).toMatchObject({ weaponId: "sword", offWeaponId: "club", baseCost: 4, affordable: true });
    expect(options.filter((o) => o.key === "autofire")).toHaveLength(1);
  });
  it("says when counters run short, and charges Stunned", () => {
    const options = affordableActions(spendCounters(turn(), 3), { ...context, conditions: ["stunned"] });
    expect(find(options, "attack", "sword")).toMatchObject({ cost: 4, affordable: false, reason: "insufficient" });
    expect(find(options, "step")).toMatchObject({ cost: 2, affordable: true });
  });
  it("a defenseless combatant can do nothing with counters; after passing only reactions remain", () => {
    expect(find(affordableActions(newCounters(), context), "dodge").reason).toBe("defenseless");
    const passed = affordableActions(passTurn(spendCounters(turn(), 5)), { ...context, shieldDrawn: true });
    expect(find(passed, "run").reason).toBe("passed");
    expect(find(passed, "dodge")).toMatchObject({ affordable: true, reaction: true });
    expect(find(passed, "block")).toMatchObject({ affordable: true });
  });
  it("block needs a drawn shield; grappled creatures neither move, dodge nor block", () => {
    expect(find(affordableActions(turn(), context), "block").reason).toBe("noShield");
    const grappled = affordableActions(turn(), { ...context, conditions: ["grappled"] });
    for (const key of ["run", "walk", "step", "dodge", "block"] as const) expect(find(grappled, key).reason).toBe("grappled");
    expect(find(grappled, "attack", "sword").affordable).toBe(true);
    const grappling = affordableActions(turn(), { grappling: true });
    expect(find(grappling, "step").reason).toBe("grappling");
    expect(find(grappling, "crush")).toMatchObject({ affordable: true, baseCost: 4 });
    expect(find(affordableActions(turn(), {}), "shove").reason).toBe("notGrappling");
  });
  it("movement limits: Chilled walks, Prone crawls, Entangled stays, encumbrance and a hit leg", () => {
    const chilled = affordableActions(turn(), { conditions: ["chilled"] });
    expect(find(chilled, "run").reason).toBe("chilled");
    expect(find(chilled, "walk").affordable).toBe(true);
    const prone = affordableActions(turn(), { conditions: ["prone"], weapons: [sword, rifle] });
    expect(find(prone, "run").reason).toBe("prone");
    expect(find(prone, "crawl").affordable).toBe(true);
    expect(find(prone, "stand").affordable).toBe(true);
    expect(find(prone, "dropProne").reason).toBe("prone");
    expect(find(prone, "attack", "sword").reason).toBe("prone");
    expect(find(affordableActions(turn(), {}), "crawl").reason).toBe("notProne");
    expect(find(affordableActions(turn(), {}), "stand").reason).toBe("notProne");
    expect(find(affordableActions(turn(), { conditions: ["entangled"] }), "step").reason).toBe("entangled");
    expect(find(affordableActions(turn(), { encumbrance: "encumbered" }), "run").reason).toBe("encumbered");
    const stepOnly = affordableActions(turn(), { encumbrance: "step-only" });
    expect([find(stepOnly, "walk").reason, find(stepOnly, "step").reason]).toEqual(["stepOnly", null]);
    expect(find(affordableActions(turn(), { conditions: ["legDisabled"] }), "run").reason).toBe("legDisabled");
  });
  it("Frozen, Petrified, dying and dead creatures act not at all; Pacified ones may still react", () => {
    for (const condition of ["frozen", "petrified", "dying"]) {
      const options = affordableActions(turn(), { conditions: [condition] });
      expect(options.every((o) => o.reason === condition)).toBe(true);
    }
    expect(affordableActions(turn(), { dead: true, conditions: ["frozen"] }).every((o) => o.reason === "dead")).toBe(true);
    expect(affordableActions(turn(), { incapacitated: true }).every((o) => !o.affordable)).toBe(true);
    const pacified = affordableActions(turn(), { conditions: ["pacified"] });
    expect(find(pacified, "dodge").affordable).toBe(true);
    expect(find(pacified, "step").reason).toBe("pacified");
  });
  it("equipment rules: draw, stow, grapple with empty hands, flourish, autofire-only", () => {
    const options = affordableActions(turn(), { weapons: [sword, rifle] });
    expect(find(options, "draw").affordable).toBe(true);
    expect(find(options, "stow").affordable).toBe(true);
    expect(find(options, "grapple").reason).toBe("handsFull");
    expect(find(affordableActions(turn(), { weapons: [fist] }), "grapple").affordable).toBe(true);
    expect(find(affordableActions(turn(), { weapons: [fist] }), "draw").reason).toBe("nothingToDraw");
    expect(find(affordableActions(turn(), { weapons: [{ ...sword, flourish: true }] }), "flourish").reason).toBe("noPreviousMiss");
    expect(find(affordableActions(turn(), { weapons: [{ ...sword, flourish: true }], lastAttackMissed: true }), "flourish").affordable).toBe(true);
    const smg = affordableActions(turn(), { weapons: [{ ...rifle, slot: "both", autofireOnly: true }] });
    expect(find(smg, "attack", "rifle").reason).toBe("autofireOnly");
    expect(find(smg, "autofire", "rifle")).toMatchObject({ affordable: true, baseCost: 4 });
    expect(find(affordableActions(turn(), { weapons: [sword, { ...club, slot: null }] }), "twoWeaponAttack").reason).toBe("needsTwoWeapons");
  });
  it("feature, species and item actions appear only when the creature has them", () => {
    const bare = affordableActions(turn(), {}).map((o) => o.key);
    for (const key of ["command", "useAlchemy", "emplaceMine", "dragonkinBreath", "moveSummonedArea", "recallWeapon"]) expect(bare).not.toContain(key);
    const full = affordableActions(turn(), { command: true, alchemy: true, speciesActions: [{ key: "dragonkinBreath", spent: true }] });
    expect(find(full, "command")).toMatchObject({ baseCost: 2, affordable: true });
    expect(find(full, "dragonkinBreath").reason).toBe("onCooldown");
    expect(find(affordableActions(turn(), { mana: { value: 6, max: 6 } }), "channel").reason).toBe("manaFull");
    expect(find(affordableActions(turn(), { conditions: ["burning"] }), "stopDropRoll").affordable).toBe(true);
  });
  it("outside combat nothing is charged, but conditions still apply", () => {
    const options = affordableActions(newCounters(), { inCombat: false, conditions: ["stunned", "chilled"], weapons: [sword] });
    expect(find(options, "attack", "sword")).toMatchObject({ cost: 0, affordable: true });
    expect(find(options, "run").reason).toBe("chilled");
  });
  it("every affordable action can actually be paid, every unaffordable-by-counters one cannot", () => {
    const arbState = fc.record({ available: fc.integer({ min: 0, max: 8 }), reserved: fc.integer({ min: 0, max: 8 }), hadTurn: fc.boolean(), passed: fc.boolean() });
    fc.assert(fc.property(arbState, fc.boolean(), (state, stunned) => {
      const options = affordableActions(state, { ...context, shieldDrawn: true, conditions: stunned ? ["stunned"] : [] });
      for (const option of options) {
        const pay = (): CounterState => spendCounters(state, option.baseCost, { stunned, reaction: option.reaction });
        if (option.affordable) expect(pay().available + pay().reserved).toBe(state.available + state.reserved - option.cost);
        if (option.reason === "insufficient" || option.reason === "defenseless" || option.reason === "passed") expect(pay).toThrow(RangeError);
      }
    }));
  });
});

describe("planMovement (§4.8, token ruler)", () => {
  const speeds = { run: 6, walk: 3 };
  it("whole runs, then a run or steps for the rest, whichever is cheaper", () => {
    expect(planMovement(1, speeds).segments).toEqual([{ mode: "step", spaces: 1, cost: 1, affordable: true }]);
    expect(planMovement(2, speeds)).toMatchObject({ cost: 2, segments: [{ mode: "run", spaces: 2 }] });
    expect(planMovement(5, speeds)).toMatchObject({ cost: 2, segments: [{ mode: "run", spaces: 5, cost: 2 }] });
    expect(planMovement(13, speeds)).toMatchObject({ cost: 5, segments: [{ mode: "run", spaces: 6 }, { mode: "run", spaces: 6 }, { mode: "step", spaces: 1 }] });
    expect(planMovement(0, speeds)).toMatchObject({ cost: 0, segments: [], affordable: true });
  });
  it("Stunned makes a run 3 and a step 2", () => {
    expect(planMovement(2, speeds, { stunned: true })).toMatchObject({ cost: 3, segments: [{ mode: "run", spaces: 2, cost: 3 }] });
    expect(planMovement(1, speeds, { stunned: true }).cost).toBe(2);
    expect(planMovement(5, { run: 1, walk: 0 }, { stunned: true })).toMatchObject({ cost: 10, segments: new Array(5).fill({ mode: "step", spaces: 1, cost: 2, affordable: true }) });
  });
  it("walks when running is not allowed, steps only when two weights over, crawls when prone", () => {
    expect(planMovement(6, speeds, { blocks: movementBlocks(["chilled"]) })).toMatchObject({ cost: 4, segments: [{ mode: "walk", spaces: 3 }, { mode: "walk", spaces: 3 }] });
    expect(planMovement(4, speeds, { blocks: movementBlocks([], { encumbrance: "step-only" }) }).cost).toBe(4);
    expect(planMovement(3, speeds, { blocks: movementBlocks(["prone"]) })).toMatchObject({ cost: 3, segments: [{ mode: "crawl" }, { mode: "crawl" }, { mode: "crawl" }] });
    expect(planMovement(3, speeds, { blocks: movementBlocks(["grappled"]) })).toMatchObject({ blocked: "grappled", affordable: false, segments: [] });
    expect(planMovement(3, { run: 0, walk: 0 }).cost).toBe(3);
  });
  it("marks the part of the path the counters do not pay for", () => {
    const plan = planMovement(14, speeds, { available: 3 });
    expect(plan.affordable).toBe(false);
    expect(plan.segments.map((s) => s.affordable)).toEqual([true, false, false]);
    expect(planMovement(12, speeds, { available: 4 }).affordable).toBe(true);
  });
  it("property: the plan covers the distance and is never dearer than stepping", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 10 }), fc.boolean(), (spaces, run, stunned) => {
      const plan = planMovement(spaces, { run, walk: Math.floor(run / 2) }, { stunned });
      expect(plan.segments.reduce((sum, s) => sum + s.spaces, 0)).toBe(spaces);
      for (const s of plan.segments) expect(s.spaces).toBeLessThanOrEqual(s.mode === "run" ? run : 1);
      expect(plan.cost).toBeLessThanOrEqual(spaces * (stunned ? 2 : 1));
    }));
  });
});
