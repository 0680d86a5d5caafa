/** Glue between an actor's system model and the pure derivation. */
import { deriveActorData, type CreatureSource, type DeriveOptions, type ItemInput } from "./derive";
import type { ActorDerivedData } from "./derived";
import { activeInputOf, type EffectInput } from "./active";

interface ItemLike {
  id: string | null;
  name: string;
  type: string;
  system: unknown;
}

interface ActorLike {
  items: Iterable<ItemLike>;
  effects?: Iterable<EffectInput>;
  statuses?: { has(id: string): boolean };
}

type Joinable = Record<string, unknown>;

function isObject(value: unknown): value is Joinable {
  return value !== null && typeof value === "object";
}

/**
 * Write derived values onto the prepared system data. Derived objects that sit in a stored one
 * (`health`, `mana`, `luck`) are copied into it, keeping the stored fields beside them; a
 * derived skill carries its stored rank and replaces `skills.<key>`; every other derived key is
 * derived-only and simply replaced. (A generic deep
 * merge here took over half of each actor's preparation, issue 9.)
 */
function mergeDerived(target: Joinable, derived: ActorDerivedData): void {
  for (const key in derived) {
    const value = derived[key as keyof ActorDerivedData];
    const existing = target[key];
    if (key === "skills" && isObject(existing)) {
      // A stored skill holds only its rank, which the derived skill repeats: take it whole.
      const skills = value as Joinable;
      for (const skill in skills) existing[skill] = skills[skill];
    } else if ((key === "health" || key === "mana" || key === "luck") && isObject(existing)) {
      Object.assign(existing, value);
    } else {
      target[key] = value;
    }
  }
}

/** Plain snapshots of an actor's items, the derivation's input. */
export function itemInputs(actor: ActorLike | null | undefined): ItemInput[] {
  const inputs: ItemInput[] = [];
  if (!actor) return inputs;
  for (const item of actor.items) {
    const system = item.system as { identifier?: string };
    inputs.push({ id: item.id ?? "", name: item.name, identifier: system.identifier ?? "", type: item.type, system } as ItemInput);
  }
  return inputs;
}

/**
 * Derive and write everything onto `system` (called from `prepareDerivedData`). The owned
 * items go to the derivation as they are: they already carry what it reads, and copying each
 * one on every preparation only fed the garbage collector.
 */
export function prepareCreature(system: object, actor: ActorLike | null | undefined, options: DeriveOptions): void {
  const items = (actor?.items ?? []) as Iterable<ItemInput>;
  const active = options.active === undefined ? activeInputOf(actor?.effects, actor?.statuses) : options.active;
  const derived = deriveActorData(system as CreatureSource, items, active ? { kind: options.kind, active } : options);
  mergeDerived(system as Joinable, derived);
  // Mana never reads above its maximum, which can drop (an Amulet of Wizardry taken off); the
  // stored value follows at the next write of the sheet.
  const mana = (system as { mana?: { value?: number; max: number } }).mana;
  if (mana && typeof mana.value === "number" && mana.value > mana.max) mana.value = mana.max;
}
