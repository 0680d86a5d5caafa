/**
 * Issue 31: a setting module's damage type can be bought with XP like the book's. In a world with
 * Frostmarch, Alice's Ada lowers Strength (raising Body) and places the new resistance point in
 * frost through the real advancement API, at the book's price; the advancement window's context
 * offers frost beside the book's six and its log says where the point went; the refund takes it
 * back off. After the module is removed, the bought frost point stays, reads as unknown in the
 * log, is no longer offered, and the purchase can still be refunded.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, loadWorld, type World, type WorldClient } from "../world";
import { frostmarch } from "./fixture";
import { awardXp, buySkillRank, refundLastPurchase, xpStateOf } from "../../src/documents/advancement";
import { buildAdvancementContext, type PendingPurchase } from "../../src/applications/builder/advancement-context";
import { currentChoices } from "../../src/applications/choices-registry";
import { localize } from "../../src/foundry";
import { SKILL_KEYS, type Resistances, type SkillKey } from "../../src/rules";

const ADA = "xpFrostAdaChar01";
type ActorDoc = {
  name: string;
  system: {
    skills: Record<SkillKey, { rank: number }>; resistanceAllocation: Record<string, number>;
    resistances: Record<string, { total: number }>; xp: { earned: number; spent: number };
  };
  isOwner: boolean;
};
/** One point in frost (the rules' type union names only the book's six). */
const FROST = { frost: 1 } as unknown as Partial<Resistances>;
const actor = (client: WorldClient) => client.game.actors.get(ADA) as unknown as ActorDoc;

/** The advancement window's context, built as its `_prepareContext` builds it, on `client`. */
async function windowContext(w: World, client: WorldClient, pending: PendingPurchase | null = null) {
  return w.as(client, () => {
    const a = actor(client);
    const skills = Object.fromEntries(SKILL_KEYS.map((k) => [k, a.system.skills[k].rank])) as Record<SkillKey, number>;
    return buildAdvancementContext({
      name: a.name, skills, allocation: a.system.resistanceAllocation as never, state: xpStateOf(a), speed: "normal",
      pending, refused: [], editable: a.isOwner,
    }, currentChoices(), localize, (ms) => new Date(ms).toISOString());
  });
}

let world: World;
let after: World | undefined;
let gm: WorldClient;
let alice: WorldClient;
let bob: WorldClient;

beforeAll(async () => {
  world = await createWorld({ packs: false, modules: [frostmarch()] });
  gm = world.gm;
  alice = world.player("Alice");
  bob = world.player("Bob");
  await world.seed("Actor", [{
    _id: ADA, name: "Ada", type: "character",
    system: { skills: { strength: { rank: 8 }, stamina: { rank: 8 } }, resistanceAllocation: { frost: 1, blunt: 1 } },
  }], { ownership: { [alice.userId]: 3, [bob.userId]: 2 } });
  await world.as(gm, () => awardXp([actor(gm)], { amount: 4, reason: "extremeChallenge" }, { chat: false }));
  await world.as(gm, () => awardXp([actor(gm)], { amount: 4, reason: "extremeChallenge" }, { chat: false }));
  await world.as(gm, () => awardXp([actor(gm)], { amount: 4, reason: "extremeChallenge" }, { chat: false }));
  await world.settle();
}, 60_000);
afterAll(() => {
  after?.close();
  world?.close();
});

describe("with the module", () => {
  it("the window offers the new Body point in frost beside the book's six", async () => {
    const context = await windowContext(world, alice, { skill: "strength", placement: FROST });
    const rows = context.placement!.rows;
    expect(rows.map((r) => r.type)).toEqual(["ballistic", "blunt", "energy", "piercing", "slashing", "explosive", "frost"]);
    const frost = rows.find((r) => (r.type as string) === "frost")!;
    expect(frost).toMatchObject({ name: "place.frost", label: "Frost (3)" });
    expect(frost.options.find((o) => o.selected)?.value).toBe("1");
  });

  it("Alice buys Strength 7 with its point in frost at the book's price; every client sees it, and the log says so", async () => {
    const entry = await world.as(alice, () => buySkillRank(actor(alice), "strength", FROST));
    // Strength 8 → 7 costs 10 XP at normal speed, whichever type the point goes to.
    expect(entry).toMatchObject({ kind: "skill", skill: "strength", fromRank: 8, toRank: 7, xp: 10, resistance: { frost: 1 } });
    await world.settle();
    for (const client of [gm, alice, bob]) {
      const a = actor(client);
      expect(a.system.skills.strength.rank).toBe(7);
      expect(a.system.resistanceAllocation).toMatchObject({ frost: 2, blunt: 1 });
      expect(a.system.resistances.frost.total).toBe(4);
      expect(a.system.xp).toEqual({ earned: 12, spent: 10 });
    }
    const context = await windowContext(world, bob);
    expect(context.log[0]).toMatchObject({ text: "Strength 8 → 7, resistance +1 Frost", xp: "\u221210", isLast: true });
    expect(context.totals.find((t) => t.key === "available")?.value).toBe(2);
  });

  it("the refund takes the frost point back off, then it is bought again", async () => {
    await world.as(alice, () => refundLastPurchase(actor(alice)));
    await world.settle();
    expect(actor(bob).system.resistanceAllocation).toMatchObject({ frost: 1, blunt: 1 });
    expect(actor(bob).system.skills.strength.rank).toBe(8);
    expect(actor(bob).system.xp.spent).toBe(0);
    await world.as(alice, () => buySkillRank(actor(alice), "strength", FROST));
    await world.settle();
    expect(actor(bob).system.resistanceAllocation.frost).toBe(2);
  });
});

describe("after the module is removed", () => {
  beforeAll(async () => {
    const snapshot = world.save();
    world.close();
    after = await loadWorld(snapshot, { packs: false });
  }, 60_000);

  it("keeps the bought frost point, shows it as unknown, offers it no more, and still refunds it", async () => {
    const w = after!;
    const player = w.player("Alice");
    expect(actor(player).system.resistanceAllocation.frost).toBe(2);
    const context = await windowContext(w, player, { skill: "stamina", placement: {} });
    expect(context.log[0].text).toBe("Strength 8 → 7, resistance +1 Unknown (frost)");
    expect(context.placement!.rows.map((r) => r.type)).not.toContain("frost");
    await w.as(player, () => refundLastPurchase(actor(player)));
    await w.settle();
    expect(actor(w.gm).system.resistanceAllocation).toMatchObject({ frost: 1, blunt: 1 });
    expect(actor(w.gm).system.skills.strength.rank).toBe(8);
    expect(player.errors).toEqual([]);
  });
});
