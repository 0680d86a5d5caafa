/**
 * The casting dialog's work per change (issue 29 item 4), next to the attack dialog's in the same
 * run: for 10 targets, the rules core's exact odds of the spell on each (spell resistance
 * included), each target's range and reaction, the cost, and the dialog's context. Target: the
 * attack dialog's class, < 2 ms.
 */
import { bench, describe } from "vitest";
import { named } from "../packs/load-sources";
import { spellProfileOf, withMode, type SpellItem } from "../../src/magic/context";
import { buildCastDialogContext, defaultCastChoices, type CastDialogInput, type CastDialogTarget } from "../../src/magic/cast-dialog-context";
import { defaultDeclaration } from "../../src/combat/attack/source";
import { ada, attackDialog, rifle } from "./attack-dialog-case";

function spell(name: string) {
  return spellProfileOf({ name, type: "spell", system: named("spells", name).system } as unknown as SpellItem);
}

const targets = (resisting: boolean): CastDialogTarget[] => Array.from({ length: 10 }, (_, i) => ({
  key: `t${i}`, name: `T${i}`, img: null, self: false, observable: i % 2 === 0,
  place: { distance: 2 + (i % 5), aimDistance: 4, inArea: true },
  answeredBy: resisting ? (i % 2 ? "owner" : "caster") : null,
  target: {
    id: `t${i}`, baseDefense: 1 + (i % 5), dodgeBonus: 1 + (i % 4), blockBonus: i % 2 ? 3 : 0, distance: 2 + (i % 5),
    resistance: { species: 2 + (i % 4), armor: i % 7 }, grit: 5 + (i % 3), unwilling: resisting,
    spellResistance: { ward: i % 3 === 0 ? 4 : 0, nullMagic: i % 4 === 0, gnome: i % 5 === 0, runes: null },
    ...(resisting ? { reactionPool: { dice: 4 + (i % 6), threshold: 5 + (i % 5) } } : {}),
  },
}));

function castInput(name: string, mode: string, resisting: boolean): CastDialogInput {
  const profile = spell(name);
  return {
    actorName: "Ilinde", itemName: name, profile, spell: withMode(profile, mode || undefined), caster: { magic: 9, rank: 7 },
    targets: targets(resisting), aimDistance: 4, choices: { ...defaultCastChoices(profile, "publicroll"), mode }, scrolls: [],
    mana: { have: 20, max: 30 }, channel: { pool: 40, counters: 0, problem: null }, cost: { mana: profile.mana, counters: profile.counters ?? 0 },
    counters: { available: 6 }, refusal: null, viewer: { isGM: false, hiddenInfo: "percentages" },
  };
}

const missiles = castInput("Force Missiles", "square", false);
const bolt = castInput("Fire Bolt", "", false);
const shrink = castInput("Shrink", "", true);

describe("casting dialog vs attack dialog, 10 targets", () => {
  bench("attack dialog: single shots, head (tests/bench/attack.bench.ts)", () => {
    attackDialog({ ...defaultDeclaration(ada, rifle, "publicroll"), calledShot: "head" });
  });
  bench("casting dialog: Force Missiles, square (area attack odds, spell resistance)", () => {
    buildCastDialogContext(missiles);
  });
  bench("casting dialog: Fire Bolt (attack odds with dodge and block)", () => {
    buildCastDialogContext(bolt);
  });
  bench("casting dialog: Shrink, unwilling (opposed odds against each reaction pool)", () => {
    buildCastDialogContext(shrink);
  });
});
