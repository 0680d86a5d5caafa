/**
 * What an actor's lasting spells and potions change in its derived data (issue 11 item 5):
 * Haste and Slow move its run by their amount (±2), Enlarge and Shrink its size by one step,
 * and an Ironskin Potion counts as worn Graphene Armor while no armor is worn. Read from the
 * effects magic writes (`flags.clockwork.spell` / `flags.clockwork.alchemy`, src/magic/effects.ts,
 * src/magic/alchemy.ts); the Hasted / Slowed statuses alone (set by hand) count as ±2.
 * Plain loops, no copies: it runs on every preparation of every actor.
 */

/** An Active Effect as the derivation reads it. */
export interface EffectInput {
  disabled?: boolean;
  flags?: Record<string, unknown>;
}

/** The derivation's view of the actor's lasting effects. */
export interface ActiveInput {
  /** Added to the species' run bonus. */
  runBonus: number;
  /** Size steps (+1 Enlarge, −1 Shrink). */
  sizeShift: number;
  /** Resistance in every type an Ironskin-like effect gives when no armor is worn, or 0. */
  skinResistance: number;
}

/** The haste/slow a status implies when no spell effect carries the number. */
const STATUS_RUN = 2;

interface SpellFlag { effect?: unknown; amount?: unknown }
interface AlchemyFlag { armor?: unknown; resistance?: unknown }

/** Gathers the active input; null when nothing applies (the common case). */
export function activeInputOf(effects: Iterable<EffectInput> | null | undefined, statuses: { has(id: string): boolean } | null | undefined): ActiveInput | null {
  let runBonus = 0;
  let sizeShift = 0;
  let skinResistance = 0;
  let speedFromSpell = false;
  let any = false;
  if (effects) {
    for (const effect of effects) {
      if (effect.disabled) continue;
      const clockwork = effect.flags?.clockwork as { spell?: SpellFlag; alchemy?: AlchemyFlag } | undefined;
      if (!clockwork) continue;
      const spell = clockwork.spell;
      if (spell && typeof spell.amount === "number" && Number.isFinite(spell.amount)) {
        if (spell.effect === "speed") {
          runBonus += spell.amount;
          speedFromSpell = true;
          any = true;
        } else if (spell.effect === "size") {
          sizeShift += Math.sign(spell.amount);
          any = true;
        }
      }
      const alchemy = clockwork.alchemy;
      if (alchemy && typeof alchemy.armor === "string" && alchemy.armor && typeof alchemy.resistance === "number" && alchemy.resistance > skinResistance) {
        skinResistance = alchemy.resistance;
        any = true;
      }
    }
  }
  if (!speedFromSpell && statuses) {
    const hasted = statuses.has("hasted");
    const slowed = statuses.has("slowed");
    if (hasted !== slowed) {
      runBonus += hasted ? STATUS_RUN : -STATUS_RUN;
      any = true;
    }
  }
  return any ? { runBonus, sizeShift, skinResistance } : null;
}
