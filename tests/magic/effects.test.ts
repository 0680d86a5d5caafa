/**
 * The pure parts of magic's Foundry layer: what a cast writes per target (src/magic/effects.ts),
 * when spell effects end, and how the scene configuration's pool fields become the stored pool.
 */
import { describe, expect, it } from "vitest";
import "../world";
import { combatBoundEffects, endOfTurnFlats, expiredEffects, expiryOf, regenerationOf, targetOps } from "../../src/magic/effects";
import { applyPoolConfig } from "../../src/magic/scene-config";
import { durationLabel } from "../../src/magic/card";
import { defaultAutomation, type SpellProfile, type SpellTargetOutcome } from "../../src/rules";

const clock = { combat: { id: "c1", round: 2, turn: 3 }, worldTime: 500 };
const context = { name: "Spell", img: null, casterUuid: "Actor.me", itemUuid: "Item.s", clock, gains: 4 };

function spell(over: Partial<SpellProfile> & { effect?: SpellProfile["automation"]["effect"] } = {}): SpellProfile {
  const { effect, ...rest } = over;
  return {
    identifier: "x", skill: "soul", school: "life", level: 2, counters: 2, mana: 4, manaPerExtraTarget: 0,
    roll: { kind: "unopposed", opposedSkill: "", mustExceed: false }, range: { kind: "spaces", spaces: 12 }, area: { shape: "none", size: 0 },
    damage: { dice: 0, types: [], unavoidable: false, perGain: false }, conditions: [], duration: { kind: "instant", value: 0 },
    ...rest,
    automation: { ...defaultAutomation(), ...(effect ? { effect } : {}) },
  };
}

function outcome(over: Partial<SpellTargetOutcome> = {}): SpellTargetOutcome {
  return {
    id: "t", resistance: null, success: true, failure: null, attack: null, opposingGains: null, damage: null, damageTotal: 0, unavoidable: false,
    heal: 0, woundsRemoved: 0, barrier: 0, amount: 0, conditions: [], removes: [], lasting: null, ...over,
  };
}

describe("what a cast writes", () => {
  it("damage, then a missed area target's damaged conditions only", () => {
    expect(targetOps(spell(), outcome({ success: false, damageTotal: 3, conditions: ["burning"] }), { uuid: "Actor.t" }, context)).toEqual([
      { op: "damage", uuid: "Actor.t", amount: 3, unavoidable: false },
      { op: "status", uuid: "Actor.t", status: "burning", active: true },
    ]);
    expect(targetOps(spell(), outcome({ success: false }), { uuid: "Actor.t" }, context)).toEqual([]);
  });
  it("a condition carries the spell's flag with the gains; Entangling Roots its escape difficulty", () => {
    const roots = spell({ identifier: "entangling-roots", effect: { kind: "escape", amount: 1, perGain: true, max: 0 } });
    const ops = targetOps(roots, outcome({ conditions: ["entangled"], amount: 4, lasting: { duration: { kind: "special" }, gains: 4, dispellable: true } }), { uuid: "Actor.t" }, context);
    expect(ops[0]).toEqual({ op: "status", uuid: "Actor.t", status: "entangled", active: true });
    expect(ops[1]).toMatchObject({ op: "effectFlags", status: "entangled", flags: { status: { difficulty: 4 }, spell: { identifier: "entangling-roots", gains: 4 } } });
  });
  it("a lasting spell without a status is its own effect, with Foundry's duration; a new one replaces the old", () => {
    const haste = spell({ identifier: "blur", duration: { kind: "roundsPerGain", value: 1 } });
    const old = { uuid: "Actor.t.ActiveEffect.old", statuses: new Set<string>(), flags: { clockwork: { spell: { identifier: "blur" } } } };
    const ops = targetOps(haste, outcome({ amount: 5, lasting: { duration: { kind: "rounds", rounds: 3 }, gains: 3, dispellable: true } }), { uuid: "Actor.t", effects: [old] }, context);
    expect(ops[0]).toEqual({ op: "endEffect", uuid: "Actor.t.ActiveEffect.old" });
    expect(ops[1]).toMatchObject({
      op: "effect", uuid: "Actor.t",
      effect: { name: "Spell", duration: { combat: "c1", rounds: 3, startRound: 2, startTurn: 3 }, flags: { clockwork: { spell: { gains: 3, amount: 5, expires: { combat: "c1", round: 5, turn: 3 } } } } },
    });
  });
  it("healing, wounds, barrier, stabilizing and the statuses a spell ends", () => {
    const ops = targetOps(spell({ effect: { kind: "stabilize", amount: 0, perGain: false, max: 0 } }), outcome({ heal: 4, woundsRemoved: 1, barrier: 2, removes: ["slowed", "frozen"] }), { uuid: "Actor.t", statuses: ["slowed"] }, context);
    expect(ops.map((o) => o.op)).toEqual(["heal", "cureWounds", "barrier", "stabilize", "status"]);
    expect(ops[4]).toMatchObject({ status: "slowed", active: false });
  });
});

