// @vitest-environment happy-dom
/**
 * Chat cards under repeated chat-log renders: the `renderChatMessageHTML` hook finds the
 * roll's actor without `fromUuidSync`, and a redacted card is rendered once per message and
 * viewer, then reused until the message changes.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { World, WorldClient } from "../world";
import { queueFaces } from "../world";
import { createSeededDomWorld } from "../world/applications/dom-world";
import { ADA_ID } from "../world/browser/seed";
import { onRenderChatMessageHTML, rollMessageActor, rollFlags, type RollMessage } from "../../src/dice/chat";
import { rollSkill } from "../../src/dice/actor-rolls";
import { spendLuck } from "../../src/dice/luck";
import type { RollActor } from "../../src/dice/actor-source";

let world: World;
let alice: WorldClient;
let bob: WorldClient;

const flush = () => world.settle();

interface MessageDoc extends RollMessage { content: string; update(changes: object): Promise<unknown> }
const messages = (client: WorldClient) => client.game.messages as unknown as { contents: MessageDoc[]; get(id: string): MessageDoc };

/** The chat log's element of one message: what core hands the hook. */
function messageElement(message: MessageDoc): HTMLElement {
  const li = document.createElement("li");
  li.innerHTML = `<div class="message-content">${message.content}</div>`;
  return li;
}

async function roll(client: WorldClient, rollMode: string): Promise<string> {
  await world.as(client, async () => {
    const ada = (client.game.actors as unknown as { get(id: string): RollActor }).get(ADA_ID);
    queueFaces(12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12);
    await rollSkill(ada, "strength", { skipDialog: true, rollMode } as never);
  });
  await flush();
  return messages(alice).contents.at(-1)!.id as string;
}

beforeEach(async () => {
  world = await createSeededDomWorld();
  alice = world.player("Alice");
  bob = world.player("Bob");
});

describe("chat cards on chat-log renders", () => {
  it("finds the roll's actor in game.actors: no fromUuidSync however often the log redraws", async () => {
    const id = await roll(alice, "publicroll");
    const spy = vi.spyOn(alice, "fromUuidSync");
    const buttons: (HTMLButtonElement | null)[] = [];
    await world.as(alice, async () => {
      const message = messages(alice).get(id);
      expect(rollMessageActor(rollFlags(message)!)?.name).toBe("Ada");
      for (let i = 0; i < 20; i++) {
        const el = messageElement(message);
        onRenderChatMessageHTML(message, el, spendLuck);
        buttons.push(el.querySelector("[data-cw-action='spendLuck']"));
      }
    });
    expect(spy).not.toHaveBeenCalled();
    // Alice owns Ada and has luck: the luck button stays on every redraw.
    expect(buttons.every((b) => b !== null)).toBe(true);
  });

  it("a token's actor (not in game.actors) is still found, through fromUuidSync", async () => {
    const spy = vi.spyOn(alice, "fromUuidSync");
    await world.as(alice, () => rollMessageActor({ kind: "gain", rollMode: "publicroll", actorUuid: "Scene.abcdefghijklmnop.Token.abcdefghijklmnop.Actor.abcdefghijklmnop", luck: { spent: 0, keepBest: false } } as never));
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("a blind roll's redacted card is rendered once for a viewer and reused on every redraw", async () => {
    const id = await roll(alice, "blindroll");
    const render = vi.spyOn(foundry.applications.handlebars, "renderTemplate");
    const shown: string[] = [];
    await world.as(bob, async () => {
      const message = messages(bob).get(id);
      for (let i = 0; i < 10; i++) {
        const el = messageElement(message);
        onRenderChatMessageHTML(message, el, spendLuck);
        await flush();
        expect(el.querySelector("[data-visibility=hidden]")).not.toBeNull();
        shown.push(el.querySelector(".message-content")!.innerHTML);
      }
    });
    expect(render).toHaveBeenCalledTimes(1);
    expect(new Set(shown).size).toBe(1);
    expect(shown[0]).toContain('data-visibility="hidden"');
    render.mockRestore();
  });

  it("a changed message is rendered again", async () => {
    const id = await roll(alice, "blindroll");
    const render = vi.spyOn(foundry.applications.handlebars, "renderTemplate");
    const draw = async () => world.as(bob, async () => {
      const message = messages(bob).get(id);
      const el = messageElement(message);
      onRenderChatMessageHTML(message, el, spendLuck);
      await flush();
      expect(el.querySelector("[data-visibility=hidden]")).not.toBeNull();
    });
    await draw();
    await world.as(world.gm, () => messages(world.gm).get(id).update({ content: `${messages(world.gm).get(id).content}<!-- luck -->` }));
    await flush();
    await draw();
    expect(render).toHaveBeenCalledTimes(2);
    render.mockRestore();
  });
});
