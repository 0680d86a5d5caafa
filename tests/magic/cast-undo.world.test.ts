/**
 * A cast card's Apply and Undo (issue 18 item 3): Alice's Fire Bolt is applied through the GM
 * from the card's own rolls and marked Applied with the GM's Undo; the GM's Undo reverts exactly
 * what the card's ledger tag recorded on Grusha, keeping a later hit added by hand. The revert op
 * and the ledger arrive with the relay branch: until it is merged the Undo half fails.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type WorldClient } from "../world";
import { GRUSHA, ILINDE, SPELL_IDS, actorUuid, doc, seedArena } from "./world-fixtures";
import { undoCastCard } from "../../src/magic/cast-apply";

interface Caster {
  items: { get(id: string): unknown };
  castSpell(item: unknown, options?: object): Promise<{ message: { id: string }; applied: boolean; data: { targets: { damage: number }[] } } | null>;
}
interface Health { system: { health: { hits: number; wounds: number } }; update(c: object): Promise<unknown> }
interface Card { content: string; flags: { clockwork: { cast: { applied: boolean; undone?: boolean; appliedTargets: string[] } } }; update(c: object): Promise<unknown> }

const card = (client: WorldClient, id: string) => (client.game.messages as unknown as { get(id: string): Card }).get(id);
const grusha = (client: WorldClient) => doc<Health>(client, actorUuid(GRUSHA));

afterEach(() => clearQueuedFaces());

describe("a cast card's Apply and Undo", { timeout: 30_000 }, () => {
  it("is applied from its rolls, shows Applied and the GM's Undo, and Undo keeps a later change", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world, { combat: false });
    const ilinde = doc<Caster>(alice, actorUuid(ILINDE));
    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, 9, 9, 9, 9, 9, 9);
    const cast = await world.as(alice, () => ilinde.castSpell(ilinde.items.get(SPELL_IDS["Fire Bolt"]), { targets: [actorUuid(GRUSHA)] }));
    await world.settle();
    const id = cast!.message.id;
    const damage = cast!.data.targets[0].damage;
    expect(cast!.applied).toBe(true);
    expect(grusha(gm).system.health.hits).toBe(damage);
    expect(card(gm, id).flags.clockwork.cast).toMatchObject({ applied: true, appliedTargets: ["t0"] });
    expect(card(gm, id).content).toContain("Applied");
    expect(card(gm, id).content).toContain('data-action="undoCast"');

    // A hit added by hand after the card, then the GM's Undo: the card's damage goes, the hit stays.
    await world.as(gm, () => grusha(gm).update({ "system.health.hits": damage + 1 }));
    await world.settle();
    expect(await world.as(gm, () => undoCastCard(card(gm, id)))).toBe(true);
    await world.settle();
    expect(grusha(gm).system.health.hits).toBe(1);
    expect(card(alice, id).flags.clockwork.cast).toMatchObject({ undone: true, applied: false });
    expect(card(alice, id).content).toContain("Undone");
  });
});
