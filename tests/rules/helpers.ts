import { SKILL_KEYS } from "../../src/rules";
import type { SkillKey } from "../../src/rules";

/** All 16 skills at rank 12, with the given overrides. */
export function skillsWith(overrides: Partial<Record<SkillKey, number>> = {}): Record<SkillKey, number> {
  const skills = {} as Record<SkillKey, number>;
  for (const key of SKILL_KEYS) skills[key] = overrides[key] ?? 12;
  return skills;
}

/** Every way to roll n d12s (brute force; tests only, small n). */
export function* allRolls(n: number): Generator<number[]> {
  if (n === 0) {
    yield [];
    return;
  }
  for (const rest of allRolls(n - 1)) for (let face = 1; face <= 12; face++) yield [...rest, face];
}
