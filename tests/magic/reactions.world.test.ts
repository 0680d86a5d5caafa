/**
 * Attack spells ask their target for a dodge or block through combat's reaction path
 * (`clockwork.reaction`): Bob answers for Bram on his own client, the reserved counter is paid,
 * the defense counts the dodge and the card says so; area spells ask nobody.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type WorldClient } from "../world";
import { setReactionPrompt } from "../../src/combat/attack/reactions";
import { recomputeCast } from "../../src/magic/cast-apply";
import { BRAM, GRUSHA, ILINDE, SPELL_IDS, actorUuid, combatantUuid, doc, seedArena, setCounters } from "./world-fixtures";

interface Caster {
  items: { get(id: string): unknown };
  castSpell(item: unknown, options?: object): Promise<{ outcome: { targets: { attack?: { setup: { defense: { total: number } } } | null }[] }; data: { targets: { reaction?: string; defense: number | null; success: boolean }[] } } | null>;
}
const counters = (client: WorldClient, id: string) => doc<{ system: { counters: { available: number } } }>(client, combatantUuid(id)).system.counters.available;

afterEach(() => {
  clearQueuedFaces();
  setReactionPrompt(null);
});

// Plays whole turns in a three-client world (GM and two players, packs loaded): seconds on a loaded machine.
describe("reactions to attack spells", { timeout: 20_000 }, () => {
  it("Bob dodges Ilinde's Fire Bolt on his own client; the dodge raises the defense and costs Bram a counter", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world);
    // Bram has had his turn this round: no longer defenseless (§4.6), so he may react.
    await setCounters(world, BRAM, 6);
    const asked: { user: string; target: string; weapon: string; choices: string[] }[] = [];
    let answer: "none" | "dodge" = "none";
    setReactionPrompt(async (data) => {
      asked.push({ user: (game.user as unknown as { name: string }).name, target: data.target, weapon: data.weapon, choices: data.choices.map((c) => c.reaction) });
      return answer;
    });
    const ilinde = () => doc<Caster>(alice, actorUuid(ILINDE));
    const cast = () => world.as(alice, () => ilinde().castSpell(ilinde().items.get(SPELL_IDS["Fire Bolt"]), { targets: [actorUuid(BRAM)] }));

    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, /* damage */ 9, 9, 9, 9, 9, 9);
    const plain = await cast();
    await world.settle();
    expect(asked).toEqual([{ user: "Bob", target: "Bram", weapon: "Fire Bolt", choices: ["none", "dodge"] }]);
    expect(plain?.data.targets[0].reaction).toBe("none");
    expect(counters(gm, BRAM)).toBe(6);

    answer = "dodge";
    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, /* damage */ 9, 9, 9, 9, 9, 9);
    const dodged = await cast();
    await world.settle();
    expect(asked).toHaveLength(2);
    expect(asked[1].user).toBe("Bob");
    expect(dodged?.data.targets[0].reaction).toBe("dodge");
    // The card holds no defense for every viewer (issue 18): the caster's own resolution has it.
    expect(dodged!.outcome.targets[0].attack!.setup.defense.total).toBeGreaterThan(plain!.outcome.targets[0].attack!.setup.defense.total);
    expect(counters(gm, BRAM)).toBe(5);
    const card = [...(gm.game.messages as Iterable<{ content: string; flags: { clockwork?: { cast?: unknown } } }>)].filter((m) => m.flags.clockwork?.cast).at(-1)!.content;
    expect(card).toContain("cw-cast-target__reaction");
    expect(card).toContain("Dodged");
  });

  it("Bob's side records Bram's dodge; the GM works a copy of the card that leaves it out with the dodge, and refuses one claiming a block", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world);
    await setCounters(world, BRAM, 6);
    setReactionPrompt(async () => "dodge");
    const ilinde = () => doc<Caster>(alice, actorUuid(ILINDE));
    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, /* damage */ 9, 9, 9, 9, 9, 9);
    const dodged = await world.as(alice, () => ilinde().castSpell(ilinde().items.get(SPELL_IDS["Fire Bolt"]), { targets: [actorUuid(BRAM)], apply: false }));
    await world.settle();
    clearQueuedFaces();
    const real = (dodged as unknown as { message: { id: string; uuid: string; flags: { clockwork: { cast: { request: { castId: string }; targets: { reaction?: string }[] } } }; rolls: unknown[] } }).message;
    const castId = real.flags.clockwork.cast.request.castId;
    // Written on Bram by Bob's client (Alice cannot write on Bram).
    const records = (doc<{ flags: { clockwork?: { spellReactions?: Record<string, { reaction?: string }> } } }>(gm, actorUuid(BRAM)).flags.clockwork?.spellReactions) ?? {};
    expect(records[castId]?.reaction).toBe("dodge");
    const asAlice = { user: gm.game.users.get(alice.userId), isGM: false };
    const recompute = (reaction: string) => {
      const cast = structuredClone(real.flags.clockwork.cast);
      cast.targets[0].reaction = reaction;
      return world.as(gm, () => recomputeCast({ id: "forgedCard000001", uuid: "ChatMessage.forgedCard000001", authorId: alice.userId, flags: { cast }, rolls: real.rolls }, asAlice));
    };
    const omitted = await recompute("none");
    const honest = await recompute("dodge");
    if ("refused" in omitted || "refused" in honest) throw new Error("the copy was refused");
    expect(omitted.setup.ruleTargets[0].reaction).toBe("dodge");
    expect(omitted.outcome.targets[0].attack!.setup.defense.total).toBe(honest.outcome.targets[0].attack!.setup.defense.total);
    expect(omitted.outcome.targets[0].attack!.setup.defense.total).toBe(dodged!.outcome.targets[0].attack!.setup.defense.total);
    expect(await recompute("block")).toMatchObject({ refused: { key: "CLOCKWORK.Magic.Trust.ReactionRecord" } });
  });

  it("an area spell asks no one (§4.9)", async () => {
    const world = await createWorld({ packs: false });
    const { alice } = await seedArena(world);
    const asked: string[] = [];
    setReactionPrompt(async (data) => {
      asked.push(data.target);
      return "dodge";
    });
    const ilinde = () => doc<Caster>(alice, actorUuid(ILINDE));
    queueFaces(12, 6, 2, 2, 2, 2, 2, 2, 2, /* damage */ 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
    const ball = await world.as(alice, () => ilinde().castSpell(ilinde().items.get(SPELL_IDS.Fireball), { targets: [actorUuid(BRAM), actorUuid(GRUSHA)] }));
    await world.settle();
    expect(ball).not.toBeNull();
    expect(asked).toEqual([]);
    expect(ball!.data.targets.map((t) => t.reaction)).toEqual(["none", "none"]);
  });

  it("a Force Field adds its gains to the defense against one attack spell and is spent", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world);
    await setCounters(world, BRAM, 6);
    setReactionPrompt(async () => "none");
    const field = { name: "Force Field", flags: { clockwork: { spell: { identifier: "force-field", name: "Force Field", gains: 3, dispellable: true, casterUuid: null, itemUuid: null, effect: "defense", amount: 3, endFlat: null, expires: null } } } };
    const bram = () => doc<{ effects: Iterable<{ name: string }>; createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }>(gm, actorUuid(BRAM));
    const ilinde = () => doc<Caster>(alice, actorUuid(ILINDE));
    const cast = () => world.as(alice, () => ilinde().castSpell(ilinde().items.get(SPELL_IDS["Fire Bolt"]), { targets: [actorUuid(BRAM)] }));

    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, /* damage */ 9, 9, 9, 9, 9, 9);
    const bare = await cast();
    await world.as(gm, () => bram().createEmbeddedDocuments("ActiveEffect", [field]));
    await world.settle();
    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, /* damage */ 9, 9, 9, 9, 9, 9);
    const shielded = await cast();
    await world.settle();
    expect(shielded!.outcome.targets[0].attack!.setup.defense.total).toBe(bare!.outcome.targets[0].attack!.setup.defense.total + 3);
    expect([...bram().effects].map((e) => e.name)).not.toContain("Force Field");
  });
});
