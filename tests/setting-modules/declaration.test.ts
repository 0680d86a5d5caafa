import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { validateDeclaration, formatPath, type ExistingLists } from "../../src/setting-modules/declaration";

const EN = JSON.parse(readFileSync(new URL("../../lang/en.json", import.meta.url), "utf8")) as Record<string, unknown>;
const lookup = (key: string): unknown => key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], EN);

const existing: ExistingLists = {
  skills: ["accuracy", "melee", "arcana"],
  foci: { accuracy: ["longGuns"] },
  weaponGroups: ["swords", "bows"],
  weaponProperties: ["reach"],
  damageTypes: ["blunt", "lethal", "nonLethal", "piercing", "slashing", "explosive"],
  damageAbbreviations: ["B", "L", "N", "P", "S", "X"],
  conditions: ["prone", "stunned", "charmed"],
  rulesConditions: ["prone", "stunned"],
  speciesAbilityKinds: ["unarmed"],
};
const context = { moduleId: "frostlands", existing };

const good = {
  version: 1,
  foci: { melee: { iceAxes: { label: { en: "Ice axes", de: "Eisäxte" } } } },
  weaponGroups: { iceLances: { label: "FROST.Lances", kind: "melee", hint: { en: "Long and cold" } } },
  weaponProperties: { brittle: { label: { en: "Brittle" } } },
  damageTypes: { frost: { label: { en: "Frost" }, abbreviation: "F" } },
  conditions: { chilled: { label: { en: "Chilled" }, description: { en: "Slowed by the cold." }, rulesAs: "stunned" } },
  currency: { label: { en: "Shards" }, abbreviation: { en: "sh" } },
  speciesAbilityKinds: { coldBlood: { label: { en: "Cold blood" } } },
};

