import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  COUNTERS_PER_TURN, CounterError, beginTurn, beginTurnShifted, borrowTime, canSpend, chargeFor, command,
  inOwnTurn, isDefenseless, loseOneCounter, newCounters, newTimeShift, passTurn, prepareAction, slideTime,
  spendCounters, triggerPrepared,
} from "../../src/rules";
import type { CounterState } from "../../src/rules";

const turn = (extra = 0): CounterState => beginTurn(newCounters(), { extra });

function expectCounterError(fn: () => unknown, reason: string, rule: RegExp): void {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(RangeError);
  expect(caught).toBeInstanceOf(CounterError);
  expect((caught as CounterError).reason).toBe(reason);
  expect((caught as Error).message).toMatch(rule);
}

describe("counter record (§4.6–§4.7)", () => {
  it("a new combatant is defenseless with no counters", () => {
    expect(newCounters()).toEqual({ available: 0, reserved: 0, hadTurn: false, passed: false });
    expect(isDefenseless(newCounters())).toBe(true);
    expect(isDefenseless(turn())).toBe(false);
  });
  it("beginTurn gives 6 + extra and loses whatever was left", () => {
    expect(beginTurn(newCounters())).toEqual({ available: 6, reserved: 0, hadTurn: true, passed: false });
    expect(beginTurn({ available: 0, reserved: 4, hadTurn: true, passed: true }, { extra: 1 })).toEqual({ available: 7, reserved: 0, hadTurn: true, passed: false });
    expect(beginTurn({ available: 3, reserved: 0, hadTurn: true, passed: false }, { extra: -2 }).available).toBe(4);
    expect(() => beginTurn(newCounters(), { extra: -7 })).toThrow(RangeError);
    expect(() => beginTurn(newCounters(), { extra: 0.5 })).toThrow(RangeError);
  });
  it("passTurn reserves the rest", () => {
    expect(passTurn({ available: 4, reserved: 1, hadTurn: true, passed: false })).toEqual({ available: 0, reserved: 5, hadTurn: true, passed: true });
    expect(inOwnTurn(turn())).toBe(true);
    expect(inOwnTurn(passTurn(turn()))).toBe(false);
  });
  it("rejects malformed records", () => {
    expect(() => passTurn({ available: -1, reserved: 0, hadTurn: true, passed: false })).toThrow(RangeError);
    expect(() => spendCounters({ available: 1.5, reserved: 0, hadTurn: true, passed: false }, 1)).toThrow(RangeError);
    expect(() => beginTurn(null as unknown as CounterState)).toThrow(RangeError);
  });
});

describe("spendCounters", () => {
  it("a normal action is paid from available on the own turn", () => {
    expect(spendCounters(turn(), 2)).toEqual({ available: 4, reserved: 0, hadTurn: true, passed: false });
    expect(spendCounters(turn(), 6).available).toBe(0);
  });
  it("Stunned adds 1 to every cost of at least 1, free actions stay free", () => {
    expect(spendCounters(turn(), 3, { stunned: true }).available).toBe(2);
    expect(spendCounters(turn(), 1, { stunned: true, reaction: true }).available).toBe(4);
    expect(spendCounters(turn(), 0, { stunned: true }).available).toBe(6);
  });
  it("a normal action needs a started turn", () => {
    const before = newCounters();
    const copy = { ...before };
    expectCounterError(() => spendCounters(before, 2), "defenseless", /first turn/);
    expect(before).toEqual(copy);
    expectCounterError(() => spendCounters(before, 0), "defenseless", /§4\.6/);
  });
  it("a normal action after passing is refused, even with reserved counters", () => {
    const passed = passTurn(turn());
    expectCounterError(() => spendCounters(passed, 1), "passed", /reserved counters/);
    expect(passed.reserved).toBe(6);
  });
  it("an unaffordable cost throws and leaves the state unchanged", () => {
    const state = spendCounters(turn(), 4);
    const copy = { ...state };
    expectCounterError(() => spendCounters(state, 3), "insufficient", /only 2 available remain/);
    expectCounterError(() => spendCounters(state, 2, { stunned: true }), "insufficient", /costing 3/);
    expect(state).toEqual(copy);
  });
  it("a reaction during the own turn is paid from available", () => {
    expect(spendCounters(turn(), 1, { reaction: true })).toMatchObject({ available: 5, reserved: 0 });
  });
  it("a reaction after passing is paid from reserved", () => {
    const passed = passTurn(spendCounters(turn(), 4));
    expect(spendCounters(passed, 1, { reaction: true })).toEqual({ available: 0, reserved: 1, hadTurn: true, passed: true });
    expectCounterError(() => spendCounters(passed, 2, { reaction: true, stunned: true }), "insufficient", /reserved/);
  });
  it("a defenseless combatant cannot react with counters but may make 0-counter reactions (RULING 74)", () => {
    expectCounterError(() => spendCounters(newCounters(), 1, { reaction: true }), "defenseless", /RULING 74/);
    expect(spendCounters(newCounters(), 0, { reaction: true })).toEqual(newCounters());
  });
  it("chargeFor explains without paying", () => {
    expect(chargeFor(turn(), 3, { stunned: true })).toEqual({ cost: 4, pool: "available", problem: null });
    expect(chargeFor(passTurn(turn(-6)), 1, { reaction: true })).toEqual({ cost: 1, pool: "reserved", problem: "insufficient" });
    expect(canSpend(turn(), 7)).toBe(false);
    expect(() => chargeFor(turn(), -1)).toThrow(RangeError);
  });
});

