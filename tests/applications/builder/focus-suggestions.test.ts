/**
 * A setting module's focus suggestions (issue 31, `CONFIG.CLOCKWORK.foci`) in the item sheet's
 * name field and the builder's foci step: per skill, none for a skill without any, gone with
 * the module, never doubled by a pack's focus of the same name, and turned into a focus item at
 * the review.
 */
import { describe, expect, it } from "vitest";
import { createClockworkConfig } from "../../../src/config";
import { mergeDeclaration } from "../../../src/setting-modules/load";
import { sheetChoices } from "../../../src/applications/context/choices";
import { buildItemContext } from "../../../src/applications/context/item";
import {
  isSuggestionId, parseSuggestionId, suggestedFocusEntries, suggestionId, suggestionSource,
} from "../../../src/applications/builder/focus-suggestions";
import { buildBuilderContext, EMPTY_VIEW } from "../../../src/applications/builder/builder-context";
import { catalogFrom } from "../../../src/applications/builder/catalog";
import { applyChanges } from "../../../src/applications/builder/draft";
import { actorDataFromBuild } from "../../../src/applications/builder/build-data";
import type { BrowserEntry } from "../../../src/applications/builder/browser-core";
import { frostDeclaration } from "../../setting-modules/fixture";
import { dwarfDraft, entry, sourceEntries, translator } from "./fixtures";

const G = "CLOCKWORK.SettingModules.Generated.frostmarch.foci";
/** The texts `registerSettingLabels` fills in at i18nInit, over lang/en.json for the rest. */
const TEXTS: Record<string, string> = {
  [`${G}.strength.iceAxes.label`]: "Ice axes",
  [`${G}.strength.iceAxes.hint`]: "Axes forged for the cold.",
  [`${G}.will.coldPatience.label`]: "Cold patience",
  [`${G}.will.coldPatience.hint`]: "Waits <out> the winter & the storm.",
};
const en = translator();
const t = (key: string, data?: Record<string, unknown>) => TEXTS[key] ?? en(key, data);

/** Frostmarch's declaration, plus a second suggestion (for Will) with markup in its hint. */
function withFrostmarch(extra = true) {
  const config = createClockworkConfig();
  const foci = extra
    ? { ...frostDeclaration.foci, will: { coldPatience: { label: { en: "Cold patience" }, hint: { en: "Waits <out> the winter & the storm." } } } }
    : frostDeclaration.foci;
  mergeDeclaration(config, "frostmarch", { ...frostDeclaration, foci } as never);
  return sheetChoices(config);
}
const withoutModule = () => sheetChoices(createClockworkConfig());

const focusItem = (skill: string) => ({ _id: "focus000000000001", name: "New Focus", type: "focus", img: "", system: { skill } });

describe("the choices' focus suggestions", () => {
  it("lists a module's suggestions under their skill, none for a skill without any, none without the module", () => {
    const choices = withFrostmarch();
    expect(choices.focusSuggestions.strength).toEqual([{ key: "iceAxes", label: `${G}.strength.iceAxes.label`, hint: `${G}.strength.iceAxes.hint`, module: "frostmarch" }]);
    expect(choices.focusSuggestions.agility).toBeUndefined();
    expect(withoutModule().focusSuggestions).toEqual({});
  });
});

describe("the focus item sheet's name", () => {
  it("offers the suggestions for the focus's skill, with their hints", () => {
    const context = buildItemContext(focusItem("strength") as never, { editable: true }, withFrostmarch());
    expect(context.nameSuggestions).toEqual({
      listId: "cw-item-focus000000000001-name-suggestions", skill: "CLOCKWORK.Skill.strength",
      options: [{ label: `${G}.strength.iceAxes.label`, hint: `${G}.strength.iceAxes.hint` }],
    });
  });

  it("offers nothing for a skill without suggestions, for another item type, or once the module is removed", () => {
    expect(buildItemContext(focusItem("agility") as never, { editable: true }, withFrostmarch()).nameSuggestions).toBeNull();
    expect(buildItemContext({ ...focusItem("strength"), type: "feature" } as never, { editable: true }, withFrostmarch()).nameSuggestions).toBeNull();
    expect(buildItemContext(focusItem("strength") as never, { editable: true }, withoutModule()).nameSuggestions).toBeNull();
  });
});

