// @vitest-environment happy-dom
/**
 * Sheet writes Foundry refuses. In v13 a refused write does not throw: core notifies, skips the
 * document and resolves `undefined`. The sheets read that result and redraw from the stored
 * data, whether the health track, an item's table rows or the equip buttons made the write.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../../world";
import { createSeededDomWorld } from "../../world/applications/dom-world";
import { ADA_ID, WEAPON_ID } from "../../world/browser/seed";

let world: World;
let gm: WorldClient;
let alice: WorldClient;

interface SheetLike { element: HTMLElement; rendered: boolean; render(options?: object): Promise<unknown> }
interface Doc {
  system: Record<string, unknown>;
  sheet: SheetLike;
  items: { get(id: string): Doc | undefined };
}

/** Waits for the writes the world tracks; renders and form submits are tracked too. */
const flush = () => world.settle();
const ada = (client: WorldClient) => (client.game.actors as unknown as { get(id: string): Doc }).get(ADA_ID);

async function open(client: WorldClient, doc: Doc, options: object = {}): Promise<SheetLike> {
  return world.as(client, async () => {
    await doc.sheet.render({ force: true, ...options });
    return doc.sheet;
  });
}

async function click(client: WorldClient, el: Element | null | undefined): Promise<void> {
  if (!el) throw new Error("nothing to click");
  await world.as(client, async () => {
    (el as HTMLElement).click();
    await flush();
  });
}

/** Counts renders of sheets of this class on the client. */
function renders(client: WorldClient, hook: string): { count: number } {
  const counter = { count: 0 };
  client.Hooks.on(hook, (() => { counter.count += 1; }) as never);
  return counter;
}

beforeEach(async () => {
  world = await createSeededDomWorld();
  gm = world.gm;
  alice = world.player("Alice");
});

describe("a refused write from a sheet", () => {
  it("health track: nothing stored, no error thrown, and the sheet redrawn from the stored track", async () => {
    const sheet = await open(alice, ada(alice));
    const before = structuredClone(ada(gm).system.health);
    const drawn = renders(alice, "renderClockworkCharacterSheet");
    alice.Hooks.on("preUpdateActor", (() => false) as never);
    await click(alice, sheet.element.querySelector("[data-action=toggleVital]"));
    await flush();
    expect(drawn.count).toBe(1);
    expect(ada(gm).system.health).toEqual(before);
    expect(alice.errors).toEqual([]);
  });

  it("health track: an accepted click is stored on every client", async () => {
    const sheet = await open(alice, ada(alice));
    const lost = (ada(gm).system.health as { vitalsLost: number }).vitalsLost;
    await click(alice, sheet.element.querySelector("[data-action=toggleVital]"));
    await flush();
    expect((ada(gm).system.health as { vitalsLost: number }).vitalsLost).not.toBe(lost);
    await flush();
    expect((ada(world.player("Bob")).system.health as { vitalsLost: number }).vitalsLost).not.toBe(lost);
  });

  it("a form field: the value the user typed is replaced by the stored one when a module vetoes the write", async () => {
    const sheet = await open(alice, ada(alice));
    const stored = String((ada(gm).system.luck as { value: number }).value);
    const drawn = renders(alice, "renderClockworkCharacterSheet");
    alice.Hooks.on("preUpdateActor", (() => false) as never);
    await world.as(alice, async () => {
      const input = sheet.element.querySelector<HTMLInputElement>("input[name='system.luck.value']")!;
      input.value = stored === "1" ? "2" : "1";
      input.dispatchEvent(new Event("change", { bubbles: true }));
      await flush();
    });
    // The refusal's redraw is the sync point.
    await flush();
    expect(drawn.count).toBe(1);
    expect(String((ada(gm).system.luck as { value: number }).value)).toBe(stored);
    expect(sheet.element.querySelector<HTMLInputElement>("input[name='system.luck.value']")!.value).toBe(stored);
    expect(alice.errors).toEqual([]);
  });

  it("item rows: nothing stored, no error thrown, and the item sheet redrawn", async () => {
    const weapon = ada(alice).items.get(WEAPON_ID)!;
    const sheet = await open(alice, weapon, { mode: "edit" });
    const add = sheet.element.querySelector("[data-action=addRow][data-path='system.properties']");
    expect(add).not.toBeNull();
    const before = structuredClone(ada(gm).items.get(WEAPON_ID)!.system.properties);
    const drawn = renders(alice, "renderClockworkItemSheet");
    alice.Hooks.on("preUpdateItem", (() => false) as never);
    await click(alice, add);
    await flush();
    expect(drawn.count).toBe(1);
    expect(ada(gm).items.get(WEAPON_ID)!.system.properties).toEqual(before);
    expect(alice.errors).toEqual([]);
  });
});
