/**
 * Contract: chat messages per user (client/documents/chat-message.mjs): `visible`,
 * `isContentVisible`, `isAuthor`, the author's ownership, roll modes and speakers.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createWorld, Roll, type World, type WorldClient } from "./index";

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let bob: WorldClient;

interface Message {
  id: string; visible: boolean; isContentVisible: boolean; isAuthor: boolean; isOwner: boolean; isRoll: boolean;
  whisper: string[]; blind: boolean; speaker: Record<string, unknown>; rolls: unknown[]; sound: string | null;
  author: { id: string };
  update(c: object): Promise<unknown>;
}
type MessageClass = {
  create(d: object, o?: object): Promise<Message>;
  applyRollMode(d: Record<string, unknown>, mode: string): Record<string, unknown>;
  getSpeaker(o: object): Record<string, unknown>;
  getWhisperRecipients(name: string): { id: string }[];
};
const Message = (client: WorldClient) => (client.CONFIG.ChatMessage as { documentClass: MessageClass }).documentClass;
const on = (client: WorldClient, id: string) => client.game.messages.get(id) as unknown as Message;

async function evaluatedRoll(): Promise<object> {
  return new Roll("2d12").evaluate();
}

beforeAll(async () => {
  world = await createWorld({ packs: false });
  gm = world.gm;
  alice = world.player("Alice");
  bob = world.player("Bob");
});

describe("visibility", () => {
  it("a whisper is visible to its author and recipients only", async () => {
    const message = await world.as(alice, () => Message(alice).create({ content: "psst", whisper: [gm.userId] }));
    await world.settle();
    expect([gm, alice, bob].map((c) => on(c, message.id).visible)).toEqual([true, true, false]);
    expect([gm, alice, bob].map((c) => on(c, message.id).isAuthor)).toEqual([false, true, false]);
  });

  it("a blind roll shows its content to the GMs only, even to its author; a GM roll also to the author", async () => {
    const roll = await world.as(alice, evaluatedRoll);
    const blind = await world.as(alice, () => Message(alice).create({ content: "?", rolls: [roll] }, { rollMode: "blindroll" }));
    const gmRoll = await world.as(alice, () => Message(alice).create({ content: "?", rolls: [roll] }, { rollMode: "gmroll" }));
    await world.settle();
    expect(on(gm, blind.id)).toMatchObject({ whisper: [gm.userId], blind: true, isRoll: true });
    expect([gm, alice, bob].map((c) => on(c, blind.id).isContentVisible)).toEqual([true, false, false]);
    expect([gm, alice, bob].map((c) => on(c, blind.id).visible)).toEqual([true, true, true]);
    expect([gm, alice, bob].map((c) => on(c, gmRoll.id).isContentVisible)).toEqual([true, true, false]);
    expect(blind.sound).toBe("sounds/dice.wav");
  });

  it("stores rolls as JSON and rebuilds them as Roll instances on every client", async () => {
    const roll = await world.as(gm, evaluatedRoll);
    const message = await world.as(gm, () => Message(gm).create({ rolls: [roll] }));
    await world.settle();
    expect(on(bob, message.id).rolls[0]).toBeInstanceOf(Roll);
  });
});

describe("authorship", () => {
  it("the author (and GMs) own a message; another player may not change it", async () => {
    const message = await world.as(alice, () => Message(alice).create({ content: "mine" }));
    expect(message.author.id).toBe(alice.userId);
    await world.settle();
    expect([gm, alice, bob].map((c) => on(c, message.id).isOwner)).toEqual([true, true, false]);
    await expect(world.as(bob, () => on(bob, message.id).update({ content: "edited" }))).rejects.toThrow(/lacks permission to update ChatMessage/);
    await expect(world.as(bob, () => Message(bob).create({ content: "forged", author: alice.userId }))).rejects.toThrow(/lacks permission to create a new ChatMessage/);
  });
});

describe("roll modes and speakers", () => {
  it("applyRollMode whispers to the GMs, to oneself, or to nobody", () => {
    const apply = (client: WorldClient, mode: string) => world.as(client, () => Message(client).applyRollMode({}, mode));
    return Promise.all([
      expect(apply(alice, "gmroll")).resolves.toEqual({ whisper: [gm.userId], blind: false }),
      expect(apply(alice, "blindroll")).resolves.toEqual({ whisper: [gm.userId], blind: true }),
      expect(apply(alice, "selfroll")).resolves.toEqual({ whisper: [alice.userId], blind: false }),
      expect(apply(alice, "publicroll")).resolves.toEqual({ whisper: [], blind: false }),
    ]);
  });

  it("getSpeaker names an actor, else the user", async () => {
    const [id] = await world.seed("Actor", [{ name: "Ada", type: "character" }]);
    const ada = alice.game.actors.get(id);
    expect(await world.as(alice, () => Message(alice).getSpeaker({ actor: ada }))).toEqual({ scene: null, actor: id, token: null, alias: "Ada" });
    expect(await world.as(alice, () => Message(alice).getSpeaker({}))).toEqual({ scene: null, actor: null, token: null, alias: "Alice" });
    expect(await world.as(alice, () => Message(alice).getWhisperRecipients("GM").map((u) => u.id))).toEqual([gm.userId]);
  });
});
