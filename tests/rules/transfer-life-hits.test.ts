/**
 * Transfer Life's chosen hits (book L1689: "You can choose to send less hit points than the
 * maximum amount rolled"; issue 29): the caster names how many hits to move, never more than the
 * gains allow nor than the target can heal, and takes exactly the hits moved.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { healableHits, resolveSpell, type HealthTrack, type SpellTarget } from "../../src/rules";
import { named } from "../packs/load-sources";
import { spellProfileOf, type SpellItem } from "../../src/magic/context";

const TRANSFER_LIFE = spellProfileOf({ name: "Transfer Life", type: "spell", system: named("spells", "Transfer Life").system } as unknown as SpellItem);
const CASTER = { magic: 6, rank: 6 };
/** Six casting dice showing `gains` sixes and the rest twos (no gain, no cancel). */
const faces = (gains: number): number[] => Array.from({ length: 6 }, (_, i) => (i < gains ? 6 : 2));
const target = (track: HealthTrack): SpellTarget => ({ id: "t", baseDefense: 3, distance: 1, resistance: { species: 0, armor: 0 }, ...track });

describe("Transfer Life moves the hits the caster chooses (L1689)", () => {
  it("5 gains, 2 chosen: 2 hits healed, 2 taken (all 5 before this option)", () => {
    const track: HealthTrack = { grit: 6, wounds: 0, vitalsMax: 6, vitalsLost: 0, hits: 5, dying: false, dead: false };
    const all = resolveSpell(TRANSFER_LIFE, CASTER, [target(track)], { casting: faces(5) });
    expect(all.targets[0].heal).toBe(5);
    const two = resolveSpell(TRANSFER_LIFE, CASTER, [target(track)], { casting: faces(5) }, { hits: 2 });
    expect(two.targets[0].heal).toBe(2);
    expect(two.casterDamage).toBe(2);
  });

  it("asking for more than the gains moves only the gains", () => {
    const track: HealthTrack = { grit: 6, wounds: 0, vitalsMax: 6, vitalsLost: 0, hits: 5, dying: false, dead: false };
    expect(resolveSpell(TRANSFER_LIFE, CASTER, [target(track)], { casting: faces(3) }, { hits: 9 }).targets[0].heal).toBe(3);
  });

  it("a chosen number that is not whole hits is refused", () => {
    const track: HealthTrack = { grit: 6, wounds: 0, vitalsMax: 6, vitalsLost: 0, hits: 5, dying: false, dead: false };
    expect(() => resolveSpell(TRANSFER_LIFE, CASTER, [target(track)], { casting: faces(3) }, { hits: 1.5 })).toThrow(RangeError);
  });

  it("property: moved = min(chosen, gains, healable); the caster takes exactly that", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 3 }), (gains, chosen, hits, vitalsLost) => {
      const track: HealthTrack = { grit: 6, wounds: 0, vitalsMax: 6, vitalsLost, hits, dying: false, dead: false };
      const out = resolveSpell(TRANSFER_LIFE, CASTER, [target(track)], { casting: faces(gains) }, { hits: chosen });
      const moved = out.success ? Math.min(chosen, gains, healableHits(track)) : 0;
      expect(out.targets[0].heal).toBe(moved);
      expect(out.casterDamage).toBe(moved);
    }));
  });
});
