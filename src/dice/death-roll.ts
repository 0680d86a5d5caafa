/**
 * `DeathRoll`: 6d12 counted as fatal wounds (digest §4.14), Diehard aware. The total is the
 * number of fatal wounds.
 */
import { DEATH_ROLL_DICE, deathRollFatalWounds, DIE_FACES, woundsUntilDeath } from "../rules";
import { ClockworkRoll, fixClassName } from "./clockwork-roll";
import type { DeathRollOptions } from "./types";

export class DeathRoll extends ClockworkRoll<DeathRollOptions> {
  /** The death roll: always six dice (RULING 59). */
  static sixDice(options: DeathRollOptions = {}): DeathRoll {
    return new DeathRoll(`${DEATH_ROLL_DICE}d${DIE_FACES}`, {}, options);
  }

  get fatalWounds(): number {
    return deathRollFatalWounds(this.faces, { diehard: this.settings.diehard === true });
  }

  /** Whether these wounds kill, when the roll knows the wounds and grit it was made at. */
  get kills(): boolean | null {
    const { wounds, grit } = this.settings;
    if (wounds === undefined || grit === undefined) return null;
    return this.fatalWounds >= woundsUntilDeath({ grit, wounds });
  }

  protected override clockworkTotal(): number {
    return this.fatalWounds;
  }

  /** Fewer fatal wounds is better. */
  override luckScore(): number {
    return -this.fatalWounds;
  }
}

fixClassName(DeathRoll, "DeathRoll");
