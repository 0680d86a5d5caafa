/**
 * `GainRoll`: N d12 counted against a threshold (digest §4.1). Foundry rolls the dice; the
 * rules core counts them. The roll's total is its gains.
 */
import type { EmptyObject } from "fvtt-types/utils";
import {
  countGains, criticalDamage, criticalThreshold, DIE_FACES, markDice, MAX_DICE, netGains, requireInteger,
  resolveUnopposed, type DieMark, type UnopposedResult,
} from "../rules";
import { ClockworkRoll, fixClassName } from "./clockwork-roll";
import type { GainRollOptions } from "./types";

const THRESHOLD_RULE = "a gain roll counts dice at or above a skill rank or threshold from 1 to 12";

export class GainRoll extends ClockworkRoll<GainRollOptions> {
  constructor(formula: string, data: EmptyObject = {}, options: GainRollOptions = { threshold: 12 }) {
    requireInteger(options.threshold, "gain roll threshold", THRESHOLD_RULE, 1, DIE_FACES);
    super(formula, data, options);
  }

  /** A roll of `dice` d12 (0 to 12; 0 fails automatically). */
  static fromPool(dice: number, options: GainRollOptions): GainRoll {
    requireInteger(dice, "pool size", "a pool holds 0 to 12 dice (RULING: cap 12)", 0, MAX_DICE);
    return new GainRoll(`${dice}d${DIE_FACES}`, {}, { ...options, automaticFailure: options.automaticFailure ?? dice === 0 });
  }

  get threshold(): number {
    return this.settings.threshold;
  }

  get #gainOptions(): { hexed: boolean } {
    return { hexed: this.settings.hexed === true };
  }

  /** Gains after the floor at 0 (RULING 56); an automatic failure has none. */
  get gains(): number {
    if (this.settings.automaticFailure) return 0;
    return countGains(this.faces, this.threshold, this.#gainOptions);
  }

  /** Gains before the floor, for showing how far below zero the dice went. */
  get netGains(): number {
    return netGains(this.faces, this.threshold, this.#gainOptions);
  }

  /** Per die: double gain (12), gain, cancel (1, or a hexed 2/3), or nothing. */
  get marks(): DieMark[] {
    return markDice(this.faces, this.threshold, this.#gainOptions);
  }

  get twelves(): number {
    return this.faces.filter((face) => face === DIE_FACES).length;
  }

  get ones(): number {
    return this.faces.filter((face) => face === 1).length;
  }

  /** The lowest die that scores critical damage (12, 11 on a head shot, lower with Improved Critical). */
  get criticalThreshold(): number {
    return criticalThreshold(this.settings.critical ?? {});
  }

  /** Critical damage if this is a hit: dice in the critical range plus flat bonuses. */
  get criticals(): number {
    return criticalDamage(this.faces, this.settings.critical ?? {});
  }

  /** Success and dramatic result against the needed gains; null without a difficulty. */
  get outcome(): UnopposedResult | null {
    const needed = this.settings.needed;
    if (needed === null || needed === undefined) return null;
    if (this.settings.automaticFailure) return { success: false, dramatic: null };
    return resolveUnopposed(this.gains, needed, { outOfCombat: this.settings.outOfCombat === true });
  }

  protected override clockworkTotal(): number {
    return this.gains;
  }

  /** More gains is better; criticals break ties. */
  override luckScore(): number {
    return this.gains * 100 + this.criticals;
  }
}

fixClassName(GainRoll, "GainRoll");
