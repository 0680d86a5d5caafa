/**
 * Magic's forgery cases (tests/relay/forgery/magic.cases.ts), each sent from a player's client as
 * the relay's query: none changes anything on the server, each answers a localized refusal. The
 * reused cast card is refused by the relay's ledger (a tag already on the target), which arrives
 * with the relay branch: until it is merged that case fails.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces } from "../world";
import { expectRefused } from "../relay/forgery/case";
import { magicForgeries, magicRefusalKeys, magicTable } from "../relay/forgery/magic.cases";

afterEach(() => clearQueuedFaces());

// A three-client world per case, with a cast: seconds each on a loaded machine.
describe("magic's relay kinds refuse forged requests", { timeout: 30_000 }, () => {
  for (const forged of magicForgeries) {
    it(`${forged.kind ?? forged.query}: ${forged.name}`, async () => {
      const table = await magicTable();
      const text = await expectRefused(table.world, table, forged);
      const key = magicRefusalKeys[forged.name];
      if (key) expect(text).toBe(table.gm.game.i18n.localize(key));
    });
  }
});