describe("prepared actions (§4.7)", () => {
  it("sets the cost aside in reserved, then pays from it on the trigger", () => {
    const { state, counters } = prepareAction(turn(), 3);
    expect(counters).toBe(3);
    expect(state).toEqual({ available: 3, reserved: 3, hadTurn: true, passed: false });
    const passed = passTurn(state);
    expect(passed.reserved).toBe(6);
    expect(triggerPrepared(passed, counters)).toMatchObject({ reserved: 3 });
  });
  it("Stunned is charged when preparing", () => {
    expect(prepareAction(turn(), 2, { stunned: true }).counters).toBe(3);
  });
  it("preparing is a normal action; triggering needs the counters", () => {
    expectCounterError(() => prepareAction(passTurn(turn()), 2), "passed", /§4\.7/);
    expectCounterError(() => triggerPrepared(passTurn(turn(-5)), 2), "insufficient", /prepared/);
    expectCounterError(() => triggerPrepared(newCounters(), 1), "defenseless", /prepared/);
  });
});

describe("Command (RULING 72)", () => {
  it("costs the commander 2 and gives the ally 1 reserved counter after its pass", () => {
    const ally = passTurn(spendCounters(turn(), 5));
    const result = command(turn(), ally);
    expect(result.commander.available).toBe(4);
    expect(result.ally).toEqual({ available: 0, reserved: 2, hadTurn: true, passed: true });
    expect(spendCounters(result.ally, 2, { reaction: true }).reserved).toBe(0);
  });
  it("goes to available when it is the ally's own turn, and is lost when its next turn starts", () => {
    const result = command(turn(), turn());
    expect(result.ally.available).toBe(7);
    expect(beginTurn(passTurn(result.ally)).available).toBe(6);
  });
  it("Stunned commanders pay 3; defenseless allies cannot receive; failures change nothing", () => {
    expect(command(turn(), passTurn(turn()), { stunned: true }).commander.available).toBe(3);
    expectCounterError(() => command(turn(), newCounters()), "defenseless", /RULING 72/);
    expectCounterError(() => command(turn(-5), passTurn(turn())), "insufficient", /costing 2/);
  });
});

describe("Borrow Time and Sliding Time (§3.1, §4.7 step 5)", () => {
  it("borrowing moves counters from the next turn into this one", () => {
    const { counters, shift } = borrowTime(turn(), newTimeShift(), 3);
    expect(counters.available).toBe(9);
    expect(shift).toMatchObject({ next: -3, nextBorrowedFrom: true });
    const next = beginTurnShifted(passTurn(counters), shift);
    expect(next.counters.available).toBe(3);
    expect(next.shift).toEqual({ next: 0, borrowedFrom: true, slidInto: false, nextBorrowedFrom: false, nextSlidInto: false });
    expect(() => borrowTime(next.counters, next.shift, 1)).toThrow(/borrowed from/);
    const after = beginTurnShifted(passTurn(next.counters), next.shift);
    expect(borrowTime(after.counters, after.shift, 1).counters.available).toBe(7);
  });
  it("cannot borrow more than the next turn has", () => {
    const first = borrowTime(turn(), newTimeShift(), 4);
    expect(() => borrowTime(first.counters, first.shift, 3)).toThrow(/at most the 2/);
    expect(borrowTime(first.counters, first.shift, 2).shift.next).toBe(-6);
  });
  it("sliding moves counters from this turn into the next", () => {
    const { counters, shift } = slideTime(turn(), newTimeShift(), 2);
    expect(counters.available).toBe(4);
    const next = beginTurnShifted(passTurn(counters), shift);
    expect(next.counters.available).toBe(8);
    expect(next.shift.slidInto).toBe(true);
    expect(() => slideTime(next.counters, next.shift, 1)).toThrow(/received slid/);
    expectCounterError(() => slideTime(turn(), newTimeShift(), 7), "insufficient", /at most the 6/);
  });
  it("both are cast on the own turn", () => {
    expectCounterError(() => borrowTime(newCounters(), newTimeShift(), 1), "defenseless", /own turn/);
    expectCounterError(() => slideTime(passTurn(turn()), newTimeShift(), 1), "passed", /own turn/);
  });
});

