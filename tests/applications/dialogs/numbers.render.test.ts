/**
 * Issue 20: numbers in the roll and attack dialogs say what they are on the element itself. The
 * attack dialog read "0 sp." beside a target; the roll dialog's difficulties read "Hard (4)".
 * The real templates, lang/en.json and context builders.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createRenderer } from "../render-harness";
import { ATTACK_DIALOG_PARTS } from "../../../src/combat/attack/dialog-parts";
import { buildAttackDialogContext } from "../../../src/combat/attack/dialog-context";
import { attackPreview } from "../../../src/combat/attack/preview";
import { defaultDeclaration } from "../../../src/combat/attack/source";
import { buildRollDialogContext } from "../../../src/dice/context/roll-dialog";
import { ROLL_DIALOG_PARTS } from "../../../src/dice/templates";
import { creature, targetInfo, weapon } from "../../combat/attack/fixtures";
import { request } from "../../dice/requests";

const renderer = createRenderer();

function lookup(key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), renderer.translations);
}

beforeAll(() => {
  // The context builders localize through game.i18n, as in Foundry.
  const i18n = {
    localize: (key: string) => (typeof lookup(key) === "string" ? lookup(key) as string : key),
    format: (key: string, data: Record<string, unknown> = {}) => i18n.localize(key).replace(/\{(\w+)\}/g, (w, a: string) => (a in data ? String(data[a]) : w)),
  };
  (globalThis as unknown as { game: object }).game = { i18n };
});

const render = (parts: Record<string, string>, context: object) => Object.values(parts).map((t) => renderer.render(t, context)).join("\n");

describe("numbers in the dialogs", () => {
  it("the attack dialog names each target's distance in words, 0 included", () => {
    const ada = creature("Ada", { ranks: { strength: 7 } });
    const axe = weapon("Axe", { category: "melee", group: "axe", damage: { dice: 6, types: ["slashing"] } });
    const targets = [
      targetInfo(creature("Grusha"), { observable: true, situation: { distance: 0 } }),
      targetInfo(creature("Bram"), { key: "b", observable: true, situation: { distance: 1 } }),
    ];
    const declaration = defaultDeclaration(ada, axe, "publicroll");
    const html = render(ATTACK_DIALOG_PARTS, buildAttackDialogContext({
      actorName: "Ada", itemName: "Axe", declaration, targets,
      preview: attackPreview({ actor: ada, item: axe, declaration, targets, counters: { available: 6, reserved: 0, hadTurn: true, passed: false } }),
      choices: { modes: [], damageTypes: ["slashing"], skills: [] }, foci: [],
      powerAttack: false, counters: { available: 6, reserved: 0 }, viewer: { isGM: true, hiddenInfo: "everything" },
    }));
    const distances = [...html.matchAll(/<span class="cw-attack-row__distance">([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(distances).toEqual(["Distance in spaces: 0", "Distance in spaces: 1"]);
    expect(html).not.toMatch(/\d sp\./);
    expect([...renderer.missingKeys]).toEqual([]);
  });

  it("the roll dialog's difficulties say that their number is the gains needed", () => {
    const html = render(ROLL_DIALOG_PARTS, buildRollDialogContext({ request: request({ difficulty: "hard" }), oddsVisibility: "all", isGM: false, idPrefix: "n" }));
    expect(html).toContain('<option value="hard" selected>Hard (gains needed: 4)</option>');
    expect(html).toContain("Simple (gains needed: 1)</option>");
    expect(html).not.toMatch(/<option[^>]*>[^<]*\(\d+\)<\/option>/);
    expect([...renderer.missingKeys]).toEqual([]);
  });
});
