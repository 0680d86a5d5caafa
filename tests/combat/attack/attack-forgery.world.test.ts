/**
 * The attack card's relay kinds against forged requests (issue 18 items 1, 6, 7): every case of
 * tests/relay/forgery/attack.cases.ts changes nothing on the server and answers a localized
 * refusal; a console card whose flags lie gets what its dice deal, never its claimed number; and
 * no message a player receives holds a hidden number of a creature they may not observe.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, type WorldClient } from "../../world";
import { expectRefused } from "../../relay/forgery/case";
import { attackForgeries, attackTable, breathOnGrusha, claimForgeries } from "../../relay/forgery/attack.cases";
import { ADA, BRAM, GRUSHA, MINION, actorUuid, doc, placeToken } from "./world-fixtures";
import { setReactionPrompt } from "../../../src/combat/attack/reactions";
import { attackData, cardFor } from "../../../src/combat/attack/chat";
import { expectNoHiddenNumbers } from "./hidden-numbers";
import { recomputeCard } from "../../../src/combat/attack/recompute";
import { relay, relayKindNames } from "../../../src/relay";

interface Health { hits: number; wounds: number; vitalsLost: number }
const health = (client: WorldClient, id: string) => doc<{ system: { health: Health } }>(client, actorUuid(id)).system.health;

afterEach(() => {
  clearQueuedFaces();
  setReactionPrompt(null);
});

// A three-client world per case: seconds each on a loaded machine.
describe("forged attack requests", { timeout: 30_000 }, () => {
  it("every attack kind has forgery cases", () => {
    for (const kind of relayKindNames().filter((k) => k.startsWith("attack."))) expect(attackForgeries.some((c) => c.kind === kind), kind).toBe(true);
  });

  for (const forged of attackForgeries) {
    it(`refuses: ${forged.name}`, async () => {
      const t = await attackTable();
      await expectRefused(t.world, t, forged);
    });
  }

  for (const claim of claimForgeries) {
    it(`recomputes, not believes: ${claim.name}`, async () => {
      const t = await attackTable();
      const { honest, forged } = await claim.build(t);
      const read = async (id: string) => {
        const recomputed = await t.world.as(t.gm, () => recomputeCard(t.message(t.gm, id)));
        if (!recomputed.ok) throw new Error(JSON.stringify(recomputed.problem));
        return recomputed.rows.map((r) => ({ hit: r.hit, gains: r.gains, damage: r.damage.total, defense: r.detail.defense }));
      };
      const truth = await read(honest.id);
      expect(await read(forged.id)).toEqual(truth);
      const before = health(t.gm, GRUSHA);
      const result = await t.world.as(t.bob, () => relay("attack.apply", {}, { cause: forged.uuid, notify: false }));
      await t.world.settle();
      const after = health(t.gm, GRUSHA);
      if (truth[0].damage === 0) {
        expect(result.ok).toBe(false);
        expect(after).toEqual(before);
      } else {
        expect(result.ok).toBe(true);
        expect(after).not.toEqual(before);
      }
    });
  }

  it("a lightning breath card carries Grusha's save roll; the GM counts it as the attacker's client did", async () => {
    const t = await attackTable();
    const card = await breathOnGrusha(t);
    const row = (card.flags.clockwork as { attack: { targets: { hit: boolean; save?: { roll: number } | null; damage: { total: number } }[] } }).attack.targets[0];
    expect(row.save?.roll).toBeTypeOf("number");
    expect(card.rolls.length).toBeGreaterThan(row.save!.roll);
    const recomputed = await t.world.as(t.gm, () => recomputeCard(t.message(t.gm, card.id)));
    expect(recomputed.ok && { hit: recomputed.rows[0].hit, damage: recomputed.rows[0].damage.total }).toEqual({ hit: row.hit, damage: row.damage.total });
  });

  it("a roll stands with the pool it was rolled with: Bram loses vitals after rolling, his card still applies (docs/rulings.md)", async () => {
    const t = await attackTable();
    const card = await t.attack(t.bob, BRAM, "Mace", GRUSHA);
    const rolled = await t.world.as(t.gm, () => recomputeCard(t.message(t.gm, card.id)));
    if (!rolled.ok) throw new Error(JSON.stringify(rolled.problem));
    // Bram is left with one vital: 3 dice fewer on a Strength roll now.
    const bram = doc<{ system: { health: { vitalsMax?: number }; vitals?: { max?: number } }; update(c: object): Promise<unknown> }>(t.gm, actorUuid(BRAM));
    const max = bram.system.vitals?.max ?? bram.system.health.vitalsMax ?? 0;
    expect(max).toBeGreaterThan(1);
    await t.world.as(t.gm, () => bram.update({ "system.health.vitalsLost": max - 1 }));
    await t.world.settle();
    const now = await t.world.as(t.gm, () => recomputeCard(t.message(t.gm, card.id)));
    expect(now.ok && now.rows.map((r) => [r.hit, r.gains, r.damage.total])).toEqual(rolled.rows.map((r) => [r.hit, r.gains, r.damage.total]));
    const before = health(t.gm, GRUSHA);
    const result = await t.world.as(t.bob, () => relay("attack.apply", {}, { cause: card.uuid, notify: false }));
    await t.world.settle();
    expect(result.ok).toBe(true);
    expect(health(t.gm, GRUSHA)).not.toEqual(before);
    // More dice than Bram's pool at full health are still refused.
    const { flags, rolls } = { flags: structuredClone(card.flags.clockwork) as { attack: { attacks: { attackFaces: number[] }[] } }, rolls: card.rolls.map((r) => r.toJSON() as { terms?: { results?: unknown[]; number?: number }[] }) };
    const extra = 6;
    flags.attack.attacks[0].attackFaces.push(...Array(extra).fill(10));
    const die = rolls[0].terms?.[0];
    if (die?.results) {
      die.results.push(...Array(extra).fill({ result: 10, active: true }));
      die.number = (die.number ?? 0) + extra;
    }
    const forged = await t.forge(t.bob, flags, rolls);
    const refused = await t.world.as(t.gm, () => recomputeCard(t.message(t.gm, forged.id)));
    expect(refused).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Combat.Attack.Recompute.DiceMismatch" } });
  });

  it("a console card claiming 99 damage gets what its dice deal, once", async () => {
    const t = await attackTable();
    const real = await t.attack(t.bob, BRAM, "Mace", GRUSHA);
    const dealt = (await t.world.as(t.gm, () => recomputeCard(t.message(t.gm, real.id))));
    if (!dealt.ok) throw new Error(JSON.stringify(dealt));
    const damage = dealt.rows[0].damage.total;
    expect(damage).toBeGreaterThan(0);
    expect(damage).toBeLessThan(99);
    const flags = structuredClone(real.flags.clockwork) as { attack: { targets: { damage: { total: number } }[] } };
    flags.attack.targets[0].damage.total = 99;
    const forged = await t.forge(t.bob, flags, real.rolls.map((r) => r.toJSON()));
    const before = health(t.gm, GRUSHA);
    const result = await t.world.as(t.bob, () => relay("attack.apply", {}, { cause: forged.uuid, notify: false }));
    await t.world.settle();
    expect(result.ok).toBe(true);
    const after = health(t.gm, GRUSHA);
    // The GM wrote the damage its own recompute of the dice gives, not the card's 99.
    const expected = (await t.world.as(t.gm, () => recomputeCard(t.message(t.gm, forged.id))));
    expect(expected.ok && expected.rows[0].damage.total).toBe(damage);
    expect(after.hits + after.wounds + after.vitalsLost).toBeGreaterThan(before.hits + before.wounds + before.vitalsLost);
    expect(after.wounds - before.wounds).toBeLessThan(9);
  });

  it("in a player's client no message holds a hidden number of a creature they may not observe", async () => {
    const t = await attackTable();
    // The minion next to Bram, in his mace's reach.
    await placeToken(t.world, MINION, 1, 1);
    // Alice strikes Grusha and the minion; the GM strikes Ada (Bob observes her) and Bram; Bram turns nothing.
    await t.attack(t.alice, ADA, "attackAdaSword01", GRUSHA);
    await t.attack(t.gm, GRUSHA, "attackGrushaClub", ADA);
    await t.attack(t.gm, GRUSHA, "attackGrushaClub", BRAM);
    await t.attack(t.bob, BRAM, "Mace", MINION);
    const apply = await t.world.as(t.alice, async () => (await import("../../../src/combat/attack/apply")).applyAttackCard(t.message(t.alice, (t.alice.game.messages.contents as unknown as { id: string; flags: Record<string, unknown> }[]).filter((m) => attackData(m)).at(0)!.id) as never));
    expect(apply?.ok).toBe(true);
    await t.world.settle();
    for (const client of [t.alice, t.bob]) {
      const observes = (uuid: string) => (client.game.actors.get(uuid.split(".").at(-1)!) as unknown as { testUserPermission(u: unknown, l: string): boolean } | undefined)?.testUserPermission(client.game.user, "OBSERVER") === true;
      // Every message this client holds, whispered to its user or not: flags, content, rolls.
      expect(expectNoHiddenNumbers(client)).toBeGreaterThanOrEqual(4);
      const cards = (client.game.messages.contents as unknown as { id: string; flags: Record<string, unknown> }[]).filter((m) => attackData(m));
      expect(cards).toHaveLength(4);
      for (const m of cards) {
        // What this client shows: numbers only for the rows it may observe, worked out here.
        const shown = (await t.world.as(client, () => cardFor(m as never)))!;
        for (const row of shown.targets) {
          if (observes(row.actorUuid)) expect(row.defense, `${client.game.user.name} sees ${row.name}'s defense`).toBeTypeOf("number");
          else expect(row.defense, `${client.game.user.name} sees ${row.name}'s defense`).toBeUndefined();
        }
      }
    }
    // The GM sees every row's numbers on the card.
    for (const m of (t.gm.game.messages.contents as unknown as { flags: Record<string, unknown> }[]).filter((x) => attackData(x))) {
      const shown = (await t.world.as(t.gm, () => cardFor(m as never)))!;
      for (const row of shown.targets) expect(row.defense, `the GM sees ${row.name}'s defense`).toBeTypeOf("number");
    }
    // Bob observes Ada: her row's numbers reached him.
    const onAda = (t.bob.game.messages.contents as unknown as { flags: Record<string, unknown>; id: string }[]).filter((m) => attackData(m)?.targets[0].name === "Ada").at(0)!;
    expect((await t.world.as(t.bob, () => cardFor(onAda as never)))!.targets[0].defense).toBeTypeOf("number");
  });
});