describe("Stun 1 (Shock, RULING 39)", () => {
  it("takes a reserved counter, else one of the next turn", () => {
    expect(loseOneCounter(passTurn(turn()), newTimeShift())).toMatchObject({ lost: "reserved", counters: { reserved: 5 } });
    const empty = loseOneCounter(passTurn(turn(-6)), newTimeShift());
    expect(empty.lost).toBe("next");
    expect(beginTurnShifted(empty.counters, empty.shift).counters.available).toBe(5);
    expect(loseOneCounter(newCounters(), newTimeShift()).lost).toBe("next");
    expect(loseOneCounter(turn(), newTimeShift()).counters.available).toBe(5);
  });
});

// ---------------------------------------------------------------- properties

type Step =
  | { op: "begin"; extra: number }
  | { op: "pass" }
  | { op: "spend"; cost: number; stunned: boolean; reaction: boolean }
  | { op: "command" };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant("begin" as const), extra: fc.integer({ min: -6, max: 3 }) }),
  fc.record({ op: fc.constant("pass" as const) }),
  fc.record({ op: fc.constant("spend" as const), cost: fc.integer({ min: 0, max: 5 }), stunned: fc.boolean(), reaction: fc.boolean() }),
  fc.record({ op: fc.constant("command" as const) }),
);

describe("counter properties", () => {
  it("counters are never negative and every counter granted is spent, held or lost", () => {
    fc.assert(fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
      let state = newCounters();
      let granted = 0;
      let spent = 0;
      let lost = 0;
      for (const s of steps) {
        const before = { ...state };
        if (s.op === "begin") {
          lost += state.available + state.reserved;
          state = beginTurn(state, { extra: s.extra });
          granted += COUNTERS_PER_TURN + s.extra;
        } else if (s.op === "pass") {
          state = passTurn(state);
        } else if (s.op === "command") {
          if (!state.hadTurn) continue;
          state = command(turn(), state).ally;
          granted += 1;
        } else {
          const charge = chargeFor(state, s.cost, s);
          try {
            state = spendCounters(state, s.cost, s);
            expect(charge.problem).toBeNull();
            spent += charge.cost;
          } catch (error) {
            expect(error).toBeInstanceOf(CounterError);
            expect(charge.problem).toBe((error as CounterError).reason);
            expect(state).toEqual(before);
          }
        }
        expect(state.available).toBeGreaterThanOrEqual(0);
        expect(state.reserved).toBeGreaterThanOrEqual(0);
        expect(granted).toBe(spent + lost + state.available + state.reserved);
      }
    }));
  });
  it("a pass never changes the total held, a spend lowers it by exactly the charged cost", () => {
    const arbState = fc.record({
      available: fc.integer({ min: 0, max: 9 }), reserved: fc.integer({ min: 0, max: 9 }), hadTurn: fc.boolean(), passed: fc.boolean(),
    });
    fc.assert(fc.property(arbState, fc.integer({ min: 0, max: 6 }), fc.boolean(), fc.boolean(), (state, cost, stunned, reaction) => {
      const passed = passTurn(state);
      expect(passed.available + passed.reserved).toBe(state.available + state.reserved);
      const charge = chargeFor(state, cost, { stunned, reaction });
      if (charge.problem === null) {
        const after = spendCounters(state, cost, { stunned, reaction });
        expect(state.available + state.reserved - (after.available + after.reserved)).toBe(charge.cost);
      } else {
        expect(() => spendCounters(state, cost, { stunned, reaction })).toThrow(RangeError);
      }
    }));
  });
  it("time shifts conserve counters across two turns", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 6 }), fc.boolean(), (count, borrow) => {
      const start = turn();
      const moved = borrow ? borrowTime(start, newTimeShift(), count) : slideTime(start, newTimeShift(), count);
      const next = beginTurnShifted(passTurn({ ...moved.counters, available: 0 }), moved.shift);
      expect(moved.counters.available + next.counters.available).toBe(2 * COUNTERS_PER_TURN);
    }));
  });
});
