/** ClockworkItem in the test world. */
import { createWorld } from "../world";
import { beforeAll, describe, expect, it } from "vitest";
import { slugify, type ClockworkItem } from "../../src/documents/item";

beforeAll(async () => {
  await createWorld({ packs: false, users: [{ name: "Gamemaster", role: "gm" }] });
});

const newItem = (data: object) => new (CONFIG.Item.documentClass as unknown as new (d: object) => ClockworkItem)(data);

describe("identifier", () => {
  it("uses the stored identifier, else a slug of the name", () => {
    expect(newItem({ name: "Improved Critical", type: "feature", system: { identifier: "improved-critical-rifle" } }).identifier).toBe("improved-critical-rifle");
    expect(newItem({ name: "Improved Critical", type: "feature" }).identifier).toBe("improved-critical");
  });

  it("slugs accents, punctuation and spacing", () => {
    expect(slugify("  Health Potion, Major ")).toBe("health-potion-major");
    expect(slugify("Fête Étoilée")).toBe("fete-etoilee");
  });
});

describe("creation", () => {
  it("creates a world item of every type with valid defaults", async () => {
    const cls = CONFIG.Item.documentClass as unknown as { create(data: object): Promise<ClockworkItem | undefined> };
    const created = await cls.create({ name: "Longsword", type: "weapon", system: { hands: "two", damage: { dice: 11, types: ["slashing", "piercing"] } } });
    expect(created?.system).toMatchObject({ hands: "two", counters: 2, container: "backpack" });
    expect(game.items?.get(created?.id as string)).toBe(created);
  });
});
