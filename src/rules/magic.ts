/**
 * Small magic rules (digest §4.18, RULINGS 10, 84): Ward negation, summed potion dice and the
 * order of spell resistance checks.
 */
import { requireFaces, requireInteger } from "./errors";
import { DIE_FACES } from "./tables";

/** Ward negates an incoming spell when a d12 ≤ the Ward's gains (RULING 10). */
export function wardNegates(face: number, wardGains: number): boolean {
  requireFaces([face]);
  requireInteger(wardGains, "Ward gains", "Ward stores 0 to 12 gains (RULING 10)", 0, 12);
  return face <= wardGains;
}

/** Chance that Ward negates a spell: gains in 12. */
export function wardNegateChance(wardGains: number): number {
  requireInteger(wardGains, "Ward gains", "Ward stores 0 to 12 gains (RULING 10)", 0, 12);
  return wardGains / DIE_FACES;
}

/** Hits or mana restored by a potion: the dice are summed (RULING 84). */
export function sumDice(faces: readonly number[]): number {
  requireFaces(faces);
  return faces.reduce((sum, face) => sum + face, 0);
}

/** The order spell resistance checks are made in; any success negates the spell (§4.18 step 9). */
export const SPELL_RESISTANCE_ORDER = ["ward", "nullMagic", "gnome", "golemRunes"] as const;
