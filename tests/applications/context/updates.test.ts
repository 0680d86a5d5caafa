import { describe, expect, it } from "vitest";
import { normalizeFormArrays, sortUpdates, SORT_STEP } from "../../../src/applications/context/updates";

describe("sortUpdates", () => {
  const siblings = [{ id: "a", sort: 100 }, { id: "b", sort: 200 }, { id: "c", sort: 300 }];
  const order = (updates: { _id: string; sort: number }[]) => {
    const sorts = new Map(siblings.map((s) => [s.id, s.sort]));
    for (const u of updates) sorts.set(u._id, u.sort);
    return [...sorts.entries()].sort((x, y) => x[1] - y[1]).map(([id]) => id);
  };

  it("moves an item before or after its drop target", () => {
    expect(order(sortUpdates(siblings, "c", "a"))).toEqual(["c", "a", "b"]);
    expect(order(sortUpdates(siblings, "a", "b", true))).toEqual(["b", "a", "c"]);
  });

  it("renumbers in even steps and writes only what changed", () => {
    const updates = sortUpdates([{ id: "a", sort: SORT_STEP }, { id: "b", sort: 2 * SORT_STEP }, { id: "c", sort: 3 * SORT_STEP }], "c", "b");
    expect(updates).toEqual([{ _id: "c", sort: 2 * SORT_STEP }, { _id: "b", sort: 3 * SORT_STEP }]);
  });

  it("does nothing for a drop on itself or on an unknown target", () => {
    expect(sortUpdates(siblings, "a", "a")).toEqual([]);
    expect(sortUpdates(siblings, "a", "zz")).toEqual([]);
  });
});

describe("normalizeFormArrays", () => {
  const source = {
    name: "Maul",
    system: {
      damage: { dice: 11, types: ["blunt"] },
      properties: [{ key: "stunning", damageType: "blunt" }],
      prerequisites: ["animal-companion"],
      grants: [{ kind: "focus", choose: 1, options: ["Compendium.a.b.Item.c"] }],
    },
  };

  it("turns a checkbox group back into the keys that are ticked", () => {
    const data = normalizeFormArrays({ system: { damage: { dice: 11, types: { blunt: true, piercing: true, energy: false } } } }, source);
    expect(data).toEqual({ system: { damage: { dice: 11, types: ["blunt", "piercing"] } } });
  });

  it("turns indexed rows back into an array in index order, lists inside rows included", () => {
    const data = normalizeFormArrays({
      system: {
        properties: { 1: { key: "reach", damageType: "" }, 0: { key: "stunning", damageType: "blunt" } },
        grants: { 0: { kind: "spell", choose: 2, options: "Compendium.x.y.Item.a, Compendium.x.y.Item.b" } },
      },
    }, source);
    expect(data.system).toEqual({
      properties: [{ key: "stunning", damageType: "blunt" }, { key: "reach", damageType: "" }],
      grants: [{ kind: "spell", choose: 2, options: ["Compendium.x.y.Item.a", "Compendium.x.y.Item.b"] }],
    });
  });

  it("splits a comma list typed into a text field and drops blanks", () => {
    expect(normalizeFormArrays({ system: { prerequisites: " animal-companion, ,dire-animal-companion" } }, source))
      .toEqual({ system: { prerequisites: ["animal-companion", "dire-animal-companion"] } });
  });

  it("leaves an emptied checkbox group empty and plain fields untouched", () => {
    expect(normalizeFormArrays({ name: "Hammer", system: { damage: { types: { blunt: false } } } }, source))
      .toEqual({ name: "Hammer", system: { damage: { types: [] } } });
  });
});
