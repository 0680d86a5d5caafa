// @vitest-environment happy-dom
/**
 * The dice layer in a GM + two players world: a refused luck payment, the damage card each
 * client shows, the roll mode on a v14 world, and the roll mode applied once.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { queueFaces, type World, type WorldClient } from "../world";
import { createSeededDomWorld } from "../world/applications/dom-world";
import { ADA_ID, GRUSHA_ID } from "../world/browser/seed";
import { refreshLuck, spendLuck } from "../../src/dice/luck";
import type { RollMessage } from "../../src/dice/chat";

interface ActorDoc {
  id: string;
  uuid: string;
  name: string;
  system: { luck: { value: number }; resistances: Record<string, { species: number; armor: number }> };
  rollSkill(skill: string, options: object): Promise<unknown>;
  rollDamage(item: object, options: object): Promise<unknown>;
}

interface MessageDoc extends RollMessage {
  content: string;
  whisper: string[];
  renderHTML(): Promise<HTMLElement>;
}

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let bob: WorldClient;

/** The rolls and payments are awaited; this waits for their broadcasts to every client. */
const flush = () => world.settle();
const actor = (client: WorldClient, id = ADA_ID) => (client.game.actors as unknown as { get(id: string): ActorDoc }).get(id);
const lastMessage = (client: WorldClient) => (client.game.messages as unknown as { contents: MessageDoc[] }).contents.at(-1) as MessageDoc;
const message = (client: WorldClient, id: string) => (client.game.messages as unknown as { get(id: string): MessageDoc }).get(id);

async function boot(profile: "v13" | "v14" = "v13"): Promise<void> {
  world = await createSeededDomWorld({ profile });
  gm = world.gm;
  alice = world.player("Alice");
  bob = world.player("Bob");
}

describe("luck in a world", () => {
  beforeEach(() => boot());

  it("a refused payment leaves the roll, the card and the luck as they were (no free reroll)", async () => {
    queueFaces(5, 5, 5, 5, 5, 5, 5, 5, 5);
    await world.as(alice, () => actor(alice).rollSkill("strength", { skipDialog: true }));
    await flush();
    const before = { luck: actor(gm).system.luck.value, content: lastMessage(gm).content, rolls: lastMessage(gm).rolls.length };
    // A module vetoes the write on Alice's client: core resolves undefined and throws nothing.
    alice.Hooks.on("preUpdateActor", () => false);
    const result = await world.as(alice, () => spendLuck(lastMessage(alice)));
    await flush();
    expect(result).toBeNull();
    for (const client of [gm, alice, bob]) {
      expect(actor(client).system.luck.value).toBe(before.luck);
      expect(lastMessage(client).rolls).toHaveLength(before.rolls);
      expect(lastMessage(client).content).toBe(before.content);
    }
    expect(alice.notifications.at(-1)).toMatchObject({ type: "warn", message: "Ada's luck could not be spent, so the roll stands." });
    expect(alice.errors).toEqual([]);
  });

  it("a paid luck rerolls in the same message on every client", async () => {
    queueFaces(5, 5, 5, 5, 5, 5, 5, 5, 5);
    await world.as(alice, () => actor(alice).rollSkill("strength", { skipDialog: true }));
    await flush();
    const luck = actor(gm).system.luck.value;
    expect(await world.as(alice, () => spendLuck(lastMessage(alice)))).not.toBeNull();
    await flush();
    for (const client of [gm, alice, bob]) {
      expect(actor(client).system.luck.value).toBe(luck - 1);
      expect(lastMessage(client).rolls).toHaveLength(2);
    }
  });
});

describe("refreshing luck", () => {
  beforeEach(() => boot());

  it("sets every character back to its maximum in one batched update, GM only", async () => {
    await world.seed("Actor", [
      { _id: "brokeCharacter01", name: "Broke", type: "character", system: { luck: { value: 0 } } },
      { _id: "npcWithLuck00001", name: "Npc", type: "npc", system: {} },
    ]);
    await world.as(alice, () => actor(alice).rollSkill("will", { skipDialog: true }));
    await flush();
    expect(await world.as(alice, () => refreshLuck())).toBe(0);
    expect(alice.notifications.at(-1)).toMatchObject({ type: "warn" });
    const cls = (gm.CONFIG.Actor as { documentClass: { updateDocuments(updates: object[]): Promise<unknown[]> } }).documentClass;
    const original = cls.updateDocuments;
    const batches: object[][] = [];
    cls.updateDocuments = function (this: unknown, updates: object[]) {
      batches.push(structuredClone(updates));
      return original.call(this, updates);
    };
    try {
      expect(await world.as(gm, () => refreshLuck())).toBe(1);
    } finally {
      cls.updateDocuments = original;
    }
    await flush();
    expect(batches).toEqual([[{ _id: "brokeCharacter01", "system.luck.value": 3 }]]);
    for (const client of [gm, alice]) expect(actor(client, "brokeCharacter01").system.luck.value).toBe(3);
  });
});

