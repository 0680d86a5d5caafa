/**
 * The warning for armor the character cannot wear without penalty (§1.11), as label keys and
 * the rules core's numbers: the builder and the character sheet show the same sentence.
 */
import type { ArmorBurden } from "../../rules";
import type { SheetChoices } from "./choices";

export const ARMOR_BURDEN_KEY = "CLOCKWORK.Builder.Warning.ArmorTooHeavy";

/** `armor`, `max` and `state` are label keys to localize; the others are ready to show. */
export interface ArmorBurdenView {
  armor: string;
  max: string;
  state: string;
  walk: string;
  run: string;
  dodge: string;
}

const change = (from: number, to: number, sign = false): string => {
  const show = (n: number) => (sign && n >= 0 ? `+${n}` : String(n));
  return `${show(from)} → ${show(to)}`;
};

export function armorBurdenView(burden: ArmorBurden, c: SheetChoices): ArmorBurdenView {
  return {
    armor: c.label.weight(burden.armor),
    max: c.label.weight(burden.maxArmor),
    state: `CLOCKWORK.Builder.Warning.State.${burden.encumbrance}`,
    walk: change(burden.without.walk, burden.worn.walk),
    run: change(burden.without.run, burden.worn.run),
    dodge: change(burden.without.dodge, burden.worn.dodge, true),
  };
}

/** The whole sentence with a translator (the builder localizes in code). */
export function armorBurdenText(burden: ArmorBurden, c: SheetChoices, t: (key: string, data?: Record<string, unknown>) => string, key = ARMOR_BURDEN_KEY): string {
  const v = armorBurdenView(burden, c);
  return t(key, { ...v, armor: t(v.armor), max: t(v.max), state: t(v.state) });
}
