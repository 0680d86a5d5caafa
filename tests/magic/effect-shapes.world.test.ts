/**
 * Issue 21 item 2: a spell's lasting effect is written in this Foundry's ActiveEffect shape
 * (v13: rounds and where they started in `duration`; v14: one value in one unit, and a
 * top-level `start`), and its duration reads and displays the same in both.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces } from "../world";
import { BRAM, COMBAT_ID, ILINDE, SPELL_IDS, actorUuid, doc, seedArena } from "./world-fixtures";
import { effectDurationLabel } from "../../src/foundry";

interface Caster { items: { get(id: string): unknown }; castSpell(item: unknown, options?: object): Promise<{ data: { gains: number } } | null> }
interface Effect { name: string; _source: { duration: Record<string, unknown>; start?: Record<string, unknown> } }

afterEach(() => clearQueuedFaces());

describe("effect durations (pure)", () => {
  it("read and say the same duration in either shape", () => {
    const label = { key: "CLOCKWORK.Effect.Duration.rounds", data: { count: 3 } };
    expect(effectDurationLabel({ rounds: 3, startRound: 1, startTurn: 0, combat: "c" })).toEqual(label);
    expect(effectDurationLabel({ value: 3, units: "rounds", expiry: null })).toEqual(label);
    expect(effectDurationLabel({ seconds: 600, startTime: 0 })).toEqual({ key: "CLOCKWORK.Effect.Duration.minutes", data: { count: 10 } });
    expect(effectDurationLabel({ value: 600, units: "seconds", expiry: null })).toEqual({ key: "CLOCKWORK.Effect.Duration.minutes", data: { count: 10 } });
    expect(effectDurationLabel({ value: 2, units: "hours" })).toEqual({ key: "CLOCKWORK.Effect.Duration.hours", data: { count: 2 } });
    expect(effectDurationLabel({})).toBeNull();
    expect(effectDurationLabel({ value: null, units: "seconds", expiry: null })).toBeNull();
  });
});

// A cast in a three-client world with a combat: seconds on a loaded machine.
describe.each(["v13", "v14"] as const)("a lasting spell effect on the %s profile", { timeout: 30_000 }, (profile) => {
  it("is written in that shape and displays its rounds", async () => {
    const world = await createWorld({ packs: false, profile });
    const { gm, alice } = await seedArena(world);
    const ilinde = doc<Caster>(alice, actorUuid(ILINDE));
    // Regenerate on Bram, 3 gains: 3 rounds (a rounds-per-gain spell with an effect of its own).
    queueFaces(12, 6, 2, 2, 2, 2, 2, 2, 2);
    expect((await world.as(alice, () => ilinde.castSpell(ilinde.items.get(SPELL_IDS.Regenerate), { targets: [actorUuid(BRAM)] })))?.data.gains).toBe(3);
    await world.settle();
    const effect = [...doc<{ effects: Iterable<Effect> }>(gm, actorUuid(BRAM)).effects].find((e) => e.name === "Regenerate");
    expect(effect).toBeDefined();
    const { duration, start } = effect!._source;
    if (profile === "v14") {
      expect(duration).toEqual({ value: 3, units: "rounds", expiry: null });
      expect(start).toMatchObject({ combat: COMBAT_ID, round: 1 });
    } else {
      expect(duration).toMatchObject({ combat: COMBAT_ID, rounds: 3, startRound: 1 });
    }
    const label = effectDurationLabel(duration);
    expect(gm.i18n.format(label!.key, label!.data)).toBe("3 round(s)");
    for (const client of world.clients) expect(client.deprecations).toEqual([]);
  });
});
