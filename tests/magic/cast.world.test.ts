/**
 * Issue 11's scripted cast in the multi-user world: Alice's caster, in combat, channels from the
 * scene's pool through the GM; casts an attack spell at one NPC, an area spell at three targets
 * with different spell resistance, a Barrier on Bob's character and a condition spell; then a
 * Dispel ends the Barrier. The test checks personal and global mana, counters, every target's
 * health and conditions, and the chat cards.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type WorldClient } from "../world";
import {
  BRAM, GNOME, GOLEM, GRUSHA, ILINDE, SPELL_IDS, actorUuid, combatantUuid, doc, moveToken, sceneUuid, seedArena, setCounters,
} from "./world-fixtures";
import { applyDamage, type HealthTrack } from "../../src/rules";

type Health = { hits: number; wounds: number; vitalsLost: number; barrier: number; grit: number; vitalsMax: number; dying: boolean; dead: boolean };
interface ActorView {
  name: string;
  statuses: Set<string>;
  system: { health: Health; mana: { value: number; max: number } };
  effects: Iterable<{ uuid: string; name: string; statuses: Set<string>; flags: Record<string, Record<string, unknown>> }>;
  items: { get(id: string): unknown };
  castSpell(item: unknown, options?: object): Promise<{ data: { gains: number; targets: { name: string; success: boolean; failure: string | null; damage: number; negatedBy: string | null }[] }; applied: boolean } | null>;
  channelMana(amount: number): Promise<unknown>;
}

const actor = (client: WorldClient, id: string) => doc<ActorView>(client, actorUuid(id));
const counters = (client: WorldClient, id: string) => doc<{ system: { counters: { available: number } } }>(client, combatantUuid(id)).system.counters.available;
const pool = (client: WorldClient) => (doc<{ flags: { clockwork: { manaPool: { value: number } } } }>(client, sceneUuid).flags.clockwork.manaPool.value);
const track = (h: Health): HealthTrack => ({ grit: h.grit, wounds: h.wounds, vitalsMax: h.vitalsMax, vitalsLost: h.vitalsLost, hits: h.hits, dying: h.dying, dead: h.dead, barrier: h.barrier });
const stored = (t: HealthTrack) => ({ hits: t.hits, wounds: t.wounds, vitalsLost: t.vitalsLost, dying: t.dying, dead: t.dead });
const castCards = (client: WorldClient) => [...(client.game.messages as Iterable<{ flags: Record<string, { cast?: { spell: { identifier: string }; applied: boolean } }> }>)]
  .map((m) => m.flags.clockwork?.cast).filter((c): c is NonNullable<typeof c> => !!c);

afterEach(() => clearQueuedFaces());

// Plays whole turns in a three-client world (GM and two players, packs loaded): seconds on a loaded machine.
describe("a scripted cast in combat", { timeout: 20_000 }, () => {
  it("channels, casts attack, area, Barrier and Charm, and dispels the Barrier", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice, bob } = await seedArena(world);
    const ilinde = () => actor(alice, ILINDE);
    const cast = (name: keyof typeof SPELL_IDS, options: object) => world.as(alice, () => ilinde().castSpell(ilinde().items.get(SPELL_IDS[name]), options));
    expect(ilinde().system.mana).toEqual({ value: 30, max: 30 });
    expect(pool(alice)).toBe(60);

    // Channeling at full is refused and changes nothing.
    await world.as(alice, () => ilinde().channelMana(1));
    expect(alice.notifications.at(-1)).toMatchObject({ type: "warn", message: expect.stringContaining("already full") });
    expect(pool(gm)).toBe(60);

    // Fire Bolt at Grusha: 9 dice against Elemental 5 → 5 gains against defense 3, one critical.
    const grushaBefore = track(actor(gm, GRUSHA).system.health);
    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, /* damage */ 9, 9, 9, 9, 9, 9);
    const bolt = await cast("Fire Bolt", { targets: [actorUuid(GRUSHA)] });
    await world.settle();
    expect(bolt?.data.gains).toBe(5);
    expect(bolt?.applied).toBe(true);
    // The card was posted first and names Grusha (docs/rulings.md 139); once applied it offers no Apply.
    const boltCard = [...(gm.game.messages as Iterable<{ author: { id: string } | null; content: string; flags: Record<string, { cast?: { applied: boolean; targets: { uuid: string }[] } }> }>)].filter((m) => m.flags.clockwork?.cast).at(-1)!;
    expect(boltCard.author?.id).toBe(alice.userId);
    expect(boltCard.flags.clockwork.cast).toMatchObject({ applied: true, targets: [{ uuid: actorUuid(GRUSHA) }] });
    expect(boltCard.content).not.toContain("data-action=\"applyCast\"");
    const boltDamage = bolt!.data.targets[0].damage;
    expect(boltDamage).toBeGreaterThan(0);
    expect(stored(track(actor(gm, GRUSHA).system.health))).toEqual(stored(applyDamage(grushaBefore, boltDamage)));
    expect(actor(bob, GRUSHA).statuses.has("burning")).toBe(true);
    expect(ilinde().system.mana.value).toBe(26);
    expect(counters(gm, ILINDE)).toBe(4);

    // Channel 4 in combat: 2 counters, the pool drained by the GM.
    await world.as(alice, () => ilinde().channelMana(4));
    await world.settle();
    expect(ilinde().system.mana.value).toBe(30);
    expect(pool(bob)).toBe(56);
    expect(counters(alice, ILINDE)).toBe(2);

    // Fireball at three targets: Grusha is hit, the Gnome (small, defense 4) is missed and takes
    // half after failing its Flat 10, the golem's minor runes negate it.
    await setCounters(world, ILINDE, 6);
    const before = { grusha: track(actor(gm, GRUSHA).system.health), gnome: track(actor(gm, GNOME).system.health), golem: track(actor(gm, GOLEM).system.health) };
    queueFaces(12, 6, 2, 2, 2, 2, 2, 2, 2, /* damage */ 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, /* gnome */ 3, /* golem */ 10);
    const ball = await cast("Fireball", { targets: [actorUuid(GRUSHA), actorUuid(GNOME), actorUuid(GOLEM)] });
    await world.settle();
    const [onGrusha, onGnome, onGolem] = ball!.data.targets;
    expect(ball!.data.gains).toBe(3);
    expect(onGrusha).toMatchObject({ success: true });
    expect(onGnome).toMatchObject({ success: false, failure: "miss", negatedBy: null });
    expect(onGolem).toMatchObject({ success: false, failure: "negated", negatedBy: "runes", damage: 0 });
    expect(onGnome.damage).toBeGreaterThan(0);
    expect(onGnome.damage).toBeLessThan(onGrusha.damage);
    expect(stored(track(actor(gm, GRUSHA).system.health))).toEqual(stored(applyDamage(before.grusha, onGrusha.damage)));
    expect(stored(track(actor(gm, GNOME).system.health))).toEqual(stored(applyDamage(before.gnome, onGnome.damage)));
    expect(stored(track(actor(gm, GOLEM).system.health))).toEqual(stored(before.golem));
    expect(actor(gm, GNOME).statuses.has("burning")).toBe(true);
    expect(actor(gm, GOLEM).statuses.has("burning")).toBe(false);
    expect(ilinde().system.mana.value).toBe(18);
    expect(counters(gm, ILINDE)).toBe(2);

    // Barrier on Bob's Bram: 4 gains → barrier 4, stored on an effect Bob sees.
    queueFaces(12, 6, 6, 2, 2, 2, 2, 2, 2);
    const barrier = await cast("Barrier", { targets: [actorUuid(BRAM)] });
    await world.settle();
    expect(barrier?.data.gains).toBe(4);
    expect(actor(bob, BRAM).system.health.barrier).toBe(4);
    const shield = [...actor(bob, BRAM).effects].find((e) => e.name === "Barrier");
    expect(shield?.flags.clockwork.spell).toMatchObject({ identifier: "barrier", gains: 4, dispellable: true });
    expect(counters(gm, ILINDE)).toBe(0);
    expect(ilinde().system.mana.value).toBe(14);

    // Charm on Grusha, opposed by its Will (rolled on the GM's client): 5 gains against 2. Charm
    // reaches an adjacent target only (book L1281): Ilinde steps next to Grusha first.
    await moveToken(world, ILINDE, 3, 0);
    await setCounters(world, ILINDE, 6);
    queueFaces(12, 12, 6, 2, 2, 2, 2, 2, 2, /* Grusha's Will */ 12, 2, 2, 2, 2);
    const charm = await cast("Charm", { targets: [actorUuid(GRUSHA)] });
    await world.settle();
    expect(charm?.data.targets[0]).toMatchObject({ success: true });
    expect(actor(alice, GRUSHA).statuses.has("charmed")).toBe(true);
    const charmed = [...actor(gm, GRUSHA).effects].find((e) => e.statuses.has("charmed"));
    expect(charmed?.flags.clockwork.spell).toMatchObject({ identifier: "charm", gains: 5, endFlat: 7 });
    expect(counters(gm, ILINDE)).toBe(2);
    expect(ilinde().system.mana.value).toBe(8);

    // Dispel ends the Barrier on Bram: 4 gains meet the stored 4; the barrier goes with it.
    queueFaces(12, 12, 2, 2, 2, 2, 2, 2, 2);
    const dispel = await cast("Dispel", { targets: [actorUuid(BRAM)], effect: shield!.uuid });
    await world.settle();
    expect(dispel?.data.targets[0]).toMatchObject({ success: true });
    expect([...actor(bob, BRAM).effects].some((e) => e.name === "Barrier")).toBe(false);
    expect(actor(bob, BRAM).system.health.barrier).toBe(0);

    // Final state everywhere.
    expect(ilinde().system.mana.value).toBe(4);
    expect(counters(bob, ILINDE)).toBe(0);
    expect(pool(gm)).toBe(56);
    expect(castCards(bob).map((c) => [c.spell.identifier, c.applied])).toEqual([
      ["fire-bolt", true], ["fireball", true], ["barrier", true], ["charm", true], ["dispel", true],
    ]);
    const html = [...(bob.game.messages as Iterable<{ content: string }>)].map((m) => m.content).join("\n");
    expect(html).toContain("Fire Bolt");
    expect(html).toContain("Golem runes");
    expect([...alice.errors, ...gm.errors, ...bob.errors]).toEqual([]);
  });
});
