/**
 * The casting card for an area spell with 10 targets (issue 11): the exact odds for every
 * target (one pool against each base defense, its resistance and spell resistance), resolving
 * the rolled dice, the card's stored data and its template context. Target: < 2 ms.
 */
import { bench, describe } from "vitest";
import { buildCastCardContext, castCardData } from "../../src/magic/card";
import { defaultAutomation, resolveSpell, spellOdds, type SpellProfile, type SpellTarget } from "../../src/rules";

const FIREBALL: SpellProfile = {
  identifier: "fireball", skill: "elemental", school: "fire", level: 4, counters: 4, mana: 12, manaPerExtraTarget: 0,
  roll: { kind: "area", opposedSkill: "", mustExceed: false }, range: { kind: "spaces", spaces: 12 }, area: { shape: "radius", size: 2 },
  damage: { dice: 12, types: ["energy"], unavoidable: false, perGain: false }, conditions: [{ key: "burning", trigger: "damaged" }],
  duration: { kind: "instant", value: 0 },
  automation: { ...defaultAutomation(), level: "full", harmful: true, targets: { kind: "area", max: 0 }, attack: { arcShot: true, ignoresCover: false, voidBolt: false } },
};
const caster = { magic: 9, rank: 5, focus: true };
const targets: SpellTarget[] = Array.from({ length: 10 }, (_, i) => ({
  id: `t${i}`, baseDefense: 1 + (i % 5), distance: 4 + (i % 3), resistance: { species: 2 + (i % 4), armor: i % 7 }, grit: 5 + (i % 3), barrier: i % 3,
  spellResistance: { gnome: i % 3 === 0, ward: i % 4, runes: i === 7 ? "minor" : null },
}));
const casting = [12, 11, 9, 7, 5, 4, 3, 2, 1, 6];
const damage = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
const resistance = Object.fromEntries(targets.map((t) => [t.id, [6, 6, 6]]));

describe("casting card", () => {
  bench("area spell, 10 targets: odds, resolution, card data and context", () => {
    const odds = spellOdds(FIREBALL, caster, targets);
    const outcome = resolveSpell(FIREBALL, caster, targets, { casting, damage, resistance });
    const data = castCardData({
      spell: FIREBALL, name: "Fireball", img: null, caster: { name: "Ilinde", uuid: "Actor.i" }, dice: 10, threshold: 5, faces: casting, hexed: false,
      damageFaces: damage, damageType: "energy", difficulty: null, outcome, targets: targets.map((t, i) => ({ uuid: t.id, name: t.id, chance: odds.targets[i].chance })),
      paid: { mana: 12, counters: 4 }, writes: [], chance: null,
    });
    buildCastCardContext(data, { isGM: true, canApply: false });
  });
});
