/**
 * The pure pieces of the sheet wiring: which parts a render draws and which are left stale,
 * and the update a link drop or remove makes.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { compendiumAddress, linkUpdate } from "../../../src/applications/sheets/links";
import { isDocumentRender, StaleParts, tabbedSheetParts } from "../../../src/applications/sheets/render-parts";

const PARTS = ["header", "tabs", "main", "equipment", "magic", "features", "biography"];
const TABS = ["main", "equipment", "magic", "features", "biography"];

describe("render parts", () => {
  it("a document render is a re-render with a render context and no parts asked for", () => {
    expect(isDocumentRender({ renderContext: "updateActor" })).toBe(true);
    expect(isDocumentRender({ renderContext: "createItem", isFirstRender: false })).toBe(true);
    expect(isDocumentRender({ renderContext: "updateActor", isFirstRender: true })).toBe(false);
    expect(isDocumentRender({ renderContext: "updateActor", parts: ["main"] })).toBe(false);
    expect(isDocumentRender({})).toBe(false);
  });

  it("draws the header and the active tab; an unknown tab falls back to the first", () => {
    expect(tabbedSheetParts(["header"], TABS, "magic")).toEqual(["header", "magic"]);
    expect(tabbedSheetParts(["header"], TABS, null)).toEqual(["header", "main"]);
    expect(tabbedSheetParts(["header"], TABS, "nonsense")).toEqual(["header", "main"]);
  });

  it("a document render leaves what it skipped stale; drawing a tab clears only that tab", () => {
    const stale = new StaleParts(PARTS);
    stale.rendered(undefined, false);
    expect(stale.size).toBe(0);
    stale.rendered(["header", "main"], true);
    expect(PARTS.filter((p) => stale.has(p))).toEqual(["tabs", "equipment", "magic", "features", "biography"]);
    stale.rendered(["equipment"], false);
    expect(PARTS.filter((p) => stale.has(p))).toEqual(["tabs", "magic", "features", "biography"]);
    stale.rendered(undefined, false);
    expect(stale.size).toBe(0);
  });

  it("a part is stale exactly when a later document render skipped it and nothing drew it since", () => {
    const render = fc.record({ parts: fc.option(fc.subarray(PARTS), { nil: undefined }), documentChange: fc.boolean() });
    fc.assert(fc.property(fc.array(render, { maxLength: 12 }), (renders) => {
      const stale = new StaleParts(PARTS);
      for (const r of renders) stale.rendered(r.parts, r.documentChange);
      for (const part of PARTS) {
        const lastDraw = renders.findLastIndex((r) => !r.parts || r.parts.includes(part));
        const skippedAfter = renders.some((r, i) => i > lastDraw && r.documentChange && r.parts && !r.parts.includes(part));
        expect(stale.has(part)).toBe(skippedAfter);
      }
    }));
  });
});

describe("link updates", () => {
  const A = "Compendium.clockwork.foci.Item.aaaaaaaaaaaaaaaa";
  const B = "Compendium.clockwork.foci.Item.bbbbbbbbbbbbbbbb";

  it("reads a compendium address", () => {
    expect(compendiumAddress(A)).toEqual({ pack: "clockwork.foci", id: "aaaaaaaaaaaaaaaa" });
    expect(compendiumAddress("Item.aaaaaaaaaaaaaaaa")).toBeNull();
    expect(compendiumAddress(`${A}.ActiveEffect.x`)).toBeNull();
  });

  it("sets, replaces and clears a single link; no update when nothing changes", () => {
    expect(linkUpdate({ system: { castsSpell: "" } }, "system.castsSpell", A, "set")).toEqual({ "system.castsSpell": A });
    expect(linkUpdate({ system: { castsSpell: A } }, "system.castsSpell", B, "set")).toEqual({ "system.castsSpell": B });
    expect(linkUpdate({ system: { castsSpell: A } }, "system.castsSpell", A, "set")).toBeNull();
    expect(linkUpdate({ system: { castsSpell: A } }, "system.castsSpell", A, "remove")).toEqual({ "system.castsSpell": "" });
    expect(linkUpdate({ system: { castsSpell: A } }, "system.castsSpell", B, "remove")).toBeNull();
  });

  it("a field inside rows writes the whole top-level array, other rows untouched", () => {
    const source = { system: { grants: [{ kind: "focus", choose: 1, options: [A] }, { kind: "spell", choose: 2, options: [] }] } };
    const update = linkUpdate(source, "system.grants.0.options", B, "add");
    expect(update).toEqual({ "system.grants": [{ kind: "focus", choose: 1, options: [A, B] }, { kind: "spell", choose: 2, options: [] }] });
    // The source is not changed in place.
    expect(source.system.grants[0].options).toEqual([A]);
    expect(linkUpdate(source, "system.grants.0.options", A, "add")).toBeNull();
    expect(linkUpdate(source, "system.grants.0.options", A, "remove")).toEqual({
      "system.grants": [{ kind: "focus", choose: 1, options: [] }, { kind: "spell", choose: 2, options: [] }],
    });
  });

  it("adding then removing a UUID gives back the list it started from", () => {
    const uuid = fc.stringMatching(/^[a-zA-Z0-9]{16}$/).map((id) => `Compendium.clockwork.foci.Item.${id}`);
    fc.assert(fc.property(fc.uniqueArray(uuid, { maxLength: 6 }), uuid, (list, extra) => {
      fc.pre(!list.includes(extra));
      const source = { system: { list } };
      const added = linkUpdate(source, "system.list", extra, "add") as { "system.list": string[] };
      expect(added["system.list"]).toEqual([...list, extra]);
      const removed = linkUpdate({ system: { list: added["system.list"] } }, "system.list", extra, "remove") as { "system.list": string[] };
      expect(removed["system.list"]).toEqual(list);
    }));
  });
});
