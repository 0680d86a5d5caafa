/** A sheet action's update: changes already stored are done (no write, no redraw); a refusal redraws. */
import { describe, expect, it } from "vitest";
import { attemptUpdate } from "../../../src/applications/sheets/form-errors";

function fixture(result: unknown) {
  const calls = { updates: [] as object[], renders: 0 };
  const doc = { _source: { system: { health: { hits: 2, vitalsLost: 1 } } }, update: async (changes: never) => { calls.updates.push(changes); return result; } };
  const sheet = { form: null, render: () => { calls.renders++; } };
  return { calls, doc, sheet };
}

describe("attemptUpdate", () => {
  it("does not send changes the document already holds, and reports them done", async () => {
    const { calls, doc, sheet } = fixture(undefined);
    expect(await attemptUpdate(sheet, doc, { "system.health.hits": 2, "system.health.vitalsLost": 1 })).toBe(true);
    expect(calls).toEqual({ updates: [], renders: 0 });
  });

  it("sends a real change; a refusal (undefined) redraws and reports false", async () => {
    const { calls, doc, sheet } = fixture(undefined);
    expect(await attemptUpdate(sheet, doc, { "system.health.hits": 3 })).toBe(false);
    expect(calls).toEqual({ updates: [{ "system.health.hits": 3 }], renders: 1 });
  });

  it("an accepted change is not redrawn by the action", async () => {
    const { calls, doc, sheet } = fixture({ id: "stored" });
    expect(await attemptUpdate(sheet, doc, { "system.health.hits": 3 })).toBe(true);
    expect(calls.renders).toBe(0);
  });
});