describe("a damage card's resistances", () => {
  beforeEach(() => boot());

  const cells = (html: HTMLElement) => [...html.querySelectorAll(".cw-card__targets tbody tr")]
    .map((row) => [row.querySelector("th")?.textContent?.trim().split(" ")[0], row.querySelectorAll("td")[0]?.textContent?.trim()]);

  it("show only to users who observe the target; the stored card shows nobody's", async () => {
    const grusha = actor(gm, GRUSHA_ID);
    const ada = actor(gm);
    const target = (a: ActorDoc) => ({ name: a.name, actorUuid: a.uuid, species: 3, armor: 2, hit: true });
    const axe = { name: "Axe", type: "weapon", system: { damage: { dice: 6, types: ["slashing"] } } };
    queueFaces(12, 9, 6, 5, 3, 1);
    await world.as(alice, () => actor(alice).rollDamage(axe, { targets: [target(grusha), target(ada)] }));
    await flush();
    const id = lastMessage(gm).id as string;
    // Nor does the roll every client receives: only its observers' clients fill it in, from the actor.
    const stored = JSON.stringify((lastMessage(gm).rolls as unknown as { toJSON(): unknown }[]).map((r) => r.toJSON()));
    expect(stored).not.toMatch(/"species"|"armor"/);
    const resistance = (a: ActorDoc) => {
      const r = (a.system as unknown as { resistances: Record<string, { species: number; armor: number }> }).resistances.slashing;
      return String(r.species + r.armor);
    };
    // The content every client receives holds no resistance at all.
    expect(cells(Object.assign(document.createElement("div"), { innerHTML: lastMessage(gm).content }))).toEqual([["Grusha", "?"], ["Ada", "?"]]);
    // The hook that fills in what a viewer may see runs on render: Ada's cell (every viewer
    // observes her) is checked first, then the whole table is compared.
    const shown = async (client: WorldClient) => {
      const html = await world.as(client, () => message(client, id).renderHTML());
      await flush();
      expect(cells(html)[1]).toEqual(["Ada", resistance(ada)]);
      return cells(html);
    };
    expect(await shown(gm)).toEqual([["Grusha", resistance(grusha)], ["Ada", resistance(ada)]]);
    expect(await shown(alice)).toEqual([["Grusha", "?"], ["Ada", resistance(ada)]]);
    expect(await shown(bob)).toEqual([["Grusha", "?"], ["Ada", resistance(ada)]]);
    for (const client of [gm, alice, bob]) expect(client.errors).toEqual([]);
  });
});

describe("roll modes", () => {
  it("on a v14 world: a skill rolls without error, in the user's message mode", async () => {
    await boot("v14");
    expect(alice.game.release.generation).toBe(14);
    await world.as(alice, () => alice.game.settings.set("core", "messageMode" as never, "gm" as never));
    queueFaces(5, 5, 5, 5, 5, 5, 5, 5, 5);
    const roll = await world.as(alice, () => actor(alice).rollSkill("strength", { skipDialog: true }));
    await flush();
    expect(roll).not.toBeNull();
    const posted = lastMessage(gm);
    expect(posted.flags.clockwork).toMatchObject({ roll: { rollMode: "gmroll" } });
    expect(posted.whisper).toEqual([gm.user.id]);
    expect(alice.errors).toEqual([]);
    expect(alice.notifications.filter((n) => n.type === "error")).toEqual([]);
    // v13's setting is deprecated there (it warns until v16): the system never read it.
    expect(alice.deprecations).toEqual([]);
    expect(await world.as(alice, () => alice.game.settings.get("core", "rollMode" as never))).toBe("gmroll");
    expect(alice.deprecations).toHaveLength(1);
  });

  it("on a v13 world: the mode is applied to the message once", async () => {
    await boot("v13");
    const cls = (alice.CONFIG.ChatMessage as { documentClass: { applyRollMode(data: object, mode: string): object } }).documentClass;
    const original = cls.applyRollMode;
    let calls = 0;
    cls.applyRollMode = function (this: unknown, data: object, mode: string) {
      calls += 1;
      return original.call(this, data, mode);
    };
    try {
      await world.as(alice, () => actor(alice).rollSkill("will", { skipDialog: true, rollMode: "blindroll" }));
      await flush();
    } finally {
      cls.applyRollMode = original;
    }
    expect(calls).toBe(1);
    expect(lastMessage(gm)).toMatchObject({ whisper: [gm.user.id], blind: true });
  });
});
