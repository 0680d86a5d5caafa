/**
 * Extra action groups for the sheet's combat action list (issue 11 item 3: casting from the
 * combat actions). A provider, registered once in `init` by another layer (magic adds "Spells"),
 * returns its views for an actor; `buildCombatActionsContext` adds them to the list under the
 * provider's group, and a click on one of them (`data-provider`) calls the provider's `perform`
 * instead of the combat action path.
 */

/** Where the actor stands in combat, as the list sees it. */
export interface ProviderCombat {
  inCombat: boolean;
  counters: { available: number; reserved: number; hadTurn: boolean; passed: boolean } | null;
}

/** One action a provider adds (already localized). */
export interface ProvidedAction {
  /** A key of the provider's own ("castSpell"). */
  key: string;
  label: string;
  /** Counters charged now ("0" outside combat). */
  cost: number;
  /** What it costs in a combat (shown outside one, so it does not read as free). */
  baseCost?: number;
  reaction?: boolean;
  disabled: boolean;
  reason: string | null;
  /** The item the action uses (the spell), carried on the button as `data-item-id`. */
  itemId: string | null;
}

/** What a click carries back to the provider (the button's dataset). */
export interface ProvidedRequest {
  key: string;
  itemId: string | null;
  event?: { shiftKey?: boolean } | null;
}

export interface ActionProvider<A = never> {
  /** The list group the views go in (a key of `CLOCKWORK.Combat.Attack.Group`). */
  group: string;
  views(actor: A, combat: ProviderCombat): ProvidedAction[];
  perform(actor: A, request: ProvidedRequest): Promise<unknown>;
}

const providers = new Map<string, ActionProvider<never>>();

/** Adds (or replaces) a provider; returns a function that removes it. */
export function registerActionProvider<A>(id: string, provider: ActionProvider<A>): () => void {
  providers.set(id, provider as ActionProvider<never>);
  return () => {
    if (providers.get(id) === (provider as unknown)) providers.delete(id);
  };
}

export function actionProvider(id: string): ActionProvider<never> | undefined {
  return providers.get(id);
}

/** Every provider, in registration order. */
export function actionProviders(): [string, ActionProvider<never>][] {
  return [...providers.entries()];
}
