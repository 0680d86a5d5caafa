/** A gain-roll request with sensible defaults, for tests of the pure dice modules. */
import type { GainRollRequest } from "../../src/dice/pool";

export function request(overrides: Partial<GainRollRequest> = {}): GainRollRequest {
  return {
    actorName: "Ada",
    subject: { kind: "skill", skill: "strength", attribute: "body" },
    attributeDice: 8,
    threshold: 7,
    bonusSkill: false,
    foci: [],
    focusId: "",
    situational: 0,
    physical: true,
    vitalsRemaining: 6,
    hexed: false,
    difficulty: "none",
    customDifficulty: 0,
    outOfCombat: true,
    critical: {},
    rollMode: "publicroll",
    ...overrides,
  };
}
