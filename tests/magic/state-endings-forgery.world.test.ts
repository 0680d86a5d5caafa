/** Every forged "state.end" request changes nothing and is refused with a localized message. */
import { describe, it } from "vitest";
import { expectRefused } from "../relay/forgery/case";
import { magicTable } from "../relay/forgery/magic.cases";
import { stateEndForgeries } from "../relay/forgery/state-endings.cases";

// A booted three-client arena per case: seconds each on a loaded machine.
describe("forged state.end requests", { timeout: 30_000 }, () => {
  for (const forged of stateEndForgeries) {
    it(`refuses: ${forged.name}`, async () => {
      const table = await magicTable();
      await expectRefused(table.world, table, forged);
    });
  }
});