describe("when spell effects end", () => {
  const effect = (uuid: string, spellFlag: object, statuses: string[] = []) => ({ uuid, statuses: new Set(statuses), flags: { clockwork: { spell: spellFlag } } });
  it("rounds count in their combat from the cast; world time in seconds", () => {
    expect(expiryOf({ kind: "rounds", rounds: 2 }, clock)).toEqual({ combat: "c1", round: 4, turn: 3 });
    expect(expiryOf({ kind: "rounds", rounds: 2 }, { combat: null, worldTime: 0 })).toBeNull();
    expect(expiryOf({ kind: "time", seconds: 60 }, clock)).toEqual({ time: 560 });
    expect(expiryOf({ kind: "endFlat", flat: 7 }, clock)).toBeNull();
  });
  it("ends what ran out, never a condition the turn bookkeeping owns", () => {
    const effects = [
      effect("a", { expires: { combat: "c1", round: 4, turn: 3 } }, ["hasted"]),
      effect("b", { expires: { combat: "c1", round: 4, turn: 4 } }),
      effect("c", { expires: { time: 560 } }),
      effect("d", { expires: { combat: "c1", round: 1, turn: 0 } }, ["burning"]),
      effect("e", { expires: { combat: "c2", round: 1, turn: 0 } }),
    ];
    expect(expiredEffects(effects, { combat: { id: "c1", round: 4, turn: 3 } })).toEqual(["a"]);
    expect(expiredEffects(effects, { worldTime: 560 })).toEqual(["c"]);
    expect(combatBoundEffects(effects, "c1")).toEqual(["a", "b"]);
  });
  it("lists the end-of-turn Flats of spell states and Regenerate's hits", () => {
    const effects = [effect("charm", { endFlat: 7, name: "Charm" }, ["charmed"]), effect("frozen", { endFlat: 7, name: "Freeze" }, ["frozen"]), effect("regen", { effect: "regenerate", amount: 2 })];
    expect(endOfTurnFlats(effects)).toEqual([{ uuid: "charm", flat: 7, name: "Charm" }]);
    expect(regenerationOf(effects)).toBe(2);
  });
});

describe("the scene's pool fields", () => {
  it("become a full pool, a resize keeps what was drained, none removes it, bad values refuse", () => {
    const changes: Record<string, unknown> = { flags: { clockwork: { manaPoolConfig: { connection: "low", custom: "" } } } };
    expect(applyPoolConfig({ flags: {} }, changes, 100)).toBe(true);
    expect(changes).toEqual({ flags: { clockwork: { manaPool: { connection: "low", max: 36, value: 36, refilledAt: 100 } } } });
    const drained = { flags: { clockwork: { manaPool: { connection: "low", max: 36, value: 20, refilledAt: 0 } } } };
    const resize: Record<string, unknown> = { "flags.clockwork.manaPoolConfig.connection": "strong" };
    applyPoolConfig(drained, resize);
    expect(resize).toEqual({ flags: { clockwork: { manaPool: { connection: "strong", max: 60, value: 44, refilledAt: 0 } } } });
    const none: Record<string, unknown> = { flags: { clockwork: { manaPoolConfig: { connection: "" } } } };
    applyPoolConfig(drained, none);
    expect(none).toEqual({ flags: { clockwork: { "-=manaPool": null } } });
    expect(applyPoolConfig(drained, { flags: { clockwork: { manaPoolConfig: { connection: "custom", custom: 1000 } } } })).toBe(false);
    expect(applyPoolConfig(drained, { flags: { clockwork: { manaPoolConfig: { connection: "wild" } } } })).toBe(false);
    const untouched = { name: "x" };
    expect(applyPoolConfig(drained, untouched)).toBe(true);
    expect(untouched).toEqual({ name: "x" });
  });
  it("durations read as words", () => {
    expect(durationLabel({ kind: "time", seconds: 7200 })).toEqual({ key: "CLOCKWORK.Magic.Card.Duration.hours", data: { count: 2 } });
    expect(durationLabel({ kind: "time", seconds: 900 })).toEqual({ key: "CLOCKWORK.Magic.Card.Duration.minutes", data: { count: 15 } });
    expect(durationLabel(null)).toBeNull();
  });
});

describe("Disintegrate and Ice Beam", () => {
  it("a damaged target cannot end its Burning or Chilled this round", () => {
    const beam = spell({ identifier: "ice-beam", damage: { dice: 0, types: ["energy"], unavoidable: true, perGain: true } });
    beam.automation.requires = ["chilled", "frozen"];
    const ops = targetOps(beam, outcome({ damageTotal: 4, unavoidable: true }), { uuid: "Actor.t", statuses: ["chilled"] }, context);
    expect(ops).toEqual([
      { op: "damage", uuid: "Actor.t", amount: 4, unavoidable: true },
      { op: "effectFlags", uuid: "Actor.t", status: "chilled", flags: { status: { noEndThroughRound: 2 } } },
    ]);
  });
});