describe("validateDeclaration", () => {
  it("keeps every entry of a good declaration and reports nothing", () => {
    const { declaration, problems } = validateDeclaration(good, context);
    expect(problems).toEqual([]);
    expect(declaration).toEqual(good);
  });

  it("reports a declaration that is not an object, or of another version, and keeps nothing", () => {
    for (const raw of [null, [], "x", 3]) {
      const result = validateDeclaration(raw, context);
      expect(result.declaration).toEqual({ version: 1 });
      expect(result.problems).toEqual([expect.objectContaining({ path: [], key: "CLOCKWORK.SettingModules.Problem.NotAnObject" })]);
    }
    const wrong = validateDeclaration({ ...good, version: 2 }, context);
    expect(wrong.declaration).toEqual({ version: 1 });
    expect(wrong.problems).toEqual([expect.objectContaining({ path: ["version"], key: "CLOCKWORK.SettingModules.Problem.Version", data: { found: "2", expected: 1 } })]);
    expect(validateDeclaration({ foci: {} }, context).problems[0].path).toEqual(["version"]);
  });

  /** Each bad entry: its declaration, the path and key of its problem, and what must still load. */
  const bad: [string, object, (string | number)[], string][] = [
    ["an unknown list", { spells: {} }, ["spells"], "UnknownList"],
    ["a list that is not an object", { weaponGroups: [] }, ["weaponGroups"], "NotAnObject"],
    ["an entry that is not an object", { weaponProperties: { sharp: "Sharp" } }, ["weaponProperties", "sharp"], "NotAnObject"],
    ["a bad key", { weaponProperties: { "Ice-Pick": { label: { en: "Ice pick" } } } }, ["weaponProperties", "Ice-Pick"], "BadKey"],
    ["a clash with the system", { weaponGroups: { swords: { label: { en: "Swords" }, kind: "melee" } } }, ["weaponGroups", "swords"], "Clash"],
    ["a clash with an existing focus", { foci: { accuracy: { longGuns: { label: { en: "Guns" } } } } }, ["foci", "accuracy", "longGuns"], "Clash"],
    ["a missing label", { weaponProperties: { sharp: {} } }, ["weaponProperties", "sharp", "label"], "LabelMissing"],
    ["a label of the wrong type", { weaponProperties: { sharp: { label: 3 } } }, ["weaponProperties", "sharp", "label"], "LabelInvalid"],
    ["a label without English", { weaponProperties: { sharp: { label: { de: "Scharf" } } } }, ["weaponProperties", "sharp", "label"], "LabelEnglish"],
    ["a label with a bad language", { weaponProperties: { sharp: { label: { en: "Sharp", "Deutsch!": "Scharf" } } } }, ["weaponProperties", "sharp", "label", "Deutsch!"], "LabelLanguage"],
    ["an empty text", { weaponProperties: { sharp: { label: { en: " " } } } }, ["weaponProperties", "sharp", "label", "en"], "LabelInvalid"],
    ["a bad hint", { weaponProperties: { sharp: { label: { en: "Sharp" }, hint: [] } } }, ["weaponProperties", "sharp", "hint"], "LabelInvalid"],
    ["an unknown skill", { foci: { cooking: { soups: { label: { en: "Soups" } } } } }, ["foci", "cooking"], "UnknownSkill"],
    ["a bad weapon group kind", { weaponGroups: { whips: { label: { en: "Whips" }, kind: "flexible" } } }, ["weaponGroups", "whips", "kind"], "BadKind"],
    ["a bad abbreviation", { damageTypes: { acid: { label: { en: "Acid" }, abbreviation: "acid!" } } }, ["damageTypes", "acid", "abbreviation"], "BadAbbreviation"],
    ["an abbreviation already used", { damageTypes: { acid: { label: { en: "Acid" }, abbreviation: "B" } } }, ["damageTypes", "acid", "abbreviation"], "BadAbbreviation"],
    ["a missing abbreviation", { damageTypes: { acid: { label: { en: "Acid" } } } }, ["damageTypes", "acid", "abbreviation"], "BadAbbreviation"],
    ["an unknown rulesAs", { conditions: { dazed: { label: { en: "Dazed" }, description: { en: "…" }, rulesAs: "sleepy" } } }, ["conditions", "dazed", "rulesAs"], "UnknownRulesAs"],
    ["a rulesAs naming a spell state", { conditions: { dazed: { label: { en: "Dazed" }, description: { en: "…" }, rulesAs: "charmed" } } }, ["conditions", "dazed", "rulesAs"], "UnknownRulesAs"],
    ["a condition without rules text", { conditions: { dazed: { label: { en: "Dazed" } } } }, ["conditions", "dazed", "description"], "DescriptionMissing"],
    ["an unknown field", { weaponProperties: { sharp: { label: { en: "Sharp" }, colour: "red" } } }, ["weaponProperties", "sharp", "colour"], "UnknownField"],
    ["a currency without abbreviation", { currency: { label: { en: "Shards" } } }, ["currency", "abbreviation"], "AbbreviationMissing"],
    ["a currency that is not an object", { currency: "Shards" }, ["currency"], "NotAnObject"],
  ];

  it.each(bad)("reports %s with its path and skips that entry only", (_name, part, path, key) => {
    const { declaration, problems } = validateDeclaration({ ...good, ...part }, context);
    expect(problems).toContainEqual(expect.objectContaining({ path, key: `CLOCKWORK.SettingModules.Problem.${key}` }));
    expect(problems.every((p) => !p.warning)).toBe(true);
    // The bad entry is gone, the entries of the other lists are all kept.
    const named = Object.keys(part)[0] as keyof typeof good;
    for (const list of Object.keys(good) as (keyof typeof good)[]) {
      if (list !== named && list !== "version") expect(declaration[list], list).toEqual(good[list]);
    }
    if (path.length >= 2 && named !== "currency") expect((declaration as unknown as Record<string, Record<string, unknown> | undefined>)[path[0]]?.[path[1]]).toBeUndefined();
    if (named === "currency") expect(declaration.currency).toBeUndefined();
  });

  it("keeps the good entries of a list beside a bad one", () => {
    const { declaration, problems } = validateDeclaration({
      version: 1,
      weaponGroups: { whips: { label: { en: "Whips" }, kind: "flexible" }, chains: { label: { en: "Chains" }, kind: "melee" } },
    }, context);
    expect(problems.map((p) => formatPath(p.path))).toEqual(["weaponGroups.whips.kind"]);
    expect(declaration.weaponGroups).toEqual({ chains: { label: { en: "Chains" }, kind: "melee" } });
  });

  it("refuses two new damage types with one abbreviation (the second is reported)", () => {
    const { declaration, problems } = validateDeclaration({
      version: 1,
      damageTypes: { frost: { label: { en: "Frost" }, abbreviation: "F" }, fire: { label: { en: "Fire" }, abbreviation: "F" } },
    }, context);
    expect(Object.keys(declaration.damageTypes!)).toEqual(["frost"]);
    expect(problems.map((p) => formatPath(p.path))).toEqual(["damageTypes.fire.abbreviation"]);
  });

  it("keeps a currency renamed again, with a warning naming the earlier module", () => {
    const { declaration, problems } = validateDeclaration(good, { ...context, existing: { ...existing, currencyFrom: "dustlands" } });
    expect(declaration.currency).toEqual(good.currency);
    expect(problems).toEqual([{ path: ["currency"], key: "CLOCKWORK.SettingModules.Problem.CurrencyReplaced", data: { other: "dustlands" }, warning: true }]);
  });

  it("has an English message for every problem, with every placeholder filled", () => {
    const samples = [...bad.map(([, part]) => ({ ...good, ...part })), null, { version: 3 }];
    for (const raw of samples) {
      for (const problem of validateDeclaration(raw, context).problems) {
        const text = lookup(problem.key);
        expect(typeof text, problem.key).toBe("string");
        const placeholders = [...(text as string).matchAll(/{(\w+)}/g)].map((m) => m[1]);
        for (const name of placeholders) expect(problem.data, `${problem.key} {${name}}`).toHaveProperty(name);
      }
    }
  });

  it("never throws, and keeps only well-formed new keys, whatever it is given", () => {
    const anyJson = fc.jsonValue();
    const declarationLike = fc.record({
      version: fc.oneof(fc.constant(1), anyJson),
      weaponGroups: fc.dictionary(fc.string(), fc.record({ label: anyJson, kind: fc.oneof(fc.constantFrom("melee", "ranged", "other"), anyJson) }, { requiredKeys: [] })),
      damageTypes: fc.dictionary(fc.string(), fc.record({ label: anyJson, abbreviation: fc.oneof(fc.constantFrom("F", "B", "Ac"), anyJson) }, { requiredKeys: [] })),
      foci: fc.dictionary(fc.constantFrom("melee", "cooking"), fc.dictionary(fc.string(), fc.record({ label: anyJson }))),
    }, { requiredKeys: [] });
    fc.assert(fc.property(fc.oneof(anyJson, declarationLike), (raw) => {
      const { declaration } = validateDeclaration(raw, context);
      for (const list of ["weaponGroups", "damageTypes", "weaponProperties", "conditions", "speciesAbilityKinds"] as const) {
        for (const key of Object.keys(declaration[list] ?? {})) {
          expect(key).toMatch(/^[a-z][a-zA-Z0-9]*$/);
          expect((existing as unknown as Record<string, string[]>)[list]).not.toContain(key);
        }
      }
      const abbreviations = Object.values(declaration.damageTypes ?? {}).map((d) => d.abbreviation);
      expect(new Set([...abbreviations, ...existing.damageAbbreviations]).size).toBe(abbreviations.length + existing.damageAbbreviations.length);
    }), { numRuns: 300 });
  });
});
