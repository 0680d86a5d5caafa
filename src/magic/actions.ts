/**
 * Spells in the sheet's combat action list (issue 11 item 3, "casting from the combat actions"):
 * magic registers a provider with combat's action registry (src/combat/actions/providers.ts).
 * Each spell the actor owns is one action under "Spells": its name and mana cost, its counters
 * (nothing charged outside combat), disabled with the reason when a casting check fails now
 * (hands, Berserk, ritual in combat, counters, mana). Targets are checked when it is cast, since
 * they are chosen after the list is drawn. A click opens the casting dialog (`castSpell`).
 */
import { localize } from "../foundry";
import { castingProblem, spellManaCost, targetLimits } from "../rules";
import { registerActionProvider, type ActionProvider, type ProviderCombat, type ProvidedAction } from "../combat/actions/providers";
import { handsOf, heldNamesOf, knowsSpell, spellProfileOf, statusesOf, type CastActor, type SpellItem } from "./context";
import { SPELL_ACTIONS } from "./constants";

/** The provider's id (the buttons' `data-provider`; defined in ./constants). */
export { SPELL_ACTIONS };

type SpellActor = CastActor & {
  items: Iterable<SpellItem & { id?: string | null; type: string }>;
  castSpell?(item: SpellItem, options?: { dialog?: boolean; event?: { shiftKey?: boolean } | null }): Promise<unknown>;
};

/** The spell actions of an actor (pure apart from localization). */
export function spellActionsOf(actor: SpellActor, combat: ProviderCombat): ProvidedAction[] {
  const statuses = statusesOf(actor);
  const hands = handsOf(actor);
  const have = actor.system.mana?.value ?? 0;
  const views: ProvidedAction[] = [];
  for (const item of actor.items) {
    if (item.type !== "spell" || !item.id) continue;
    const spell = spellProfileOf(item);
    const mana = spellManaCost(spell, 1);
    const problem = castingProblem({
      spell,
      known: knowsSpell(actor, item),
      hands,
      berserk: statuses.has("berserk"),
      mana: have,
      manaCost: mana,
      // Targets are chosen after the list is drawn; the cast checks them.
      targets: targetLimits(spell.automation).min,
      inCombat: combat.inCombat,
      counters: combat.counters ?? undefined,
      stunned: statuses.has("stunned"),
    });
    const cost = combat.inCombat ? spell.counters ?? 0 : 0;
    views.push({
      key: "castSpell",
      label: localize("CLOCKWORK.Magic.Action.label", { name: item.name, mana }),
      cost,
      baseCost: spell.counters ?? 0,
      disabled: problem !== null,
      reason: problem ? localize(`CLOCKWORK.Magic.Refused.${problem}`, { name: item.name, mana, have, cost: spell.counters ?? 0, held: heldNamesOf(actor) }) : null,
      itemId: item.id,
    });
  }
  return views;
}

/** Magic's provider: the actor's spells, cast on a click. */
export const spellActionProvider: ActionProvider<SpellActor> = {
  group: "magic",
  views: spellActionsOf,
  async perform(actor, request) {
    const item = request.itemId ? [...actor.items].find((i) => i.id === request.itemId) : undefined;
    if (!item || typeof actor.castSpell !== "function") return null;
    // The casting dialog opens (a shift-click casts with the last choices).
    return actor.castSpell(item, { dialog: true, event: request.event ?? null });
  },
};

/** Adds the spells to the combat action list; once, in `init`. */
export function registerSpellActions(): () => void {
  return registerActionProvider(SPELL_ACTIONS, spellActionProvider);
}
