/**
 * Rules-core benchmarks. Targets: the whole odds table (pools 1–12 × ranks 2–12) under 1 ms,
 * deriveCharacter under 5 µs a call. Loops run a fixed batch so per-call time = mean / batch.
 */
import { bench, describe } from "vitest";
import {
  ARMOR_WEIGHTS, SIZES, SKILL_KEYS, applyDamage, deriveCharacter, gainDistribution, newHealthTrack, oddsTable,
} from "../../src/rules";
import type { CharacterInput, HealthTrack, SkillKey } from "../../src/rules";

/** Deterministic pseudo-random numbers (mulberry32), so every run measures the same inputs. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(12);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];

describe("gainDistribution, 12 dice", () => {
  for (let rank = 2; rank <= 12; rank++) {
    bench(`rank ${rank}`, () => {
      gainDistribution(12, rank);
    });
  }
});

describe("whole odds table (pools 1–12 × ranks 2–12)", () => {
  bench("132 gainDistribution calls", () => {
    for (let rank = 2; rank <= 12; rank++) for (let dice = 1; dice <= 12; dice++) gainDistribution(dice, rank);
  });
  bench("oddsTable (incremental)", () => {
    oddsTable();
  });
});

const CHARACTERS: CharacterInput[] = Array.from({ length: 10_000 }, () => {
  const skills = {} as Record<SkillKey, number>;
  for (const key of SKILL_KEYS) skills[key] = 4 + Math.floor(rand() * 9);
  return { skills, size: pick(SIZES), armor: pick(ARMOR_WEIGHTS), shield: pick(ARMOR_WEIGHTS), runBonus: Math.floor(rand() * 2) };
});

describe("deriveCharacter", () => {
  bench("10,000 characters", () => {
    for (const input of CHARACTERS) deriveCharacter(input);
  });
});

const TRACKS: HealthTrack[] = Array.from({ length: 1000 }, () => {
  const grit = 4 + Math.floor(rand() * 8);
  const wounds = Math.floor(rand() * grit);
  return { ...newHealthTrack(grit, 6), wounds, vitalsLost: Math.floor(rand() * 5), hits: Math.floor(rand() * (grit - wounds)) };
});
const DAMAGES = Array.from({ length: 1000 }, () => Math.floor(rand() * 20));

describe("applyDamage", () => {
  bench("100,000 applications", () => {
    for (let i = 0; i < 100_000; i++) applyDamage(TRACKS[i % 1000], DAMAGES[(i * 7) % 1000]);
  });
});
