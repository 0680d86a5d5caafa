/** Every message and label key the dice layer names in code exists in lang/en.json. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { labelKey } from "../../src/dice/context/format";
import { DIFFICULTY_CHOICES, ODDS_VISIBILITY, ROLL_MODES } from "../../src/dice/types";
import { ROOT } from "../applications/render-harness";

const lang = JSON.parse(readFileSync(join(ROOT, "lang", "en.json"), "utf8")) as Record<string, unknown>;
const has = (key: string) => typeof key.split(".").reduce<unknown>((n, p) => (n as Record<string, unknown> | undefined)?.[p], lang) === "string";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts"))
    .map((e) => readFileSync(join(e.parentPath, e.name), "utf8"));
}

describe("dice layer localization", () => {
  it("has every literal key used in the code", () => {
    const code = sources(join(ROOT, "src", "dice")).join("\n");
    const keys = [...new Set([...code.matchAll(/"(CLOCKWORK\.[A-Za-z.]+[A-Za-z])"/g)].map((m) => m[1]))];
    expect(keys.length).toBeGreaterThan(20);
    expect(keys.filter((k) => !has(k))).toEqual([]);
  });

  it("has a label for every difficulty, roll mode, odds choice and pool part", () => {
    const built = [
      ...DIFFICULTY_CHOICES.map(labelKey.difficulty), ...ROLL_MODES.map(labelKey.rollMode),
      ...["attribute", "fixed", "bonusSkill", "focus", "situational", "vitals"].map(labelKey.part),
      ...ODDS_VISIBILITY.map((v) => `CLOCKWORK.Setting.OddsVisibility.${v}`),
      ...["double", "gain", "cancel", "none", "dropped", "fatal", "save"].map((m) => `CLOCKWORK.Chat.Die.${m}`),
    ];
    expect(built.filter((k) => !has(k))).toEqual([]);
  });
});
