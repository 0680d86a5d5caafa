/**
 * The roll classes by kind, and their registration in `CONFIG.Dice.rolls` so that Foundry can
 * rebuild them from chat messages (`Roll.fromData` finds classes there by name).
 */
import { DamageRoll } from "./damage-roll";
import { DeathRoll } from "./death-roll";
import { FlatRoll } from "./flat-roll";
import { GainRoll } from "./gain-roll";
import type { RollKind } from "./types";
import { getConfig } from "../foundry";

/** Roll class per kind (the dice layer's `config` map). */
export const ROLL_CLASSES = {
  gain: GainRoll,
  flat: FlatRoll,
  damage: DamageRoll,
  death: DeathRoll,
} as const satisfies Record<RollKind, abstract new (...args: never[]) => Roll>;

/** Adds the roll classes to `CONFIG.Dice.rolls` once each; Foundry's own `Roll` stays first. */
export function registerRollClasses(): void {
  const rolls: unknown[] = getConfig().Dice.rolls;
  for (const cls of Object.values(ROLL_CLASSES)) {
    if (!rolls.includes(cls)) rolls.push(cls);
  }
}
