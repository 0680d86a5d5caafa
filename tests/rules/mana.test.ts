import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  SECONDS_PER_REFILL, beginTurn, channelCost, channelLimit, drainGlobalPool, drinkManaPotion, globalPoolMax, manaRoom,
  newCounters, newGlobalPool, passTurn, payMana, personalManaMax, planChannel, refillGlobalPool, requireGlobalPool,
  resizeGlobalPool, returnToGlobalPool,
} from "../../src/rules";
import type { ChannelInput, GlobalManaPool } from "../../src/rules";

const HOUR = SECONDS_PER_REFILL;
const turn = () => beginTurn(newCounters());
const pool = (value: number, max = 60, refilledAt = 0): GlobalManaPool => ({ connection: max === 60 ? "strong" : "custom", max, value, refilledAt });

describe("personal mana (§1.9, §4.18 step 5)", () => {
  it("is 6 × (Magic − 4), +6 with the Amulet of Wizardry", () => {
    expect([5, 6, 7, 8, 9, 10].map((m) => personalManaMax(m))).toEqual([6, 12, 18, 24, 30, 36]);
    expect(personalManaMax(7, { amulets: 1 })).toBe(24);
    expect(() => personalManaMax(7, { amulets: 2 })).toThrow(/one artifact per body position/);
    expect(() => personalManaMax(4)).toThrow(RangeError);
  });
  it("pays a spell in full or not at all", () => {
    expect(payMana({ value: 10, max: 18 }, 6)).toEqual({ value: 4, max: 18 });
    expect(() => payMana({ value: 3, max: 18 }, 4)).toThrow(/at most the 3 mana/);
    expect(manaRoom({ value: 10, max: 18 })).toBe(8);
  });
  it("a mana potion adds the sum of its dice, capped at the maximum (RULING 84)", () => {
    expect(drinkManaPotion({ value: 2, max: 24 }, [7, 9])).toEqual({ value: 18, restored: 16, rolled: 16 });
    expect(drinkManaPotion({ value: 20, max: 24 }, [12, 12, 1])).toEqual({ value: 24, restored: 4, rolled: 25 });
    expect(() => drinkManaPotion({ value: 2, max: 24 }, [13])).toThrow(RangeError);
  });
});

describe("global pool (§1.10)", () => {
  it("presets strong 60, middling 48, low 36, or a custom size", () => {
    expect(globalPoolMax("strong")).toBe(60);
    expect(globalPoolMax("middling")).toBe(48);
    expect(globalPoolMax("low")).toBe(36);
    expect(globalPoolMax("custom", 75)).toBe(75);
    expect(() => globalPoolMax("custom", -1)).toThrow(RangeError);
    expect(() => globalPoolMax("wild" as never)).toThrow(/strong, middling, low or custom/);
    expect(newGlobalPool("low", 1000)).toEqual({ connection: "low", max: 36, value: 36, refilledAt: 1000 });
  });
  it("refills 1 point per whole in-world hour and keeps the fraction", () => {
    const start = pool(10);
    expect(refillGlobalPool(start, 0.5 * HOUR)).toEqual({ pool: { ...start }, added: 0, hours: 0 });
    const after = refillGlobalPool(start, 2.5 * HOUR);
    expect(after.added).toBe(2);
    expect(after.pool).toMatchObject({ value: 12, refilledAt: 2 * HOUR });
    // The half hour left over counts toward the next point.
    expect(refillGlobalPool(after.pool, 3 * HOUR).pool.value).toBe(13);
  });
  it("a 30-hour skip refills exactly 30 points, capped at the maximum", () => {
    expect(refillGlobalPool(pool(10), 30 * HOUR)).toMatchObject({ added: 30, hours: 30, pool: { value: 40, refilledAt: 30 * HOUR } });
    expect(refillGlobalPool(pool(40), 30 * HOUR + 1800)).toMatchObject({ added: 20, hours: 30, pool: { value: 60, refilledAt: 30 * HOUR } });
    // 30 one-hour steps give the same as one 30-hour skip.
    let stepped = pool(10);
    for (let h = 1; h <= 30; h++) stepped = refillGlobalPool(stepped, h * HOUR).pool;
    expect(stepped).toEqual(refillGlobalPool(pool(10), 30 * HOUR).pool);
  });
  it("time going backwards neither drains nor refills, and restarts the clock", () => {
    const back = refillGlobalPool(pool(10, 60, 5 * HOUR), 3 * HOUR);
    expect(back).toEqual({ pool: pool(10, 60, 3 * HOUR), added: 0, hours: 0 });
  });
  it("drains and gives back within its bounds; a resize keeps what was drained", () => {
    expect(drainGlobalPool(pool(10), 4).value).toBe(6);
    expect(() => drainGlobalPool(pool(3), 4)).toThrow(/at most the 3 points/);
    expect(returnToGlobalPool(pool(58), 5).value).toBe(60);
    expect(resizeGlobalPool(pool(50), "low")).toMatchObject({ connection: "low", max: 36, value: 26 });
    expect(resizeGlobalPool(pool(10), "low").value).toBe(0);
    expect(() => requireGlobalPool({ ...pool(10), value: 61 })).toThrow(RangeError);
  });
  it("refilling is path-independent: any split of the time gives the same pool", () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 60 }), fc.array(fc.integer({ min: 0, max: 40 * HOUR }), { maxLength: 8 }),
      (value, stops) => {
        const times = [...stops].sort((a, b) => a - b);
        const end = times.at(-1) ?? 0;
        let stepped = pool(value);
        for (const t of times) stepped = refillGlobalPool(stepped, t).pool;
        const direct = refillGlobalPool(pool(value), end).pool;
        expect(stepped).toEqual(direct);
        expect(direct.value).toBe(Math.min(60, value + Math.floor(end / HOUR)));
        expect(end - direct.refilledAt).toBeGreaterThanOrEqual(0);
        expect(end - direct.refilledAt).toBeLessThan(HOUR);
      },
    ));
  });
});

