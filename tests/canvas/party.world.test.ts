/**
 * The party on the map (issue 32, src/canvas/party.ts): outside combat the GM deploys the party
 * (each member's token on the free spaces around the party's token) and gathers it back (the
 * members' tokens removed, the party's kept); in a running combat, for a player, or without the
 * party's token on the scene, nothing is written and the reason is given.
 */
import { describe, expect, it } from "vitest";
import { createWorld, type World, type WorldClient } from "../world";
import { ADA, BRAM, SCENE_ID, seedFight } from "../combat/attack/world-fixtures";
import { deployParty, gatherParty } from "../../src/canvas/party";
import { partyMembers } from "../../src/documents/party";

const PARTY = "canvasPartyAct01";
const PARTY_TOKEN = "canvasPartyTok01";

interface TokenDoc { id: string; actorId: string; x: number; y: number; actorLink: boolean }
interface SceneDoc { tokens: { contents: TokenDoc[] } }

const scene = (c: WorldClient) => c.game.scenes.get(SCENE_ID) as unknown as SceneDoc;
const tokensOf = (c: WorldClient, actorId: string) => scene(c).tokens.contents.filter((t) => t.actorId === actorId);
const party = (c: WorldClient) => c.game.actors.get(PARTY) as unknown as Actor.Implementation;
const warnings = (c: WorldClient) => c.notifications.filter((n) => n.type === "warn").map((n) => n.message);

async function setup(options: { combat?: boolean } = {}): Promise<{ world: World; gm: WorldClient; alice: WorldClient; bob: WorldClient }> {
  const world = await createWorld();
  const fight = await seedFight(world, { combat: options.combat ?? false });
  await world.seed("Actor", [{ _id: PARTY, name: "The Company", type: "party", system: { members: [`Actor.${ADA}`, `Actor.${BRAM}`] } }], { ownership: { [fight.alice.userId]: 3 } });
  const s = world.gm.game.scenes.get(SCENE_ID) as unknown as { createEmbeddedDocuments(n: string, d: object[], o?: object): Promise<unknown> };
  await world.as(world.gm, () => s.createEmbeddedDocuments("Token", [{ _id: PARTY_TOKEN, name: "The Company", actorId: PARTY, actorLink: true, x: 500, y: 500 }], { keepId: true }));
  await world.settle();
  return { ...fight, world };
}

async function run(world: World, c: WorldClient, what: typeof deployParty) {
  const outcome = await world.as(c, () => what(party(c) as never, partyMembers(party(c)) as never, scene(c) as never));
  await world.settle();
  return outcome;
}

describe("deploying and gathering the party", { timeout: 30_000 }, () => {
  it("gathers the members' tokens (the party's stays), then deploys them around the party's token, on every client", async () => {
    const { world, gm, alice, bob } = await setup();
    expect(await run(world, gm, gatherParty)).toEqual({ done: 2 });
    for (const c of [gm, alice, bob]) {
      expect(tokensOf(c, ADA)).toEqual([]);
      expect(tokensOf(c, BRAM)).toEqual([]);
      expect(tokensOf(c, PARTY).map((t) => t.id)).toEqual([PARTY_TOKEN]);
    }
    expect(await run(world, gm, deployParty)).toEqual({ done: 2 });
    for (const c of [gm, alice, bob]) {
      // The party's token at space (5, 5): the first ring from its top-left, clockwise.
      expect(tokensOf(c, ADA).map((t) => [t.x, t.y, t.actorLink])).toEqual([[400, 400, true]]);
      expect(tokensOf(c, BRAM).map((t) => [t.x, t.y])).toEqual([[500, 400]]);
    }
    // Deployed already: nothing more to place, said so.
    expect(await run(world, gm, deployParty)).toEqual({ refused: "CLOCKWORK.Party.Map.NothingToDeploy" });
    expect(warnings(gm)).toEqual(["Every member of The Company already has a token here."]);
    expect(await run(world, gm, gatherParty)).toEqual({ done: 2 });
    expect(tokensOf(gm, ADA)).toEqual([]);
    expect(tokensOf(gm, PARTY)).toHaveLength(1);
    expect(gm.errors).toEqual([]);
  });

  it("places members on free spaces only: a token already on a spot pushes the next member on", async () => {
    const { world, gm } = await setup();
    await run(world, gm, gatherParty);
    const s = gm.game.scenes.get(SCENE_ID) as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> };
    await world.as(gm, () => s.createEmbeddedDocuments("Token", [{ name: "Crate", actorId: null, x: 400, y: 400 }]));
    await world.settle();
    await run(world, gm, deployParty);
    expect(tokensOf(gm, ADA).map((t) => [t.x, t.y])).toEqual([[500, 400]]);
    expect(tokensOf(gm, BRAM).map((t) => [t.x, t.y])).toEqual([[600, 400]]);
  });

  it("refuses in a running combat on the scene, leaving every token where it stands", async () => {
    const { world, gm } = await setup({ combat: true });
    expect(await run(world, gm, gatherParty)).toEqual({ refused: "CLOCKWORK.Party.Map.InCombat" });
    expect(tokensOf(gm, ADA)).toHaveLength(1);
    expect(warnings(gm)).toEqual(["The Company is in a running combat on this scene: members stay where they stand until it ends."]);
  });

  it("refuses a player, even one who owns the party, and a party without a token on the scene", async () => {
    const { world, gm, alice } = await setup();
    expect(await run(world, alice, gatherParty)).toEqual({ refused: "CLOCKWORK.Party.Map.GmOnly" });
    expect(tokensOf(gm, ADA)).toHaveLength(1);
    const s = gm.game.scenes.get(SCENE_ID) as unknown as { deleteEmbeddedDocuments(n: string, ids: string[]): Promise<unknown> };
    await world.as(gm, () => s.deleteEmbeddedDocuments("Token", [PARTY_TOKEN]));
    await world.settle();
    expect(await run(world, gm, deployParty)).toEqual({ refused: "CLOCKWORK.Party.Map.NoToken" });
    expect(warnings(gm)).toEqual(["The Company has no token on Arena: place the party's token first."]);
  });
});
