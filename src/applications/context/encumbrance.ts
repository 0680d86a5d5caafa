/**
 * The warning for armor the character cannot wear without penalty (§1.11), as label keys and
 * the rules core's numbers: the builder and the character sheet show the same sentence.
 */
import type { ArmorBurden } from "../../rules";
import type { SheetChoices } from "./choices";

const KEY = "CLOCKWORK.Builder.Warning";

/**
 * `key` (the sentence for the worn armor), `shopKey` (the same for armor not yet bought),
 * `armor` and `max` are keys to localize; the numbers are ready to show. Run (and walk, when
 * only stepping is left) is stated as it is without the armor: worn, it is not usable at all.
 */
export interface ArmorBurdenView {
  key: string;
  shopKey: string;
  armor: string;
  max: string;
  walk: string;
  run: string;
  dodge: string;
}

const change = (from: number, to: number, sign = false): string => {
  const show = (n: number) => (sign && n >= 0 ? `+${n}` : String(n));
  return `${show(from)} → ${show(to)}`;
};

export function armorBurdenView(burden: ArmorBurden, c: SheetChoices): ArmorBurdenView {
  const { worn, without } = burden;
  return {
    key: `${KEY}.ArmorTooHeavy.${burden.encumbrance}`,
    shopKey: `${KEY}.ArmorTooHeavyShop.${burden.encumbrance}`,
    armor: c.label.weight(burden.armor),
    max: c.label.weight(burden.maxArmor),
    walk: worn.canWalk ? change(without.walk, worn.walk) : String(without.walk),
    run: String(without.run),
    dodge: change(without.dodge, worn.dodge, true),
  };
}

/** The whole sentence with a translator (the builder localizes in code); `shop` for a shop row. */
export function armorBurdenText(burden: ArmorBurden, c: SheetChoices, t: (key: string, data?: Record<string, unknown>) => string, shop = false): string {
  const v = armorBurdenView(burden, c);
  return t(shop ? v.shopKey : v.key, { walk: v.walk, run: v.run, dodge: v.dodge, armor: t(v.armor), max: t(v.max) });
}
