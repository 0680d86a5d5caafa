// @vitest-environment happy-dom
/**
 * Items dropped on a character or NPC sheet (issue 20): a spell or feature on a character is an
 * XP purchase as in the Advancement window (cost, log line, the same refusal), a focus is never
 * bought; a fork's invalid compendium entry is refused with a message naming it and the field.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../../world";
import type { PackSource } from "../../world/packs";
import { createSeededDomWorld } from "../../world/applications/dom-world";
import { ADA_ID, GRUSHA_ID } from "../../world/browser/seed";

let world: World;
let gm: WorldClient;
let alice: WorldClient;

interface Doc {
  id: string;
  uuid: string;
  name: string;
  type: string;
  system: Record<string, unknown>;
  sheet: { element: HTMLElement; render(options?: object): Promise<unknown> };
  items: { size: number; contents: Doc[] };
  getFlag(scope: string, key: string): unknown;
  update(changes: object): Promise<unknown>;
}

const FORK: PackSource = {
  name: "fork", label: "A fork's items", type: "Item", system: "clockwork",
  documents: [
    { _id: "forkDiceEight001", name: "Eight-dice Axe", type: "weapon", system: { category: "melee", group: "axe", damage: { dice: "eight", types: ["slashing"] } } },
    { _id: "forkTentacle0001", name: "Tentacle Whip", type: "weapon", system: { category: "melee", group: "whip", hands: "tentacle", damage: { dice: 4, types: ["slashing"] } } },
    { _id: "forkSpellLevel09", name: "Wish", type: "spell", system: { identifier: "wish", level: 9 } },
  ],
};

const flush = () => world.settle();
const actor = (client: WorldClient, id = ADA_ID) => (client.game.actors as unknown as { get(id: string): Doc }).get(id);

function drop(sheet: Doc["sheet"], data: object): void {
  const event = new Event("drop", { bubbles: true, cancelable: true }) as DragEvent;
  Object.defineProperty(event, "dataTransfer", { value: { getData: (t: string) => (t === "text/plain" ? JSON.stringify(data) : "") } });
  sheet.element.querySelector(".window-content")!.dispatchEvent(event);
}

async function dropAs(client: WorldClient, target: Doc, uuid: string): Promise<void> {
  await world.as(client, async () => {
    await target.sheet.render({ force: true });
    drop(target.sheet, { type: "Item", uuid });
    await flush();
  });
  await flush();
}

// A world with every pack loads in seconds; on a shared machine more than vitest's 5 s.
beforeEach(async () => {
  world = await createSeededDomWorld({ extraPacks: [FORK] });
  gm = world.gm;
  alice = world.player("Alice");
}, 60_000);

const DARKNESS = "Compendium.clockwork.spells.Item.AigeZIgz1pufBEkZ";
const QUICK_DRAW = "Compendium.clockwork.features.Item.63iQ8HSIxdpResn8";
const HAMMERS = "Compendium.clockwork.foci.Item.mZ8mAHkHuOVHYXim";

const messages = (client: WorldClient, level: string) => client.notifications.filter((n) => n.type === level).map((n) => n.message);
const xpLog = (doc: Doc) => (doc.getFlag("clockwork", "xpLog") ?? []) as { kind: string; xp: number; name?: string }[];
const names = (doc: Doc) => doc.items.contents.map((i) => i.name).sort();

async function giveXp(earned: number): Promise<void> {
  await world.as(gm, () => actor(gm).update({ system: { xp: { earned } } }));
  await flush();
}

// Each drop loads a compendium document and writes twice: seconds under a shared machine's load.
describe("a spell, feature or focus dropped on a character is an XP purchase (issue 20)", { timeout: 30_000 }, () => {
  it("without the XP: refused with the Advancement window's reason; no item, no XP, no log line", async () => {
    const before = names(actor(gm));
    await dropAs(alice, actor(alice), DARKNESS);
    expect(names(actor(gm))).toEqual(before);
    expect(actor(gm).system.xp).toEqual({ earned: 0, spent: 0 });
    expect(xpLog(actor(gm))).toEqual([]);
    expect(messages(alice, "warn").join("\n")).toMatch(/^Darkness was not added: That costs 2 XP; 0 XP are available\.$/m);
    expect(alice.errors).toEqual([]);
  });

  it("with the XP: bought as in the window (both halves of a pair, XP spent, a log line, a message)", async () => {
    await giveXp(5);
    await dropAs(alice, actor(alice), DARKNESS);
    expect(names(actor(gm))).toEqual(expect.arrayContaining(["Darkness", "Light"]));
    expect(actor(gm).system.xp).toEqual({ earned: 5, spent: 2 });
    expect(xpLog(actor(gm)).map((e) => [e.kind, e.xp, e.name])).toEqual([["spell", 2, "Darkness"]]);
    expect(messages(alice, "info")).toContain("Darkness: bought for 2 XP.");
    // A feature the same way; its price is level × 2 at the normal campaign speed.
    await dropAs(alice, actor(alice), QUICK_DRAW);
    expect(names(actor(gm))).toContain("Quick Draw");
    expect(actor(gm).system.xp).toEqual({ earned: 5, spent: 4 });
    expect(alice.errors).toEqual([]);
  });

  it("a focus is never bought: refused with the window's reason, even with XP", async () => {
    await giveXp(10);
    const before = names(actor(gm));
    await dropAs(alice, actor(alice), HAMMERS);
    expect(names(actor(gm))).toEqual(before);
    expect(messages(alice, "warn")).toContain("Hammers was not added: Focus can never be bought with XP.");
  });

  it("the GM pays too, as in the Advancement window (which has no free grant)", async () => {
    const before = names(actor(gm));
    await dropAs(gm, actor(gm), QUICK_DRAW);
    expect(names(actor(gm))).toEqual(before);
    expect(messages(gm, "warn").join("\n")).toContain("That costs 2 XP; 0 XP are available.");
  });

  it("an NPC (no XP) still takes a dropped feature as a copy", async () => {
    const npc = actor(gm, GRUSHA_ID);
    const before = npc.items.size;
    await dropAs(gm, npc, QUICK_DRAW);
    expect(actor(gm, GRUSHA_ID).items.contents.map((i) => i.name)).toContain("Quick Draw");
    expect(actor(gm, GRUSHA_ID).items.size).toBe(before + 1);
  });
});

describe("a fork's invalid compendium entry dropped on a sheet (issue 20)", { timeout: 30_000 }, () => {
  it.each([
    ["forkDiceEight001", "Eight-dice Axe", /\(Damage › Dice\)/],
    ["forkTentacle0001", "Tentacle Whip", /Hands is "tentacle"/],
    ["forkSpellLevel09", "Wish", /Level is 9/],
  ])("%s is refused with a message naming the entry and the field; nothing changes", async (id, name, field) => {
    const before = names(actor(gm));
    await dropAs(alice, actor(alice), `Compendium.clockwork.fork.Item.${id}`);
    expect(names(actor(gm))).toEqual(before);
    const errors = messages(alice, "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`${name} was not added: its data does not fit this system`);
    expect(errors[0]).toMatch(field);
    // Words, not core's raw validation text.
    expect(errors[0]).not.toMatch(/validation|system\.|is not one of/);
    expect(alice.errors).toEqual([]);
  });
});
