/**
 * Magic's write batches read "nothing to change" apart from "refused": core resolves an update
 * whose diff is empty with `undefined`, as it does a refused one (v13 client-backend.mjs,
 * #preUpdateDocumentArray skips an empty diff), so a batch that re-applies a condition's flags as
 * they already are must not be undone.
 */
import { describe, expect, it } from "vitest";
import { createWorld } from "../world";
import { GRUSHA, ILINDE, actorUuid, doc, seedArena } from "./world-fixtures";
import { writeOwned } from "../../src/relay";

interface FlaggedActor {
  system: { mana: { value: number } };
  effects: Iterable<{ statuses?: Set<string>; flags?: { clockwork?: Record<string, unknown> } }>;
  createEmbeddedDocuments(type: string, data: object[]): Promise<unknown[]>;
}

describe("magic write batches", { timeout: 20_000 }, () => {
  it("a condition's flags written again unchanged are done, not refused: the batch's other writes stay", async () => {
    const world = await createWorld({ packs: false });
    const { gm } = await seedArena(world, { pool: null, combat: false });
    const grusha = () => doc<FlaggedActor>(gm, actorUuid(GRUSHA));
    const ilinde = () => doc<FlaggedActor>(gm, actorUuid(ILINDE));
    await world.as(gm, () => grusha().createEmbeddedDocuments("ActiveEffect", [{ name: "Burning", statuses: ["burning"] }]));
    await world.settle();
    const flags = { spell: { name: "Fire Bolt", gains: 3 } };
    const first = await world.as(gm, () => writeOwned([{ op: "effectFlags", uuid: actorUuid(GRUSHA), status: "burning", flags }]));
    expect(first).toMatchObject({ ok: true });
    const manaBefore = ilinde().system.mana.value;
    const again = await world.as(gm, () => writeOwned([
      { op: "update", uuid: actorUuid(ILINDE), changes: { "system.mana.value": manaBefore - 2 } },
      { op: "effectFlags", uuid: actorUuid(GRUSHA), status: "burning", flags },
    ]));
    await world.settle();
    expect(again).toMatchObject({ ok: true });
    expect(ilinde().system.mana.value).toBe(manaBefore - 2);
    const burning = [...grusha().effects].find((effect) => effect.statuses?.has("burning"));
    expect(burning?.flags?.clockwork?.spell).toEqual(flags.spell);
  });
});
