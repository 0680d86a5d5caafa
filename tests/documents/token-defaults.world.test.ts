// @vitest-environment happy-dom
/**
 * Player-character tokens (issue 20): a new character's prototype token is linked, friendly and
 * sees, an NPC's is unlinked and hostile, unless the creation data sets its own (an import); the
 * pregens ship linked; a world older than the defaults asks its GM once before setting up the
 * existing characters.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../world";
import { createDomWorld } from "../world/applications/dom-world";
import { appear } from "../world/wait";
import { offerCharacterTokenSetup, TOKEN_SETUP_SETTING } from "../../src/migrations/tokens";

let world: World;
let gm: WorldClient;

interface ActorDoc { id: string; name: string; type: string; prototypeToken: Record<string, unknown> & { sight?: { enabled?: boolean } } }
type Actors = { get(id: string): ActorDoc; contents: ActorDoc[] };
const actors = (client: WorldClient) => client.game.actors as unknown as Actors;
const root = (client: WorldClient) => document.querySelector<HTMLElement>(`.world-client[data-user-id="${client.user.id}"]`) ?? document.body;
const token = (actor: ActorDoc) => ({ actorLink: actor.prototypeToken.actorLink, disposition: actor.prototypeToken.disposition, sight: actor.prototypeToken.sight?.enabled });

async function create(data: object): Promise<ActorDoc> {
  const actor = await world.as(gm, () => (gm.game as unknown as { actors: { documentClass: { create(d: object): Promise<ActorDoc> } } }).actors.documentClass.create(data));
  await world.settle();
  return actors(gm).get(actor.id);
}

// A world with every pack loads in seconds; on a shared machine more than vitest's 5 s.
beforeEach(async () => {
  document.body.innerHTML = "";
  world = await createDomWorld();
  gm = world.gm;
  await world.settle();
}, 60_000);

describe("prototype token defaults on create", () => {
  it("a new character: linked, friendly, with vision; a new NPC: unlinked and hostile", async () => {
    expect(token(await create({ name: "Ada", type: "character" }))).toEqual({ actorLink: true, disposition: 1, sight: true });
    const npc = await create({ name: "Goblin", type: "npc" });
    expect(npc.prototypeToken.actorLink).toBe(false);
    expect(npc.prototypeToken.disposition).toBe(-1);
  });

  it("creation data that sets its own token (an import) keeps it", async () => {
    const actor = await create({ name: "Spy", type: "character", prototypeToken: { actorLink: false, disposition: 0, sight: { enabled: false } } });
    expect(token(actor)).toEqual({ actorLink: false, disposition: 0, sight: false });
    const ally = await create({ name: "Guard", type: "npc", prototypeToken: { disposition: 1 } });
    expect(ally.prototypeToken.disposition).toBe(1);
    expect(ally.prototypeToken.actorLink).toBe(false);
  });

  it("each of the 8 pregens imported from the compendium is linked, friendly and sees", async () => {
    const pack = (gm.game as unknown as { packs: { get(id: string): { getDocuments(): Promise<{ toObject(): object }[]> } } }).packs.get("clockwork.pregens");
    const sources = await world.as(gm, async () => (await pack.getDocuments()).map((d) => d.toObject()));
    expect(sources).toHaveLength(8);
    for (const source of sources) {
      // The pack's own source carries them (core fills an import's whole token from it).
      expect((source as { prototypeToken?: object }).prototypeToken).toMatchObject({ actorLink: true, disposition: 1, sight: { enabled: true } });
      const actor = await create(source);
      expect([actor.name, token(actor)]).toEqual([actor.name, { actorLink: true, disposition: 1, sight: true }]);
    }
  });
});

describe("the GM-confirmed set-up of existing characters", () => {
  async function seedOld(): Promise<void> {
    // Old-shape data: written before the defaults existed (seeding skips _preCreate, as a stored world does).
    await world.seed("Actor", [
      { _id: "oldCharacter0001", name: "Old Ada", type: "character", prototypeToken: { actorLink: false, disposition: -1, sight: { enabled: false } } },
      { _id: "oldCharacter0002", name: "Old Bram", type: "character" },
      { _id: "setUpCharacter01", name: "Linked Cy", type: "character", prototypeToken: { actorLink: true, disposition: 1, sight: { enabled: true } } },
      { _id: "oldNpc0000000001", name: "Old Goblin", type: "npc", prototypeToken: { actorLink: false, disposition: -1 } },
    ]);
    await world.settle();
  }

  it("asks the GM; yes links, befriends and gives vision to the characters that need it, and is not asked again", async () => {
    await seedOld();
    const offer = world.as(gm, () => offerCharacterTokenSetup("0.2.0"));
    const dialog = await appear("dialog", root(gm));
    expect(dialog.textContent).toContain("Old Ada, Old Bram");
    expect(dialog.textContent).not.toContain("Linked Cy");
    await world.as(gm, async () => dialog.querySelector<HTMLButtonElement>("button[data-action=yes]")!.click());
    expect(await offer).toEqual(["Old Ada", "Old Bram"]);
    await world.settle();
    for (const id of ["oldCharacter0001", "oldCharacter0002"]) expect(token(actors(gm).get(id))).toEqual({ actorLink: true, disposition: 1, sight: true });
    expect(actors(gm).get("oldNpc0000000001").prototypeToken.actorLink).toBe(false);
    expect(gm.game.settings.get("clockwork", TOKEN_SETUP_SETTING)).toBe("0.3.0");
    expect(await world.as(gm, () => offerCharacterTokenSetup("0.2.0"))).toBeNull();
  });

  it("no changes nothing, and the answer is kept", async () => {
    await seedOld();
    const offer = world.as(gm, () => offerCharacterTokenSetup("0.2.0"));
    const dialog = await appear("dialog", root(gm));
    await world.as(gm, async () => dialog.querySelector<HTMLButtonElement>("button[data-action=no]")!.click());
    expect(await offer).toEqual([]);
    expect(token(actors(gm).get("oldCharacter0001"))).toEqual({ actorLink: false, disposition: -1, sight: false });
    expect(gm.game.settings.get("clockwork", TOKEN_SETUP_SETTING)).toBe("0.3.0");
  });

  it("a new world (no earlier version) is not asked", async () => {
    await seedOld();
    expect(await world.as(gm, () => offerCharacterTokenSetup(""))).toBeNull();
    expect(await world.as(gm, () => offerCharacterTokenSetup("0.3.0"))).toBeNull();
  });
});