describe("channeling (§4.18 step 6, docs/rulings.md #33)", () => {
  const base = (over: Partial<ChannelInput> = {}): ChannelInput => ({ personal: { value: 4, max: 18 }, pool: pool(30), inCombat: false, ...over });
  it("is free out of combat, up to full", () => {
    const plan = planChannel(base(), 14);
    expect(plan).toMatchObject({ problem: null, counters: 0, personal: { value: 18, max: 18 }, pool: { value: 16 } });
    expect(channelLimit(base())).toBe(14);
  });
  it("is refused at full, beyond the room left, beyond the pool and without a pool", () => {
    expect(planChannel(base({ personal: { value: 18, max: 18 } }), 1).problem).toBe("manaFull");
    expect(planChannel(base(), 15).problem).toBe("beyondMax");
    expect(planChannel(base({ pool: pool(5) }), 6).problem).toBe("beyondPool");
    expect(planChannel(base({ pool: pool(0) }), 1).problem).toBe("poolEmpty");
    expect(planChannel(base({ pool: null }), 1).problem).toBe("noPool");
    expect(planChannel(base(), 0).problem).toBe("noAmount");
    expect(planChannel(base(), 1.5).problem).toBe("noAmount");
    // A refusal changes nothing.
    const refused = planChannel(base({ pool: pool(5) }), 6);
    expect(refused.personal).toEqual({ value: 4, max: 18 });
    expect(refused.pool?.value).toBe(5);
  });
  it("costs 1 counter per 2 mana in combat, rounded up, as one action", () => {
    expect(channelCost(5)).toBe(3);
    expect(channelCost(4)).toBe(2);
    expect(channelCost(1, { stunned: true })).toBe(2);
    const plan = planChannel(base({ inCombat: true, counters: turn() }), 5);
    expect(plan).toMatchObject({ problem: null, counters: 3, personal: { value: 9 } });
    expect(planChannel(base({ inCombat: true, counters: { ...turn(), available: 2 } }), 5).problem).toBe("insufficient");
    expect(planChannel(base({ inCombat: true, counters: newCounters() }), 2).problem).toBe("defenseless");
    expect(planChannel(base({ inCombat: true, counters: passTurn(turn()) }), 2).problem).toBe("passed");
    expect(channelLimit(base({ inCombat: true, counters: { ...turn(), available: 3 } }))).toBe(6);
    expect(channelLimit(base({ inCombat: true, counters: { ...turn(), available: 3 }, stunned: true }))).toBe(4);
    expect(channelLimit(base({ inCombat: true, counters: passTurn(turn()) }))).toBe(0);
  });
  it("never leaves either pool out of bounds and conserves mana", () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 36 }), fc.integer({ min: 0, max: 36 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: -2, max: 40 }),
      fc.boolean(), fc.integer({ min: 0, max: 6 }),
      (value, room, global, amount, inCombat, available) => {
        const input = base({ personal: { value, max: value + room }, pool: pool(global), inCombat, counters: { ...turn(), available } });
        const plan = planChannel(input, amount);
        if (plan.problem) {
          expect(plan.personal.value).toBe(value);
          expect(plan.pool?.value).toBe(global);
        } else {
          expect(plan.personal.value - value).toBe(amount);
          expect(global - (plan.pool?.value ?? 0)).toBe(amount);
          expect(plan.personal.value).toBeLessThanOrEqual(plan.personal.max);
          expect(plan.counters).toBe(inCombat ? Math.ceil(amount / 2) : 0);
          expect(amount).toBeLessThanOrEqual(channelLimit(input));
        }
      },
    ));
  });
});
