/** Every forged "damage.apply" request changes nothing and is refused with a localized message. */
import { describe, it } from "vitest";
import { expectRefused } from "../relay/forgery/case";
import { damageTable, enricherDamageForgeries } from "../relay/forgery/enricher-damage.cases";

// A booted three-client arena per case: seconds each on a loaded machine.
describe("forged damage.apply requests", { timeout: 30_000 }, () => {
  for (const forged of enricherDamageForgeries) {
    it(`refuses: ${forged.name}`, async () => {
      const table = await damageTable();
      await expectRefused(table.world, table, forged);
    });
  }
});
