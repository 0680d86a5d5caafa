// @vitest-environment happy-dom
/**
 * The GM's Undo of an alchemy item used on another player's creature (issue 34 item 3): the use
 * note shows "Undone by the GM" to everyone, a player's Apply of it is refused with that reason
 * (the GM's ledger decides, whatever the note's author did to the note), only a GM applies it
 * again. In a DOM (the note's buttons are drawn).
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, queueFaces, type World, type WorldClient } from "../world";
import { createDomWorld } from "../world/applications/dom-world";
import { BRAM, ILINDE, actorUuid, doc, seedArena, setCounters } from "./world-fixtures";

interface ActorView {
  system: { health: { hits: number } };
  items: { get(id: string): unknown };
  useAlchemy(item: unknown, options?: object): Promise<{ restored: number } | null>;
}
const actor = (client: WorldClient, id: string) => doc<ActorView>(client, actorUuid(id));
const ITEMS = { "Health Potion": "alchHealthPotio1" } as const;

/** Two Health Potions on Bram's belt. */
async function giveBram(world: World): Promise<void> {
  // The compendium's Health Potion (2d12 hits cleared), two of them.
  const system = { identifier: "health-potion", category: "alchemy", level: 3, thrown: false, area: { shape: "none", size: 0 }, restores: { resource: "hits", dice: 2 }, removesConditions: [], appliesConditions: [], castsSpell: "", quantity: 2, price: 0, container: "belt" };
  const items = [{ _id: ITEMS["Health Potion"], name: "Health Potion", type: "equipment", system }];
  await world.as(world.gm, () => doc<{ createEmbeddedDocuments(n: string, d: object[], o: object): Promise<unknown> }>(world.gm, actorUuid(BRAM)).createEmbeddedDocuments("Item", items, { keepId: true }));
  await world.settle();
}

const use = (world: World, bob: WorldClient, name: keyof typeof ITEMS, options: object = {}) =>
  world.as(bob, () => actor(bob, BRAM).useAlchemy(actor(bob, BRAM).items.get(ITEMS[name]), options));

afterEach(() => clearQueuedFaces());

describe("an alchemy use the GM undid", { timeout: 20_000 }, () => {
  it("the GM's Undo of a potion used on Alice's creature: \"Undone by the GM\" for everyone, Bob's Apply of the note refused with that reason, the GM applies it again (issue 34)", async () => {
    const world = await createDomWorld();
    const { gm, alice, bob } = await seedArena(world);
    await giveBram(world);
    await setCounters(world, BRAM, 12);
    await world.as(gm, () => doc<{ update(c: object): Promise<unknown> }>(gm, actorUuid(ILINDE)).update({ "system.health.hits": 3 }));
    await world.settle();
    const start = JSON.stringify(actor(gm, ILINDE).system.health);
    queueFaces(1, 1);
    expect(await use(world, bob, "Health Potion", { target: actorUuid(ILINDE) })).toMatchObject({ restored: 2 });
    await world.settle();
    expect(actor(gm, ILINDE).system.health.hits).toBe(1);
    type Note = { id: string; uuid: string; flags: Record<string, Record<string, unknown>>; update(c: object): Promise<unknown> };
    const noteOn = (client: WorldClient) => (client.game.messages.contents as unknown as Note[]).find((m) => m.flags.clockwork?.alchemyUse)!;
    const { renderAlchemyNote, undoAlchemyUse, reapplyAlchemyUse } = await import("../../src/magic/alchemy");
    const render = async (client: WorldClient): Promise<HTMLElement> => world.as(client, () => {
      const html = document.createElement("div");
      renderAlchemyNote(noteOn(client), html);
      return html;
    });
    expect((await render(gm)).querySelector(".cw-alchemy-undo")).not.toBeNull();
    expect((await render(bob)).querySelector(".cw-alchemy-undo")).toBeNull();
    expect(await world.as(gm, () => undoAlchemyUse(noteOn(gm)))).toMatchObject({ ok: true });
    await world.settle();
    expect(JSON.stringify(actor(gm, ILINDE).system.health)).toBe(start);
    for (const client of [gm, alice, bob]) expect((await render(client)).querySelector("[data-cw-undone]")?.textContent, client.userId).toBe("Undone by the GM.");
    expect((await render(bob)).querySelector(".cw-alchemy-apply")).toBeNull();
    expect((await render(gm)).querySelector(".cw-alchemy-apply")).not.toBeNull();
    // Bob takes the mark off his note and asks again: the GM's ledger refuses it.
    await world.as(bob, () => noteOn(bob).update({ "flags.clockwork.-=undoneByGM": null }));
    await world.settle();
    const before = JSON.stringify(world.save());
    const refused = await world.as(bob, () => reapplyAlchemyUse(noteOn(bob)));
    await world.settle();
    expect(refused).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.UndoneByGM" } });
    expect(JSON.stringify(world.save())).toBe(before);
    expect(await world.as(gm, () => reapplyAlchemyUse(noteOn(gm)))).toMatchObject({ ok: true });
    await world.settle();
    expect(actor(gm, ILINDE).system.health.hits).toBe(1);
  });
});