describe("suggested foci in the builder", () => {
  it("are catalog entries of their skill with an id no document has, named and described in the current language", () => {
    const [ice, patience] = suggestedFocusEntries(withFrostmarch(), [], t, (id) => (id === "frostmarch" ? "Frostmarch" : id));
    expect(ice).toEqual({
      uuid: "clockwork-suggestion:strength:iceAxes", name: "Ice axes", type: "focus",
      system: { identifier: "ice-axes", skill: "strength", description: "<p>Axes forged for the cold.</p>", suggestedBy: "Frostmarch", hint: "Axes forged for the cold." },
    });
    expect(patience.system).toMatchObject({ skill: "will", identifier: "cold-patience", description: "<p>Waits &lt;out&gt; the winter &amp; the storm.</p>" });
    expect(isSuggestionId(ice.uuid)).toBe(true);
    expect(isSuggestionId("Compendium.clockwork.foci.Item.abc")).toBe(false);
    expect(parseSuggestionId(suggestionId("will", "coldPatience"))).toEqual({ skill: "will", key: "coldPatience" });
    expect(parseSuggestionId("clockwork-suggestion:will")).toBeNull();
  });

  it("leave out a suggestion a pack already has as a focus of that skill, and are gone with the module", () => {
    const packIce = { uuid: "Compendium.frostmarch.frost-gear.Item.x", name: "Ice axes", type: "focus", system: { skill: "strength", identifier: "ice-axes" } };
    expect(suggestedFocusEntries(withFrostmarch(), [packIce], t).map((e) => e.name)).toEqual(["Cold patience"]);
    // The same name under another skill is another focus.
    expect(suggestedFocusEntries(withFrostmarch(), [{ ...packIce, system: { skill: "agility" } }], t).map((e) => e.name)).toEqual(["Ice axes", "Cold patience"]);
    expect(suggestedFocusEntries(withoutModule(), [], t)).toEqual([]);
    expect(suggestionSource("clockwork-suggestion:strength:iceAxes", withoutModule(), t)).toBeNull();
    // A forged id for a skill the system lacks, or a key no module declared, is nothing.
    expect(suggestionSource("clockwork-suggestion:sailing:iceAxes", withFrostmarch(), t)).toBeNull();
    expect(suggestionSource("clockwork-suggestion:strength:nothing", withFrostmarch(), t)).toBeNull();
  });

  it("show in the foci step under their skill with the module and hint, and become a focus item of that skill", () => {
    const choices = withFrostmarch(false);
    const entries = sourceEntries();
    const suggested = suggestedFocusEntries(choices, entries, t, () => "Frostmarch").map((e): BrowserEntry => ({ ...e, pack: "", packLabel: "" }));
    const catalog = catalogFrom([...entries, ...suggested]);
    // The Dwarf draft's foci, with Medicine swapped for the suggested Ice axes.
    const medicine = entry(entries, "focus", "Medicine");
    const { draft, refused } = applyChanges({ ...dwarfDraft(entries), step: "foci" }, [
      { kind: "focus", entry: medicine, on: false }, { kind: "focus", entry: suggested[0], on: true },
    ]);
    expect(refused).toEqual([]);
    const context = buildBuilderContext(draft, catalog, EMPTY_VIEW, choices, t);
    const strength = context.foci.groups!.find((g) => g.label === "Strength")!;
    const row = strength.foci.find((f) => f.name === "Ice axes")!;
    expect(row).toMatchObject({ uuid: "clockwork-suggestion:strength:iceAxes", checked: true, suggestedBy: "suggested by Frostmarch", hint: "Axes forged for the cold.", rules: "" });
    expect(strength.foci.filter((f) => f.suggestedBy)).toHaveLength(1);
    expect(context.foci.chosen).toBe(3);
    // No other skill gained a row.
    expect(context.foci.groups!.flatMap((g) => g.foci).filter((f) => f.suggestedBy).map((f) => f.name)).toEqual(["Ice axes"]);

    const byId = new Map(entries.map((e) => [e.uuid, { name: e.name, type: e.type, system: e.system }]));
    let n = 0;
    const write = actorDataFromBuild(draft.build, (id) => suggestionSource(id, choices, t) ?? byId.get(id), () => `item${++n}`);
    const foci = write.items.filter((i) => i.type === "focus");
    expect(foci.map((i) => i.name).sort()).toEqual(["Hammers", "Ice axes", "Juggernaut"]);
    expect(foci.find((i) => i.name === "Ice axes")!.system).toEqual({ identifier: "ice-axes", skill: "strength", description: "<p>Axes forged for the cold.</p>" });
  });
});
