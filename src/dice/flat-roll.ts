/**
 * `FlatRoll`: 1d12 that succeeds at or above N (digest §4.2), or "roll twice, keep the better"
 * (`2d12kh`) for the abilities that say so. The total is the kept face.
 */
import type { EmptyObject } from "fvtt-types/utils";
import { DIE_FACES, flatSucceeds, requireInteger } from "../rules";
import { ClockworkRoll, fixClassName } from "./clockwork-roll";
import type { FlatRollOptions } from "./types";

const FLAT_RULE = "a Flat N succeeds on a d12 of N or more, N from 1 to 12";

export class FlatRoll extends ClockworkRoll<FlatRollOptions> {
  constructor(formula: string, data: EmptyObject = {}, options: FlatRollOptions = { target: 7 }) {
    requireInteger(options.target, "Flat target", FLAT_RULE, 1, DIE_FACES);
    super(formula, data, options);
  }

  /** A Flat `target` roll; `keepBetter` rolls two dice and keeps the higher. */
  static forTarget(target: number, options: Omit<FlatRollOptions, "target"> = {}): FlatRoll {
    const formula = options.keepBetter ? `2d${DIE_FACES}kh` : `1d${DIE_FACES}`;
    return new FlatRoll(formula, {}, { ...options, target });
  }

  get target(): number {
    return this.settings.target;
  }

  /** The face that counts (the better one when rolling twice). */
  get face(): number {
    return Math.max(...this.faces);
  }

  get success(): boolean {
    return flatSucceeds(this.face, this.target);
  }

  override luckScore(): number {
    return this.face;
  }
}

fixClassName(FlatRoll, "FlatRoll");
