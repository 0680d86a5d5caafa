/** The submit diff of the sheets: only what differs from the form as drawn, arrays whole. */
import { describe, expect, it } from "vitest";
import { changedValues, sameFormValue } from "../../../src/applications/sheets/form-edits";

describe("changedValues", () => {
  it("keeps only the fields whose value differs from the drawn one", () => {
    const drawn = { name: "Ada", system: { health: { wounds: 0, barrier: 1 }, luck: { value: 3 } } };
    const submitted = { name: "Ada L.", system: { health: { wounds: 0, barrier: 1 }, luck: { value: 3 } } };
    expect(changedValues(submitted, drawn)).toEqual({ name: "Ada L." });
  });

  it("sends an array whole when any element changed, and nothing when none did", () => {
    const drawn = { system: { damage: { types: ["ballistic", "blunt"] } } };
    expect(changedValues({ system: { damage: { types: ["ballistic"] } } }, drawn)).toEqual({ system: { damage: { types: ["ballistic"] } } });
    expect(changedValues({ system: { damage: { types: ["ballistic", "blunt"] } } }, drawn)).toEqual({});
  });

  it("keeps a field that was never drawn, and a value emptied to null", () => {
    expect(changedValues({ extra: 1, system: { mana: null } }, { system: { mana: 4 } })).toEqual({ extra: 1, system: { mana: null } });
  });
});

describe("sameFormValue", () => {
  it("compares numbers, strings, arrays and objects by value", () => {
    expect(sameFormValue(1, 1)).toBe(true);
    expect(sameFormValue(1, "1")).toBe(false);
    expect(sameFormValue([1, { a: 2 }], [1, { a: 2 }])).toBe(true);
    expect(sameFormValue({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameFormValue({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameFormValue(null, undefined)).toBe(false);
  });
});
