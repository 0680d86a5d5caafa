/**
 * Every forged "state.end" request changes nothing and is refused with a localized message; a
 * player cannot write the record of a state a card's damage ended (RULING 168).
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type WorldClient } from "../world";
import { BRAM, ILINDE, SPELL_IDS, actorUuid, doc, flush, seedArena, setCounters } from "./world-fixtures";
import { writeOwned } from "../../src/relay";
import { setReactionPrompt } from "../../src/combat/attack/reactions";
import { expectRefused } from "../relay/forgery/case";
import { magicTable } from "../relay/forgery/magic.cases";
import { stateEndForgeries } from "../relay/forgery/state-endings.cases";

interface BramView {
  flags: { clockwork?: { ledger?: Record<string, Record<string, { ended?: unknown[] }>> } };
  effects: Iterable<{ name: string; statuses: Set<string>; toObject(): Record<string, unknown> }>;
  update(changes: object): Promise<unknown>;
  setFlag(scope: string, key: string, value: unknown): Promise<unknown>;
  createEmbeddedDocuments(name: string, data: object[], options?: object): Promise<unknown>;
}

afterEach(() => {
  clearQueuedFaces();
  setReactionPrompt(null);
});

// A booted three-client arena per case: seconds each on a loaded machine.
describe("forged state.end requests", { timeout: 30_000 }, () => {
  for (const forged of stateEndForgeries) {
    it(`refuses: ${forged.name}`, async () => {
      const table = await magicTable();
      await expectRefused(table.world, table, forged);
    });
  }
});

/**
 * RULING 168's record (issue 29 item 6): a state a card's damage ended is kept in that card's
 * ledger entry on the target, the GM's record. Bob owns Bram, whom Ilinde frightened; her Fire
 * Bolt card's damage ends the Fear. Bob cannot write the record: neither a forged state in it
 * (which the GM's Undo would create) nor taking the real one out (so the Fear stays gone), nor
 * a tagged end of his own; the GM's Undo gives back exactly the Fear that was ended.
 */
describe("the record of a state a card ended is the GM's (RULING 168)", { timeout: 40_000 }, () => {
  it("Bob cannot write, forge or remove it on his Bram, and the GM's Undo gives back the real Fear", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice, bob } = await seedArena(world);
    // Bob lets Bram take the bolt (no reaction).
    setReactionPrompt(async () => "none");
    const bram = (client: WorldClient) => doc<BramView>(client, actorUuid(BRAM));
    const ilinde = doc<{ items: { get(id: string): unknown }; castSpell(item: unknown, options?: object): Promise<{ message: { id: string }; data: { targets: { damage: number }[] } } | null> }>(alice, actorUuid(ILINDE));
    const flag = { identifier: "fear", name: "Fear", gains: 3, dispellable: true, casterUuid: actorUuid(ILINDE), itemUuid: null, effect: "", amount: 0, endFlat: 7, expires: null };
    await world.as(gm, () => bram(gm).createEmbeddedDocuments("ActiveEffect", [{ _id: "fearEffectBram01", name: "Fear", statuses: ["feared"], origin: actorUuid(ILINDE), flags: { clockwork: { spell: flag } } }], { keepId: true }));
    await flush(world);
    const fear = () => [...bram(gm).effects].filter((e) => e.statuses.has("feared")).map((e) => { const { _stats: _ignored, ...source } = e.toObject(); return source; });
    const real = fear();
    expect(real).toHaveLength(1);

    // Her Fire Bolt hits Bram, its card applied: Fear ends, and Bram's ledger keeps it under the card.
    await setCounters(world, ILINDE, 6);
    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, /* damage */ 9, 9, 9, 9, 9, 9);
    const bolt = await world.as(alice, () => ilinde.castSpell(ilinde.items.get(SPELL_IDS["Fire Bolt"]), { targets: [actorUuid(BRAM)], apply: false }));
    await flush(world);
    expect(bolt!.data.targets[0].damage).toBeGreaterThan(0);
    const { applyCastCard } = await import("../../src/magic/cast");
    const { undoCastCard } = await import("../../src/magic/cast-apply");
    const card = (client: WorldClient) => (client.game.messages as unknown as { get(id: string): Parameters<typeof undoCastCard>[0] }).get(bolt!.message.id);
    expect(await world.as(alice, () => applyCastCard(card(alice)))).toBe(true);
    await flush(world);
    expect(fear()).toEqual([]);
    const id = bolt!.message.id;
    const ended = () => bram(gm).flags.clockwork?.ledger?.[id]?.t0?.ended;
    expect(ended()).toHaveLength(1);
    const saved = JSON.stringify(world.save());

    // Bob's writes of the record, each refused on his client with the reason; nothing changes.
    const blessing = { ...real[0], _id: "forgedBlessing01", name: "Blessing", statuses: [], changes: [{ key: "system.defense.bonus", mode: 2, value: "10" }] };
    const writes: [string, () => Promise<unknown>][] = [
      ["a forged state added to the record", () => bram(bob).update({ [`flags.clockwork.ledger.${id}.t0.ended`]: [...(ended() ?? []), blessing] })],
      ["the record taken out", () => bram(bob).update({ [`flags.clockwork.ledger.${id}.t0.-=ended`]: null })],
      ["a forged record for another card", () => bram(bob).setFlag("clockwork", "ledger", { card0000000000009: { t0: { at: 1, ended: [blessing] } } })],
    ];
    for (const [name, write] of writes) {
      const count = bob.notifications.length;
      await world.as(bob, write);
      await flush(world);
      expect(JSON.stringify(world.save()), name).toBe(saved);
      expect(bob.notifications.slice(count).map((n) => n.message), name).toEqual(["Only the Gamemaster's client writes which cards were applied to Bram; nothing was changed."]);
    }
    // A tagged end from Bob's own client (as if his damage were the card's): refused, nothing written.
    const own = await world.as(bob, () => writeOwned([{ op: "endEffect", uuid: `${actorUuid(BRAM)}.ActiveEffect.fearEffectBram01`, ledger: `${id}.t0` }], { notify: false }));
    expect(own).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.LedgerGMOnly" } });
    expect(JSON.stringify(world.save())).toBe(saved);

    // The GM's Undo: the damage goes and the real Fear, only it, is back.
    expect(await world.as(gm, () => undoCastCard(card(gm)))).toBe(true);
    await flush(world);
    expect(fear()).toEqual(real);
    expect([...bram(gm).effects].map((e) => e.name)).not.toContain("Blessing");
    expect([...alice.errors, ...gm.errors, ...bob.errors]).toEqual([]);
  });
});
