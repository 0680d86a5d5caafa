// @vitest-environment happy-dom
/**
 * "New Character" for every player (issue 20 item 2): the Actors tab's button, clicked by Alice.
 * Without permission to create actors her client asks the GM's, which makes an empty character
 * she owns, and the builder opens on it when it arrives; a second click opens the same one. With
 * the permission it is made on her client; with no GM connected she is told why nothing happens.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../../world";
import { createDomWorld } from "../../world/applications/dom-world";
import { eventually } from "../../world/wait";

let world: World;

interface ActorDoc {
  id: string;
  name: string;
  type: string;
  ownership: Record<string, number>;
  isOwner: boolean;
  flags: Record<string, Record<string, unknown>>;
}
interface Message { flags: Record<string, Record<string, unknown>>; whisper: string[]; author?: { id: string } }

const actors = (client: WorldClient) => (client.game.actors as unknown as { contents: ActorDoc[] }).contents;
const messages = (client: WorldClient) => (client.game.messages as unknown as { contents: Message[] }).contents;
const builderOf = (id: string) => document.getElementById(`clockwork-builder-${id}`);

/** The Actors tab as core draws it for a player (no create buttons), with the system's buttons added. */
async function directory(client: WorldClient): Promise<HTMLElement> {
  const html = document.createElement("section");
  html.innerHTML = `<header class="directory-header"><search></search></header><ol class="directory-list"></ol><footer class="directory-footer"></footer>`;
  document.body.append(html);
  await world.as(client, () => client.Hooks.callAll("renderActorDirectory" as never, {} as never, html as never));
  return html;
}

/** Clicks "New Character" as the client and waits for everything it set off. */
async function clickNew(client: WorldClient): Promise<void> {
  const html = await directory(client);
  const button = html.querySelector<HTMLButtonElement>(".cw-new-character");
  expect(button?.textContent?.trim()).toBe("New Character");
  expect(button?.closest(".directory-header"), "at the top of the tab").not.toBeNull();
  await world.as(client, () => button!.click());
  // Done when a builder is open or the player was told why not.
  await eventually(async () => {
    await world.settle();
    expect(actors(client).some((a) => builderOf(a.id)) || client.notifications.length > 0).toBe(true);
  }, 8_000);
  await world.settle();
  html.remove();
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("New Character", () => {
  it("asks the GM for a player without permission to create actors, and opens the builder on the character", async () => {
    world = await createDomWorld();
    const alice = world.player("Alice");
    const aliceId = alice.userId;
    expect(alice.user.hasPermission("ACTOR_CREATE")).toBe(false);
    await clickNew(alice);
    const made = actors(world.gm).filter((a) => a.type === "character");
    expect(made.map((a) => a.name)).toEqual(["Alice's character"]);
    const actor = made[0];
    // The GM decides: Alice owns it, nobody else sees it, it is tied to her request.
    expect(actor.ownership).toEqual({ default: 0, [aliceId]: 3 });
    expect(actor.flags.clockwork.newCharacter).toMatchObject({ for: aliceId });
    expect(builderOf(actor.id), "the builder opened on Alice's client").not.toBeNull();
    expect(actors(world.player("Bob")).find((a) => a.id === actor.id)?.isOwner).toBe(false);
    // Her note, whispered to the GMs, records the answer: it asks once.
    const notes = messages(world.gm).filter((m) => m.flags.clockwork?.newCharacter);
    expect(notes).toHaveLength(1);
    expect(notes[0].flags.clockwork.newCharacter).toMatchObject({ userId: aliceId, actorId: actor.id });
    expect(notes[0].whisper).toEqual([world.gm.userId]);
    expect((notes[0] as unknown as { content: string }).content).toContain("character was made, owned by Alice.");
    expect(alice.notifications.filter((n) => n.type === "error" || n.type === "warn")).toEqual([]);
    expect(alice.errors).toEqual([]);

    // A second click, the character still empty: the same one opens, nothing new is asked.
    await clickNew(alice);
    expect(actors(world.gm).filter((a) => a.type === "character")).toHaveLength(1);
    expect(messages(world.gm).filter((m) => m.flags.clockwork?.newCharacter)).toHaveLength(1);
    expect(builderOf(actor.id)).not.toBeNull();
  }, 30_000);

  it("creates the character on the player's own client when she may create actors", async () => {
    world = await createDomWorld();
    const alice = world.player("Alice");
    await world.as(world.gm, () => (world.gm.game.users as unknown as { get(id: string): { update(c: object): Promise<unknown> } }).get(alice.userId).update({ permissions: { ACTOR_CREATE: true } }));
    await world.settle();
    expect(alice.user.hasPermission("ACTOR_CREATE")).toBe(true);
    await clickNew(alice);
    const made = actors(world.gm).filter((a) => a.type === "character");
    expect(made).toHaveLength(1);
    expect(made[0].ownership[alice.userId]).toBe(3);
    expect(builderOf(made[0].id)).not.toBeNull();
    // No request went to the GM.
    expect(messages(world.gm).filter((m) => m.flags.clockwork?.newCharacter)).toEqual([]);
  }, 30_000);

  it("tells the player a GM must be connected when none is", async () => {
    world = await createDomWorld({ users: [{ name: "Gamemaster", role: "gm", active: false }, { name: "Alice", role: "player" }, { name: "Bob", role: "player" }] });
    const alice = world.player("Alice");
    await clickNew(alice);
    expect(alice.notifications.map((n) => n.message)).toEqual([expect.stringContaining("needs a connected Gamemaster")]);
    expect(actors(alice)).toEqual([]);
    expect(messages(alice)).toEqual([]);
  }, 30_000);
});
