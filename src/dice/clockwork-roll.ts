/**
 * The base of the ClockWork roll classes: Foundry's `Roll` (so roll modes, Dice So Nice and
 * serialization work as for any roll) plus typed options, the faces that count, and a total
 * that means something in ClockWork (gains, fatal wounds) instead of the sum of the dice.
 */
import type { EmptyObject } from "fvtt-types/utils";
import { activeFaces, dieResults } from "./roll-data";
import type { CommonRollOptions, DieResultData } from "./types";

export abstract class ClockworkRoll<O extends CommonRollOptions = CommonRollOptions> extends Roll {
  constructor(formula: string, data: EmptyObject = {}, options: O = {} as O) {
    super(formula, data, options as Roll.Options);
  }

  /** The ClockWork options this roll was made with (they survive `toJSON` / `fromData`). */
  get settings(): O {
    return this.options as O;
  }

  /** Every d12 result, kept and discarded. */
  get results(): DieResultData[] {
    return dieResults(this.dice);
  }

  /** Faces of the dice that count. */
  get faces(): number[] {
    return activeFaces(this.dice);
  }

  /** Replaced by a luck reroll in the same message. */
  get discarded(): boolean {
    return this.settings.discarded === true;
  }

  /** The ClockWork meaning of the roll as its total, or undefined to keep Foundry's sum. */
  protected clockworkTotal(): number | undefined {
    return undefined;
  }

  /**
   * For luck with "keep the best" (Halflings): higher is better; null when results of this
   * kind cannot be ranked, in which case the latest result stands.
   */
  luckScore(): number | null {
    return null;
  }

  /** An unevaluated copy with its own options object, for a luck reroll. */
  freshCopy(): this {
    const cls = this.constructor as new (formula: string, data: EmptyObject, options: O) => this;
    const options = { ...(structuredClone(this.settings) as O), discarded: false };
    return new cls(this.formula, {}, options);
  }

  protected override async _evaluate(options?: Roll.Options): Promise<Roll.Evaluated<this>> {
    const roll = await super._evaluate(options);
    this.#applyTotal();
    return roll;
  }

  protected override _evaluateSync(options?: Roll.Options): Roll.Evaluated<this> {
    const roll = super._evaluateSync(options);
    this.#applyTotal();
    return roll;
  }

  #applyTotal(): void {
    const total = this.clockworkTotal();
    if (total !== undefined) this._total = total;
  }
}

/**
 * Foundry rebuilds rolls from chat messages by class name (`Roll.fromData` searches
 * `CONFIG.Dice.rolls` for `data.class`), so the name must survive bundling and minifying.
 */
export function fixClassName(cls: abstract new (...args: never[]) => unknown, name: string): void {
  Object.defineProperty(cls, "name", { value: name });
}
