import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  conditionStatus, fallProtection, mayRedirect, newHealthTrack, redirectedDamage, resolveDamage, resolveFall, spikedShieldDamage,
} from "../../src/rules";

describe("Spiked Shield (RULING 35)", () => {
  it("a melee hit deals its 6 piercing dice back, counted against the attacker's resistance", () => {
    const faces = [12, 9, 7, 5, 3, 1];
    expect(spikedShieldDamage(faces, { species: 2, armor: 3 }, { melee: true, hit: true })).toMatchObject({ resistance: 5, total: 2 + 1 + 1 + 1 - 1 });
    expect(spikedShieldDamage(faces, { species: 6, armor: 6 }, { melee: true, hit: true })?.total).toBe(1);
  });
  it("a miss or a ranged attack does not trigger it", () => {
    expect(spikedShieldDamage([12, 12], { species: 0, armor: 0 }, { melee: true, hit: false })).toBeNull();
    expect(spikedShieldDamage([12, 12], { species: 0, armor: 0 }, { melee: false, hit: true })).toBeNull();
  });
});

describe("Reactive / Reflective shields (RULING 35, docs/rulings.md 129)", () => {
  const row = { hit: true, area: false, automaticMiss: null };
  it("only the matching damage type of a roll that reached the wearer", () => {
    expect(mayRedirect(["energy"], "energy", row)).toBe(true);
    expect(mayRedirect(["energy"], "explosive", row)).toBe(false);
    expect(mayRedirect(["explosive"], "explosive", { hit: false, area: true, automaticMiss: null })).toBe(true);
    expect(mayRedirect(["energy"], "energy", { hit: false, area: false, automaticMiss: null })).toBe(false);
    expect(mayRedirect(["explosive"], "explosive", { hit: false, area: true, automaticMiss: "outOfRange" })).toBe(false);
  });
  it("the same roll is counted against the chosen creature: criticals on a hit, half on an area miss", () => {
    const faces = [12, 10, 8, 6, 4, 2];
    expect(redirectedDamage(faces, { species: 1, armor: 4 }, { hit: true, criticals: 2 })).toMatchObject({ resistance: 5, total: 2 + 3 + 2 });
    expect(redirectedDamage(faces, { species: 1, armor: 4 }, { hit: false, criticals: 2 }).total).toBe(Math.floor(5 / 2));
  });
  it("is the rules core's count of that roll (property)", () => {
    fc.assert(fc.property(
      fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 4 }),
      (faces, species, armor, criticals) => {
        expect(redirectedDamage(faces, { species, armor }, { hit: true, criticals })).toEqual(resolveDamage(faces, { species, armor }, { criticals }));
      },
    ));
  });
});

describe("Acid's persistent damage (docs/rulings.md 130)", () => {
  it("a weapon's persistent condition is the persistent status of the attack's damage type", () => {
    expect(conditionStatus("persistent", "slashing")).toBe("persistentSlashing");
    expect(conditionStatus("persistent", "energy")).toBe("persistentEnergy");
    expect(conditionStatus("bleeding", "slashing")).toBe("bleeding");
  });
});

describe("falls (§4.8, §4.13)", () => {
  it("4 unavoidable hits per space as one event that creates wounds", () => {
    const outcome = resolveFall(newHealthTrack(6, 6), 3);
    expect(outcome).toMatchObject({ damage: 12, prevented: null });
    expect(outcome.application).toMatchObject({ woundsAdded: 2, died: false });
  });
  it("losing the last vital to a fall kills outright, with no death roll", () => {
    const track = { ...newHealthTrack(6, 6), vitalsLost: 5 };
    const outcome = resolveFall(track, 2);
    expect(outcome.application).toMatchObject({ died: true, deathRollRequired: expect.any(Boolean) });
    expect(outcome.application!.track.dead).toBe(true);
  });
  it("Levitate, Feather Fall, a Winged Robe and a conscious glider prevent it", () => {
    const track = newHealthTrack(6, 6);
    expect(resolveFall(track, 5, { levitating: true })).toMatchObject({ damage: 0, prevented: "levitate", application: null });
    expect(resolveFall(track, 5, { featherFall: true }).prevented).toBe("featherFall");
    expect(resolveFall(track, 5, { wingedRobe: true }).prevented).toBe("wingedRobe");
    expect(resolveFall(track, 5, { glides: true, conscious: true }).prevented).toBe("glide");
    expect(resolveFall(track, 5, { glides: true, conscious: false })).toMatchObject({ prevented: null, damage: 20 });
  });
  it("a fall of no spaces does nothing; bad heights are refused", () => {
    expect(resolveFall(newHealthTrack(6, 6), 0)).toMatchObject({ damage: 0, prevented: null, application: null });
    expect(() => resolveFall(newHealthTrack(6, 6), -1)).toThrow(RangeError);
    expect(() => resolveFall(newHealthTrack(6, 6), 1.5)).toThrow(RangeError);
  });
  it("the protection order is stable (property): anything that protects prevents all the damage", () => {
    fc.assert(fc.property(fc.record({ featherFall: fc.boolean(), wingedRobe: fc.boolean(), glides: fc.boolean(), conscious: fc.boolean(), levitating: fc.boolean() }), fc.integer({ min: 1, max: 10 }), (facts, spaces) => {
      const outcome = resolveFall(newHealthTrack(8, 6), spaces, facts);
      const protectedBy = fallProtection(facts);
      expect(outcome.prevented).toBe(protectedBy);
      expect(outcome.damage).toBe(protectedBy ? 0 : 4 * spaces);
    }));
  });
});
