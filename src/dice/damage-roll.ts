/**
 * `DamageRoll`: N dice of one damage type, rolled once and counted separately against each
 * target's resistance (digest §4.9 step 7): armor piercing, area halving on a miss, and the
 * attack's critical damage added on a hit, all by the rules core.
 */
import { damageAgainstTargets, DIE_FACES, MAX_DICE, requireInteger, resolveDamage, type DamageResult } from "../rules";
import { ClockworkRoll, fixClassName } from "./clockwork-roll";
import type { DamageRollOptions, DamageTargetData } from "./types";

export class DamageRoll extends ClockworkRoll<DamageRollOptions> {
  /** `dice` d12 of damage (0 to 12). */
  static forDice(dice: number, options: DamageRollOptions): DamageRoll {
    requireInteger(dice, "damage dice", "a damage roll has 0 to 12 dice (RULING: cap 12)", 0, MAX_DICE);
    return new DamageRoll(`${dice}d${DIE_FACES}`, {}, options);
  }

  get damageType(): DamageRollOptions["damageType"] {
    return this.settings.damageType;
  }

  /** This roll counted against one target. */
  against(target: Omit<DamageTargetData, "name">): DamageResult {
    return resolveDamage(this.faces, target, {
      armorPiercing: this.settings.armorPiercing, criticals: this.settings.criticals,
      aoeMiss: this.settings.aoe === true && !target.hit,
    });
  }

  /** This roll counted against every stored target (a missed target of a single attack takes 0). */
  get targetResults(): DamageResult[] {
    return damageAgainstTargets(this.faces, this.settings.targets ?? [], {
      armorPiercing: this.settings.armorPiercing, criticals: this.settings.criticals, aoe: this.settings.aoe,
    });
  }

  /** With targets, the damage dealt to all of them ranks rerolls; without, no ranking. */
  override luckScore(): number | null {
    if (!this.settings.targets?.length) return null;
    return this.targetResults.reduce((sum, r) => sum + r.total, 0);
  }
}

fixClassName(DamageRoll, "DamageRoll");
