import { describe, expect, it } from "vitest";
import { fieldLabel, multiField, numberField, selectField } from "../../../src/applications/context/fields";

const scope = { idPrefix: "cw-item-abc", disabled: false };

describe("field views", () => {
  it("names each field's label after the data model's key, with array rows as `element`", () => {
    expect(fieldLabel("system.damage.dice")).toBe("CLOCKWORK.Field.damage.dice.label");
    expect(fieldLabel("system.properties.3.key")).toBe("CLOCKWORK.Field.properties.element.key.label");
  });

  it("gives ids unique per document and safe for HTML", () => {
    expect(numberField(scope, "system.skills.will.rank", "L", 9).id).toBe("cw-item-abc-system-skills-will-rank");
  });

  it("keeps a nullable number empty and a plain one at its minimum when unset", () => {
    expect(numberField(scope, "system.counters", "L", null, { nullable: true }).value).toBeNull();
    expect(numberField(scope, "system.level", "L", undefined, { min: 1 }).value).toBe(1);
  });

  it("keeps a stored value that the choice list no longer has, so saving cannot drop it", () => {
    const field = selectField(scope, "system.school", "L", "cold", ["fire", "water"], (v) => `K.${v}`, "K.none");
    expect(field.options.map((o) => [o.value, o.selected])).toEqual([["", false], ["fire", false], ["water", false], ["cold", true]]);
    expect(field.options[3].text).toBe("cold");
    expect(field.options[3]).toMatchObject({ unknown: true, label: "K.cold" });
  });

  it("marks a checked value the list no longer has as unknown, named by the labeler, and keeps it checked", () => {
    const field = multiField(scope, "system.damage.types", "L", ["frost"], ["blunt"], (v) => (v === "blunt" ? "K.blunt" : `Unknown (${v})`));
    expect(field.options[1]).toMatchObject({ value: "frost", label: "Unknown (frost)", unknown: true, checked: true });
    expect(field.chosen).toEqual([{ value: "frost", label: "Unknown (frost)", text: "frost", unknown: true, selected: true }]);
  });

  it("names each checkbox of a group after the array and its value", () => {
    const field = multiField(scope, "system.damage.types", "L", ["energy"], ["blunt", "energy"], (v) => `K.${v}`);
    expect(field.options.map((o) => [o.boxName, o.checked])).toEqual([["system.damage.types.blunt", false], ["system.damage.types.energy", true]]);
  });
});
