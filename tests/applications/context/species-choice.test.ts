import { describe, expect, it } from "vitest";
import { resolveSpeciesPicks, type SpeciesRules } from "../../../src/documents/species-picks";
import {
  buildSpeciesChoiceContext, defaultSpeciesChoice, parseSpeciesForm, resistanceOptions, toSpeciesPicks,
} from "../../../src/applications/context/species-choice";
import { CHANGELINGS, DJINN, DWARVES, HUMANS, MYCORREANS } from "../../fixtures/sheets/items";

const problems = (species: typeof DWARVES, form: Record<string, unknown>) =>
  resolveSpeciesPicks(species.system as unknown as SpeciesRules, toSpeciesPicks(parseSpeciesForm(species, form))).problems.map((p) => p.key);

describe("species choice dialog", () => {
  it("offers Humans every skill and every resistance type; Changelings all but B and X", () => {
    const context = buildSpeciesChoiceContext(HUMANS, defaultSpeciesChoice(HUMANS), {});
    expect(context.skills.options).toHaveLength(16);
    expect(context.resistance?.options.filter((o) => o.value).length).toBe(6);
    expect(resistanceOptions(CHANGELINGS)).toEqual(["blunt", "energy", "piercing", "slashing"]);
    expect(buildSpeciesChoiceContext(DWARVES, defaultSpeciesChoice(DWARVES), {}).resistance).toBeNull();
  });

  it("suggests a valid choice where the species leaves no open question", () => {
    expect(problems(DWARVES, { "bonusSkills.creativity": true, "bonusSkills.strength": true })).toEqual([]);
    const suggestion = defaultSpeciesChoice(MYCORREANS);
    expect(suggestion.size).toBe("medium");
  });

  it("reads the form back into the actor's pick format, UUIDs with dots included", () => {
    const uuid = DJINN.system.grants![0].options![1];
    const choice = parseSpeciesForm(DJINN, {
      "bonusSkills.agility": true, "bonusSkills.elemental": true, "bonusSkills.charisma": false,
      [`grants.0|${uuid}`]: true, [`grants.1|${DJINN.system.grants![1].options![0]}`]: true, resistance: "",
    });
    expect(choice.bonusSkills).toEqual(["agility", "elemental"]);
    expect(choice.grants[0]).toEqual([uuid]);
    expect(toSpeciesPicks(choice).grants).toHaveLength(2);
  });

  it("lets the actor's own check refuse what the dialog must ask again", () => {
    expect(problems(HUMANS, { "bonusSkills.will": true })).toEqual(expect.arrayContaining([
      "CLOCKWORK.Error.Species.PickCount", "CLOCKWORK.Error.Species.ResistanceChoice",
    ]));
    expect(problems(DJINN, { "bonusSkills.agility": true, "bonusSkills.elemental": true })).toContain("CLOCKWORK.Error.Species.GrantCount");
  });

  it("names grant options by the names it was given and marks the ones that did not load", () => {
    const [first, second, third] = DJINN.system.grants![0].options!;
    const context = buildSpeciesChoiceContext(DJINN, defaultSpeciesChoice(DJINN), {
      [first]: "Icicle", [second]: { name: "Fire Bolt", resolved: false }, [third]: third,
    });
    expect(context.grants[0].options.map((o) => o.text).slice(0, 3)).toEqual(["Icicle", "Fire Bolt", "shock00000000001"]);
    expect(context.grants[0].unresolved).toEqual(["Fire Bolt", "shock00000000001", "shard00000000001"]);
    expect(context.grants[0].choose).toBe(1);
    expect(context.grants.map((g) => g.titleLabel)).toEqual(["CLOCKWORK.Dialog.Species.GrantTitle.spell", "CLOCKWORK.Dialog.Species.GrantTitle.focus"]);
  });
});
