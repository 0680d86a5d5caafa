/**
 * A cast card's hidden numbers (issue 18 item 6): with the default hidden-info setting the card's
 * flags and content hold no target's defense or exact chance, only a band; the designated GM
 * whispers the numbers to the target's observers (the GM for an NPC) in a message the card's
 * render reads. The GM's Undo reverts through the relay (its ledger arrives with the relay branch).
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type WorldClient } from "../world";
import { GRUSHA, ILINDE, SPELL_IDS, actorUuid, doc, flush, seedArena } from "./world-fixtures";

interface Caster {
  items: { get(id: string): unknown };
  castSpell(item: unknown, options?: object): Promise<{ message: { id: string } } | null>;
}
interface Message {
  id: string;
  content: string;
  whisper: string[];
  flags: { clockwork?: { cast?: { targets: { defense: number | null; chance: number | null; band?: string | null }[]; chance: number | null }; castSecret?: { card: string; target: number; defense: number | null; chance: number | null } } };
}

const messages = (client: WorldClient) => [...(client.game.messages as unknown as Iterable<Message>)];

afterEach(() => clearQueuedFaces());

describe("a cast card's hidden numbers", { timeout: 30_000 }, () => {
  it("the card holds a band; the NPC's defense and exact chance go to the GM alone", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice, bob } = await seedArena(world, { combat: false });
    const ilinde = doc<Caster>(alice, actorUuid(ILINDE));
    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, 9, 9, 9, 9, 9, 9);
    const cast = await world.as(alice, () => ilinde.castSpell(ilinde.items.get(SPELL_IDS["Fire Bolt"]), { targets: [actorUuid(GRUSHA)] }));
    await flush(world);
    const card = messages(bob).find((m) => m.id === cast!.message.id)!;
    const target = card.flags.clockwork!.cast!.targets[0];
    expect(target).toMatchObject({ defense: null, chance: null });
    expect(["likely", "even", "unlikely"]).toContain(target.band);
    expect(card.content).not.toMatch(/\d+%/);
    expect(card.content).not.toContain("Defense");
    // The GM's numbers for Grusha (observed by no player): whispered to the GM only.
    const secret = messages(gm).find((m) => m.flags.clockwork?.castSecret?.card === card.id)!;
    expect(secret.whisper).toEqual([gm.userId]);
    expect(secret.flags.clockwork!.castSecret).toMatchObject({ target: 0, defense: 3 });
    expect(secret.flags.clockwork!.castSecret!.chance).toBeGreaterThan(0);
  });
});
