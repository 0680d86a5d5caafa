/**
 * The attack dialog's work per change (issue 10): for 10 targets, read each target from its
 * actor, compute the exact chance to hit and expected damage against its resistance, the cost,
 * and build the dialog's context. Target: < 2 ms. A second case re-renders after a change of
 * cover on one target (the dialog recomputes everything).
 */
import { bench, describe } from "vitest";
import { attackPreview } from "../../src/combat/attack/preview";
import { buildAttackDialogContext } from "../../src/combat/attack/dialog-context";
import { defaultDeclaration } from "../../src/combat/attack/source";
import { creature, targetInfo, weapon } from "../combat/attack/fixtures";

const ada = creature("Ada", { ranks: { accuracy: 6, strength: 7 }, body: 9 });
const rifle = weapon("Assault Rifle", { category: "ranged", group: "rifle", damage: { dice: 10, types: ["ballistic"] }, rangeIncrement: 8, properties: [{ key: "autofire", damageType: "" }, { key: "armorPiercing", damageType: "" }] });
const targets = Array.from({ length: 10 }, (_, i) => targetInfo(
  creature(`T${i}`, { species: 2 + (i % 4), armor: i % 7, grit: 5 + (i % 3), shield: i % 2 === 1, defense: { base: 1 + (i % 5), dodge: 1 + (i % 4), block: i % 2 ? 3 : 0 } }),
  { key: `t${i}`, observable: i % 2 === 0, situation: { distance: 2 + i * 2, cover: ([0, 25, 50, 75] as const)[i % 4] } },
));
const counters = { available: 6, reserved: 0, hadTurn: true, passed: false };

function dialog(declaration = defaultDeclaration(ada, rifle, "publicroll"), list = targets) {
  const preview = attackPreview({ actor: ada, item: rifle, declaration, targets: list, counters });
  return buildAttackDialogContext({
    actorName: "Ada", itemName: "Assault Rifle", declaration, targets: list, preview,
    choices: { modes: ["single", "autofire", "strafe", "spray"], damageTypes: ["ballistic"], skills: [] }, foci: [],
    powerAttack: false, counters, viewer: { isGM: false, hiddenInfo: "percentages" },
  });
}

describe("attack dialog", () => {
  bench("10 targets: odds, expected damage, cost and context (single shots, head)", () => {
    dialog({ ...defaultDeclaration(ada, rifle, "publicroll"), calledShot: "head" });
  });
  bench("10 targets: autofire (one pool for all)", () => {
    dialog({ ...defaultDeclaration(ada, rifle, "publicroll"), mode: "autofire" });
  });
});
