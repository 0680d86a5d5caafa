/**
 * `DamageRoll`: N dice of one damage type, rolled once and counted separately against each
 * target's resistance (digest §4.9 step 7): armor piercing, area halving on a miss, and the
 * attack's critical damage added on a hit, all by the rules core.
 */
import { damageAgainstTargets, DIE_FACES, MAX_DICE, requireInteger, resolveDamage, type DamageResult } from "../rules";
import { ClockworkRoll, fixClassName } from "./clockwork-roll";
import { knowsResistance, withoutResistance } from "./roll-data";
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

  /**
   * With targets, the damage dealt to all of them ranks rerolls; without, or once the roll came
   * back from a message (which keeps no resistance), no ranking.
   */
  override luckScore(): number | null {
    const targets = this.settings.targets ?? [];
    if (!targets.length || !targets.every(knowsResistance)) return null;
    return this.targetResults.reduce((sum, r) => sum + r.total, 0);
  }

  /**
   * A message keeps each target's name, actor and hit, never its resistance: every client
   * receives the message, and only the target's observers may know that number (issue 18).
   * Their clients fill it in from the actor when they draw the card (chat.ts).
   */
  override toJSON(): ReturnType<Roll["toJSON"]> {
    const data = super.toJSON();
    const options = data.options as DamageRollOptions | undefined;
    // A copy: core's toJSON hands out the roll's own options object.
    if (options?.targets) data.options = { ...options, targets: options.targets.map(withoutResistance) } as typeof data.options;
    return data;
  }
}

fixClassName(DamageRoll, "DamageRoll");
