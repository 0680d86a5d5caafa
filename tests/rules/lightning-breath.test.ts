/**
 * The Dragonkin's lightning breath (book L253): it always hits, and each target's Body / Stamina
 * save halves it (rounded down, no criticals) when it beats the breath's gains; a tie goes to the
 * attacker (L707, docs/rulings.md #164).
 * The rules core's `alwaysHits` and `saveGains`, and the species data that turns them on.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolveAreaAttack, saveHalves } from "../../src/rules";
import type { AreaAttackTarget, AttackInput } from "../../src/rules";
import { speciesAttackItem, speciesAttacksOf } from "../../src/combat/actions/species-attacks";
import { weaponProfile } from "../../src/combat/attack/source";
import { items } from "../packs/load-sources";

const breath = (alwaysHits: boolean): AttackInput => ({
  attacker: { attribute: 4, rank: 6 },
  weapon: { kind: "ranged", damageDice: 8, alwaysHits },
  options: { mode: "area", distance: 1, damageType: "energy" },
});
const target = (id: string, extra: Partial<AreaAttackTarget> = {}): AreaAttackTarget => ({ id, baseDefense: 12, resistance: { species: 0, armor: 0 }, ...extra });
// 4 attack dice at rank 6: two gains (6, 7), two blanks.
const rolls = { attack: [6, 7, 2, 3], damage: [8, 8, 8, 8, 8, 8, 8, 8] };

// One case reads the species pack sources (YAML): seconds on a loaded machine.
describe("lightning breath always hits; a save halves it (L253)", { timeout: 20_000 }, () => {
  it("a tied save takes the full breath: ties go to the attacker (L707, L253)", () => {
    const [tied] = resolveAreaAttack(breath(true), [target("a", { saveGains: 2 })], rolls);
    expect(tied.hit).toBe(true);
    expect(saveHalves(2, 2)).toBe(false);
    expect(saveHalves(0, 0)).toBe(false);
    expect(saveHalves(3, 2)).toBe(true);
  });

  it("hits a target whose defense the roll does not reach; a save beating the gains halves the damage", () => {
    const [plain] = resolveAreaAttack(breath(false), [target("a")], rolls);
    expect(plain.hit).toBe(false);
    const [unsaved, saved, failed] = resolveAreaAttack(breath(true), [target("a", { saveGains: 1 }), target("b", { saveGains: 3 }), target("c")], rolls);
    expect(unsaved.hit).toBe(true);
    expect(failed.hit).toBe(true);
    expect(saved.hit).toBe(false);
    expect(saved.damage.total).toBe(Math.floor(unsaved.damage.points / 2));
    expect(saved.damage.criticals).toBe(0);
  });

  it("property: a save halves exactly when its gains beat the attack's (L707)", () => {
    fc.assert(fc.property(fc.integer({ min: -2, max: 12 }), fc.integer({ min: 0, max: 12 }), (save, attack) => {
      expect(saveHalves(save, attack)).toBe(Math.max(0, save) > attack);
    }));
    expect(saveHalves(undefined, 0)).toBe(false);
  });

  it("the species data: the lightning kind saves with Stamina, its weapon always hits; cold and fire do not", () => {
    const dragonkin = items("species").find((d) => (d.system as { identifier?: string }).identifier === "dragonkin");
    expect(dragonkin).toBeTruthy();
    const species = { id: "sp", name: "Dragonkin", type: "species", system: {}, flags: dragonkin?.flags as Record<string, unknown> };
    const drake = (kind: string) => ({ system: { skills: {} }, items: [species], flags: { clockwork: { speciesKinds: { dragonkinBreath: kind } } } });
    const weapon = (kind: string) => {
      const [attack] = speciesAttacksOf(drake(kind));
      const item = speciesAttackItem(attack);
      return weaponProfile({ system: {}, items: [] } as never, item as never, { damageType: "energy" });
    };
    expect(speciesAttacksOf(drake("lightning"))[0].save).toBe("stamina");
    expect(weapon("lightning").alwaysHits).toBe(true);
    expect(weapon("fire").alwaysHits).toBeUndefined();
    expect(weapon("cold").alwaysHits).toBeUndefined();
  });
});
