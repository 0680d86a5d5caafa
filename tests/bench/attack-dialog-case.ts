/**
 * The attack dialog's benchmark case (issue 10), shared by tests/bench/attack.bench.ts and the
 * casting dialog's bench that compares with it in the same run: Ada's assault rifle against 10
 * targets of varied species, armor, grit, shields, defenses, distances and cover.
 */
import { attackPreview } from "../../src/combat/attack/preview";
import { buildAttackDialogContext } from "../../src/combat/attack/dialog-context";
import { defaultDeclaration } from "../../src/combat/attack/source";
import { creature, targetInfo, weapon } from "../combat/attack/fixtures";

export const ada = creature("Ada", { ranks: { accuracy: 6, strength: 7 }, body: 9 });
export const rifle = weapon("Assault Rifle", { category: "ranged", group: "rifle", damage: { dice: 10, types: ["ballistic"] }, rangeIncrement: 8, properties: [{ key: "autofire", damageType: "" }, { key: "armorPiercing", damageType: "" }] });
export const targets = Array.from({ length: 10 }, (_, i) => targetInfo(
  creature(`T${i}`, { species: 2 + (i % 4), armor: i % 7, grit: 5 + (i % 3), shield: i % 2 === 1, defense: { base: 1 + (i % 5), dodge: 1 + (i % 4), block: i % 2 ? 3 : 0 } }),
  { key: `t${i}`, observable: i % 2 === 0, situation: { distance: 2 + i * 2, cover: ([0, 25, 50, 75] as const)[i % 4] } },
));
const counters = { available: 6, reserved: 0, hadTurn: true, passed: false };

/** The dialog's whole work for one change: odds, expected damage, cost and context. */
export function attackDialog(declaration = defaultDeclaration(ada, rifle, "publicroll"), list = targets) {
  const preview = attackPreview({ actor: ada, item: rifle, declaration, targets: list, counters });
  return buildAttackDialogContext({
    actorName: "Ada", itemName: "Assault Rifle", declaration, targets: list, preview,
    choices: { modes: ["single", "autofire", "strafe", "spray"], damageTypes: ["ballistic"], skills: [] }, foci: [],
    powerAttack: false, counters, viewer: { isGM: false, hiddenInfo: "percentages" },
  });
}
