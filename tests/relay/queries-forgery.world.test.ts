/**
 * Every forged query of tests/relay/forgery/queries.cases.ts, sent from Bob's client: each is
 * refused with a localized message and changes nothing on the server (issue 18 items 2, 7).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectRefused } from "./forgery/case";
import { queryForgeries, queryTable, type QueryTable } from "./forgery/queries.cases";

let table: QueryTable;
beforeAll(async () => {
  table = await queryTable();
}, 60_000);
afterAll(() => table?.fight.world.close());

describe("forged queries", { timeout: 30_000 }, () => {
  it("the table is as the cases expect: Orc dying and owing no roll, Ada's turn just ended", () => {
    const orc = table.fight.gm.game.actors.get(table.fight.actors.orc) as unknown as { system: { health: { dying: boolean; wounds: number } }; flags: { clockwork?: Record<string, unknown> } };
    expect(orc.system.health.dying).toBe(true);
    expect(orc.flags.clockwork?.deathRollOwed ?? null).toBeNull();
    expect(orc.flags.clockwork?.stabilizeRolls).toHaveLength(1);
  });

  for (const forged of queryForgeries) {
    it(`${forged.query} × ${forged.forgery}: ${forged.name}`, async () => {
      const text = await expectRefused(table.fight.world, table, forged);
      expect(text.length).toBeGreaterThan(0);
      if (process.env.FORGERY_TABLE) console.log(`ROW | ${forged.query} | ${forged.forgery} | ${forged.name} | ${text}`);
    });
  }
});
