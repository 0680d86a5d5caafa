/**
 * Magic items' structured effects (src/data/item/magic-items.ts) read from the pack sources.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { named } from "../../packs/load-sources";
import { betterInitiative, magicItemEffects } from "../../../src/data/item/magic-items";

const effects = (name: string) => magicItemEffects(named("magic-items", name) as never);

// The first case reads every pack source (YAML): seconds on a loaded machine.
describe("magic item effects from the packs", { timeout: 20_000 }, () => {
  it("type every prose effect the issue names", () => {
    expect(effects("Boots of Alacrity")).toEqual({ initiative: { rerolls: 1, keep: "better" } });
    expect(effects("Void")).toEqual({ attack: { ignoresCover: true } });
    expect(effects("Returning")).toEqual({ action: { key: "recallWeapon", counters: 1 } });
    expect(effects("Acid")).toEqual({ proc: { condition: "persistent", source: "acid", tickHits: 2, unavoidable: true, endFlat: 7 } });
    expect(effects("Reflective Shield").redirect).toEqual({ damageType: "energy", to: "adjacent" });
    expect(effects("Reactive Shield").redirect).toEqual({ damageType: "explosive", to: "adjacent" });
    expect(effects("Spiked Shield").retaliate).toEqual({ trigger: "meleeHit", damage: 6, damageType: "piercing" });
    expect(effects("Feather Fall")).toEqual({ noFallingDamage: true });
  });

  it("drop malformed entries", () => {
    expect(magicItemEffects({ flags: { clockwork: { magicItem: { initiative: { rerolls: 0, keep: "better" }, retaliate: { trigger: "any", damage: 6, damageType: "x" }, noFallingDamage: "yes" } } } })).toEqual({});
    expect(magicItemEffects(null)).toEqual({});
  });

  it("keep the better initiative", () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: -5, max: 40 }), { minLength: 1, maxLength: 4 }), (rolls) => {
      const best = betterInitiative(rolls);
      expect(rolls).toContain(best);
      for (const r of rolls) expect(best).toBeGreaterThanOrEqual(r);
    }));
    expect(() => betterInitiative([])).toThrow(RangeError);
  });
});
