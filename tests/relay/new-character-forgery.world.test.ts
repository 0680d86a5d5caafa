/**
 * Every forged request of tests/relay/forgery/new-character.cases.ts, sent from Bob's client:
 * each is refused with a localized message and changes nothing on the server (issue 20 item 2).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectRefused } from "./forgery/case";
import { newCharacterForgeries, newCharacterTable, type NewCharacterTable } from "./forgery/new-character.cases";

let table: NewCharacterTable;
beforeAll(async () => {
  table = await newCharacterTable();
}, 60_000);
afterAll(() => table?.world.close());

describe("forged requests for a new character", { timeout: 30_000 }, () => {
  it("the table is as the cases expect: Bob's honest request made one empty character he owns", () => {
    const characters = (table.gm.game.actors.contents as unknown as { name: string; ownership: Record<string, number> }[]);
    expect(characters.map((a) => [a.name, a.ownership])).toEqual([["Bob's character", { default: 0, [table.bob.userId]: 3 }]]);
  });

  for (const forged of newCharacterForgeries) {
    it(`${forged.query} × ${forged.forgery}: ${forged.name}`, async () => {
      const text = await expectRefused(table.world, table, forged);
      expect(text.length).toBeGreaterThan(0);
      if (process.env.FORGERY_TABLE) console.log(`ROW | ${forged.query} | ${forged.forgery} | ${forged.name} | ${text}`);
    });
  }
});
