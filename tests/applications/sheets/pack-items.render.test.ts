/**
 * Every item in the compendium sources opens in its item sheet: the real context builder and
 * templates, no missing localization key, and every input named after a field the item
 * really has (the sources are validated against the data models by the pack tests).
 */
import { describe, expect, it } from "vitest";
import { buildItemContext } from "../../../src/applications/context/item";
import type { ItemLike } from "../../../src/applications/context/source-types";
import { items } from "../../packs/load-sources";
import { createRenderer } from "../render-harness";
import { renderItemSheet } from "./sheets";

const renderer = createRenderer();
const sources = items().filter((doc) => doc.type && doc.system) as unknown as ItemLike[];

/** The form name of a field points at a property of the stored item (checkbox boxes at their array). */
function resolves(source: ItemLike, name: string): boolean {
  if (name === "name") return true;
  const parts = name.split(".");
  let node: unknown = source;
  for (const [i, part] of parts.entries()) {
    if (Array.isArray(node) && i === parts.length - 1) return true;
    if (node === null || typeof node !== "object" || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

describe("compendium items in their sheets", () => {
  it("has compendium items to check", () => {
    expect(sources.length).toBeGreaterThan(100);
  });

  it.each(["species", "focus", "feature", "spell", "weapon", "armor", "shield", "equipment", "artifact", "enchantment"])(
    "every %s renders and names only real fields",
    (type) => {
      const ofType = sources.filter((s) => s.type === type);
      expect(ofType.length, `no ${type} in the packs`).toBeGreaterThan(0);
      for (const source of ofType) {
        const context = buildItemContext(source, { editable: true });
        const html = renderItemSheet(renderer, context);
        const names = [...html.matchAll(/name="([^"]+)"/g)].map((m) => m[1]);
        const unknown = names.filter((n) => !resolves(source, n));
        expect(unknown, `${source.name}: inputs for fields the item lacks`).toEqual([]);
      }
      expect([...renderer.missingKeys], "missing localization keys").toEqual([]);
      expect([...renderer.missingArgs]).toEqual([]);
    },
  );
});
