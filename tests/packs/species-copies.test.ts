/**
 * The species items embedded in the pregenerated characters and the foes are copies of the
 * species pack's items: same name, image, system data and flags (the species attacks and movement
 * the combat layer reads from `flags.clockwork`, issue 10 item 11). A species item changed in the
 * species pack must be copied again into every actor that carries it.
 */
import { describe, expect, it } from "vitest";
import { loadSources, type PlainObject } from "./load-sources";

const sources = loadSources();
const speciesPack = new Map(sources.filter((s) => s.pack === "species" && s.doc).map((s) => [s.doc!.name, s.doc!]));
const copies = sources
  .filter((s) => (s.pack === "pregens" || s.pack === "foes") && s.doc)
  .flatMap((s) => ((s.doc!.items as PlainObject[] | undefined) ?? []).filter((i) => i.type === "species").map((item) => ({ path: s.path, item })));

const comparable = (doc: PlainObject) => ({ name: doc.name, type: doc.type, img: doc.img, system: doc.system, flags: doc.flags ?? {} });

describe("species copies in pregens and foes", () => {
  it("finds the copies (every pregen and most foes carry a species)", () => {
    expect(speciesPack.size).toBeGreaterThanOrEqual(20);
    expect(copies.length).toBeGreaterThanOrEqual(18);
  });

  for (const { path, item } of copies) {
    it(`${path}: ${String(item.name)} equals the species pack's item`, () => {
      const original = speciesPack.get(item.name as string);
      expect(original, `no species named ${String(item.name)}`).toBeDefined();
      expect(comparable(item)).toEqual(comparable(original!));
    });
  }
});
