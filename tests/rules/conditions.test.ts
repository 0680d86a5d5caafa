import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  COMBAT_STATUS_IDS, CONDITION_KEYS, STATUS_RULES, applyEndOfTurn, applyTicks, attackerConditionFlags, attemptStabilize,
  conditionDice, endCheckSucceeds, endOfTurnChecks, healthStatuses, movementBlocks, newHealthTrack, persistentStatusId,
  resolveDeathRoll, startOfTurnTicks, statusEffectId, statusKeys, targetConditionFlags,
} from "../../src/rules";
import type { ActiveStatus, HealthTrack } from "../../src/rules";

const s = (...ids: ActiveStatus["id"][]): ActiveStatus[] => ids.map((id) => ({ id }));

describe("status ids", () => {
  it("every condition except persistent, persistent once per damage type, called-shot and health states", () => {
    expect(COMBAT_STATUS_IDS).toHaveLength(CONDITION_KEYS.length - 1 + 6 + 2 + 3);
    expect(COMBAT_STATUS_IDS).toContain("persistentExplosive");
    expect(persistentStatusId("energy")).toBe("persistentEnergy");
    expect(() => persistentStatusId("cold" as "energy")).toThrow(RangeError);
  });
  it("effect ids are unique, 16 alphanumeric characters, and stable", () => {
    const ids = COMBAT_STATUS_IDS.map(statusEffectId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(statusEffectId("bleeding")).toBe("cwbleeding000000");
    expect(statusEffectId("persistentBallistic")).toBe("cwpersistentBall");
    expect(() => statusEffectId("nope" as "bleeding")).toThrow(RangeError);
  });
  it("rules come from the condition table", () => {
    expect(STATUS_RULES.bleeding).toMatchObject({ tickHits: 2, end: { kind: "flat", target: 7 } });
    expect(STATUS_RULES.persistentEnergy).toMatchObject({ condition: "persistent", damageType: "energy", tickHits: 2 });
    expect(STATUS_RULES.frozen).toMatchObject({ end: { kind: "flat", target: 7 }, becomes: "chilled" });
    expect(STATUS_RULES.poisoned).toMatchObject({ tickHits: 2, end: { kind: "stamina" } });
    expect(STATUS_RULES.legDisabled.end).toEqual({ kind: "flat", target: 7 });
    expect(STATUS_RULES.petrified.end).toBeNull();
    expect(statusKeys(s("persistentBlunt", "prone"))).toEqual(["persistentBlunt", "persistent", "prone"]);
  });
});

describe("start-of-turn ticks (§4.15)", () => {
  it("Bleeding, Burning, Poisoned and each persistent type: 2 unavoidable hits each", () => {
    expect(startOfTurnTicks(s("bleeding", "burning", "poisoned", "persistentEnergy", "persistentBlunt", "stunned"))).toEqual({
      hits: 10, sources: ["bleeding", "burning", "poisoned", "persistentEnergy", "persistentBlunt"],
    });
    expect(startOfTurnTicks(s("bleeding", "bleeding")).hits).toBe(2);
    expect(startOfTurnTicks(s("bleeding", "burning"), { bloodless: true }).sources).toEqual(["burning"]);
  });
  it("ticks never wound, even at or above grit", () => {
    const track = newHealthTrack(2, 6);
    const result = applyTicks(track, s("bleeding", "burning"));
    expect(result.woundsAdded).toBe(0);
    expect(result.track.wounds).toBe(0);
    expect(result.vitalsLost).toBe(2);
  });
  it("a barrier absorbs ticks; damage ends Pacified; a dying creature owes a death roll", () => {
    const shielded = applyTicks({ ...newHealthTrack(5, 6), barrier: 3 }, s("bleeding", "pacified"));
    expect([shielded.absorbed, shielded.damage, shielded.ended]).toEqual([2, 0, []]);
    expect(applyTicks(newHealthTrack(5, 6), s("bleeding", "pacified")).ended).toEqual(["pacified"]);
    const dying: HealthTrack = { ...newHealthTrack(5, 6), vitalsLost: 6, dying: true };
    expect(applyTicks(dying, s("burning")).deathRollRequired).toBe(true);
  });
});

describe("end-of-turn checks (§4.15)", () => {
  it("Flat 7 for each condition that ends that way, and none for the others", () => {
    const checks = endOfTurnChecks(s("bleeding", "stunned", "prone", "petrified", "grappled", "armDisabled"));
    expect(checks.map((c) => [c.statusId, c.kind, c.target, c.rolls])).toEqual([
      ["bleeding", "flat", 7, 1], ["stunned", "flat", 7, 1], ["armDisabled", "flat", 7, 1],
    ]);
    expect(checks[0].chance).toBeCloseTo(6 / 12, 12);
  });
  it("species roll twice where it applies (Froads: Burning, Trolls: Bleeding, Lizardfolk: poison)", () => {
    const froad = endOfTurnChecks(s("burning", "bleeding"), { rerolls: ["burning"] });
    expect(froad.map((c) => c.rolls)).toEqual([2, 1]);
    expect(froad[0].chance).toBeCloseTo(1 - (6 / 12) ** 2, 12);
    const lizard = endOfTurnChecks([{ id: "poisoned", difficulty: 3 }], { rerolls: ["poisoned"] });
    expect(lizard[0]).toMatchObject({ kind: "stamina", target: 3, rolls: 2, chance: null });
    expect(endOfTurnChecks(s("persistentEnergy"), { rerolls: ["persistent"] })[0].rolls).toBe(2);
  });
  it("source overrides, blocked rounds and species recharges (RULING 68)", () => {
    expect(endOfTurnChecks([{ id: "deafened" }])).toEqual([]);
    expect(endOfTurnChecks([{ id: "deafened", endFlat: 7 }])[0].target).toBe(7);
    expect(endOfTurnChecks([{ id: "blind", endFlat: null }])).toEqual([]);
    expect(endOfTurnChecks([{ id: "burning", noEndThroughRound: 3 }], { round: 3 })).toEqual([]);
    expect(endOfTurnChecks([{ id: "burning", noEndThroughRound: 3 }], { round: 4 })).toHaveLength(1);
    expect(endOfTurnChecks([], { cooldowns: ["dragonkinBreath"] })).toEqual([{ cooldown: "dragonkinBreath", kind: "flat", target: 10, rolls: 1, chance: 3 / 12 }]);
  });
  it("success keeps the better roll; Frozen becomes Chilled", () => {
    const [frozen] = endOfTurnChecks(s("frozen"));
    expect(endCheckSucceeds(frozen, [7])).toBe(true);
    expect(endCheckSucceeds(frozen, [6])).toBe(false);
    expect(() => endCheckSucceeds(frozen, [7, 8])).toThrow(RangeError);
    const twice = endOfTurnChecks(s("burning"), { rerolls: ["burning"] })[0];
    expect(endCheckSucceeds(twice, [2, 9])).toBe(true);
    const poison = endOfTurnChecks([{ id: "poisoned", difficulty: 3 }])[0];
    expect([endCheckSucceeds(poison, [3]), endCheckSucceeds(poison, [2])]).toEqual([true, false]);
    const applied = applyEndOfTurn(s("frozen", "stunned"), [{ check: frozen, success: true }]);
    expect(applied.statuses.map((x) => x.id)).toEqual(["stunned", "chilled"]);
    expect([applied.removed, applied.added]).toEqual([["frozen"], ["chilled"]]);
    const recharge = endOfTurnChecks([], { cooldowns: ["mycorreanSpores"] })[0];
    expect(applyEndOfTurn([], [{ check: recharge, success: true }]).recharged).toEqual(["mycorreanSpores"]);
    expect(applyEndOfTurn(s("stunned"), [{ check: endOfTurnChecks(s("stunned"))[0], success: false }]).statuses).toEqual(s("stunned"));
  });
});

describe("movement limits and roll modifiers", () => {
  it("Chilled walks, Frozen stays, Prone crawls, Grappled and Entangled stay put", () => {
    expect(movementBlocks(["chilled"])).toEqual({ run: "chilled", walk: null, step: null, crawl: "notProne", climb: null });
    expect(Object.values(movementBlocks(["frozen"]))).toEqual(new Array(5).fill("frozen"));
    expect(movementBlocks(["prone"])).toEqual({ run: "prone", walk: "prone", step: "prone", crawl: null, climb: null });
    expect(movementBlocks(["grappled"]).step).toBe("grappled");
    expect(movementBlocks([], { grappling: true }).walk).toBe("grappling");
    expect(movementBlocks(["entangled"]).crawl).toBe("entangled");
    expect(movementBlocks([], { encumbrance: "step-only" })).toMatchObject({ run: "stepOnly", walk: "stepOnly", step: null });
    expect(movementBlocks(["legDisabled"]).run).toBe("legDisabled");
    expect(movementBlocks(["stabilized"]).step).toBe("incapacitated");
  });
  it("Exhausted −1 die; attacker and target flags", () => {
    expect(conditionDice(["exhausted"])).toBe(-1);
    expect(conditionDice(["stunned"])).toBe(0);
    expect(attackerConditionFlags(["blind", "prone"])).toEqual({ exhausted: false, prone: true, blind: true, hexed: false });
    expect(targetConditionFlags(["petrified", "grappled"])).toEqual({ prone: false, grappled: true, petrified: true });
  });
});

describe("dying, death and stabilizing (§4.14)", () => {
  const dying: HealthTrack = { grit: 8, wounds: 2, vitalsMax: 6, vitalsLost: 6, hits: 0, dying: true, dead: false };
  it("E27: two fatal wounds and one 12 make 1", () => {
    expect(resolveDeathRoll(dying, [2, 3, 12, 7, 8, 9])).toMatchObject({ fatalWounds: 1, died: false, track: { wounds: 3 } });
  });
  it("E26 / RULING 23: wounds above grit kill — with 2 wounds and grit 8 the 7th fatal wound does", () => {
    expect(resolveDeathRoll(dying, [2, 2, 2, 2, 2, 2]).died).toBe(false);
    const result = resolveDeathRoll({ ...dying, wounds: 8 }, [2, 7, 7, 7, 7, 7]);
    expect(result).toMatchObject({ died: true, track: { dead: true, dying: false } });
    expect(healthStatuses(result.track)).toEqual(["dead"]);
  });
  it("Diehard: a 1 counts 1 and a 12 cancels 2; only a dying creature rolls", () => {
    expect(resolveDeathRoll(dying, [1, 1, 12, 8, 8, 8], { diehard: true }).fatalWounds).toBe(0);
    expect(() => resolveDeathRoll(newHealthTrack(5, 6), [2, 2, 2, 2, 2, 2])).toThrow(/dying/);
    expect(() => resolveDeathRoll(dying, [2, 2])).toThrow(/6 dice|exactly 6/);
  });
  it("stabilize needs gains ≥ wounds, ends dying and heals nothing", () => {
    expect(attemptStabilize(dying, 1)).toMatchObject({ success: false, track: { dying: true } });
    const done = attemptStabilize(dying, 2);
    expect(done.success).toBe(true);
    expect(done.track).toEqual({ ...dying, dying: false });
    expect(healthStatuses(dying)).toEqual(["dying"]);
    expect(healthStatuses(done.track)).toEqual([]);
  });
  it("property: a death roll never lowers wounds and kills exactly when wounds exceed grit", () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 6, maxLength: 6 }), fc.integer({ min: 0, max: 8 }), (faces, wounds) => {
      const result = resolveDeathRoll({ ...dying, wounds }, faces);
      expect(result.track.wounds).toBe(wounds + result.fatalWounds);
      expect(result.died).toBe(result.track.wounds > dying.grit);
    }));
  });
});
