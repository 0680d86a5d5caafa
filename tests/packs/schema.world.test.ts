/**
 * Shared harness, part 3: every compendium item validates against the data models the system
 * registers at `init`, booted in the test world.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createWorld, validateDocument } from "../world";
import { items, loadSources, manifest, type SourceDocument } from "./load-sources";

const itemFiles = loadSources().filter((f) => f.doc && f.doc._key.startsWith("!items!"));

beforeAll(async () => {
  await createWorld({ packs: false, users: [{ name: "Gamemaster", role: "gm" }] });
});

/** A source without the `_key` the CLI strips before Foundry sees it. */
function asFoundrySource(doc: SourceDocument): Record<string, unknown> {
  const { _key: _omit, ...rest } = doc;
  return rest;
}

describe("compendium items against the system's data models", () => {
  it("registers a data model for every item type in system.json", () => {
    const models = CONFIG.Item.dataModels as Record<string, unknown>;
    expect(Object.keys(manifest.documentTypes.Item).filter((type) => !models[type])).toEqual([]);
  });

  it("validates every item of every pack", () => {
    expect(itemFiles.length).toBe(items().length);
    const failures = itemFiles.flatMap(({ path, doc }) => {
      const result = validateDocument("Item", asFoundrySource(doc!));
      return Object.entries(result.errors).map(([field, message]) => `${path} ${field}: ${message}`);
    });
    expect(failures).toEqual([]);
  });

  it("keeps every system field of the sources (cleaning drops or rewrites nothing)", () => {
    const changed: string[] = [];
    for (const { path, doc } of itemFiles) {
      const item = new CONFIG.Item.documentClass(asFoundrySource(doc!) as never) as unknown as { system: { toObject(): Record<string, unknown> } };
      const cleaned = item.system.toObject();
      for (const [key, value] of Object.entries(doc!.system ?? {})) {
        if (JSON.stringify(cleaned[key]) !== JSON.stringify(value)) changed.push(`${path} system.${key}`);
      }
    }
    expect(changed).toEqual([]);
  });

  it("rejects a broken copy of a source, naming the field (the check has teeth)", () => {
    const fireball = itemFiles.find((f) => f.doc!.name === "Fireball")!.doc!;
    const broken = structuredClone(asFoundrySource(fireball)) as { system: Record<string, unknown> };
    broken.system.level = 5;
    broken.system.school = "pyromancy";
    const result = validateDocument("Item", broken);
    expect(result.valid).toBe(false);
    expect(Object.keys(result.errors).join(" ")).toMatch(/system\.level/);
    expect(Object.keys(result.errors).join(" ")).toMatch(/system\.school/);
  });
});
