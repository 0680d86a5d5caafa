/** The GM relay's checks that need no world: which paths it carries, how a track is read. */
import { describe, expect, it } from "vitest";
import { allowGmWritePaths, healthTrackOf, pathsAllowed } from "../../src/combat/gm-writes";

describe("pathsAllowed", () => {
  it("carries health, counters and card records; nothing else", () => {
    expect(pathsAllowed("Actor", { "system.health.hits": 3, "system.health.dying": true })).toBe(true);
    expect(pathsAllowed("Actor", { system: { health: { wounds: 1 } } })).toBe(true);
    expect(pathsAllowed("Actor", { name: "Renamed" })).toBe(false);
    expect(pathsAllowed("Actor", { "system.health.hits": 1, "system.skills.strength.rank": 4 })).toBe(false);
    expect(pathsAllowed("Combatant", { "system.counters": { available: 4 } })).toBe(true);
    expect(pathsAllowed("ChatMessage", { "flags.clockwork.attack.applied.x": null })).toBe(true);
    expect(pathsAllowed("ChatMessage", { content: "<p>hi</p>" })).toBe(false);
    expect(pathsAllowed("Item", { "system.quantity": 0 })).toBe(false);
    expect(pathsAllowed("Actor", {})).toBe(false);
  });

  it("other combat modules may add paths", () => {
    expect(pathsAllowed("Combatant", { "flags.clockwork.testOnly": 1 })).toBe(false);
    allowGmWritePaths("Combatant", ["flags.clockwork.testOnly"]);
    expect(pathsAllowed("Combatant", { "flags.clockwork.testOnly": 1 })).toBe(true);
    expect(pathsAllowed("Combatant", { "flags.clockwork.testOnlyNot": 1 })).toBe(false);
  });
});

describe("healthTrackOf", () => {
  it("reads the stored track with the derived grit and vitals, barrier included", () => {
    expect(healthTrackOf({ health: { grit: 6, wounds: 1, hits: 2, vitalsMax: 6, vitalsLost: 1, barrier: 3, dying: false, dead: false } }))
      .toEqual({ grit: 6, wounds: 1, hits: 2, vitalsMax: 6, vitalsLost: 1, barrier: 3, dying: false, dead: false });
    expect(healthTrackOf({ health: { hits: 0 } })).toBeNull();
    expect(healthTrackOf(undefined)).toBeNull();
  });
});
