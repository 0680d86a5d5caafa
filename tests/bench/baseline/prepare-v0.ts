/** prepare.ts as of commit 7cf6ca0 (baseline for the benches). */
/** Glue between an actor's system model and the pure derivation. */
import { deriveActorData, type CreatureSource, type DeriveOptions, type ItemInput } from "./derive-v0";

interface ItemLike {
  id: string | null;
  name: string;
  type: string;
  system: unknown;
}

interface ActorLike {
  items: Iterable<ItemLike>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype;
}

/** Merge derived values into the prepared system data, keeping the stored ones beside them. */
function mergeDerived(target: Record<string, unknown>, derived: object): void {
  for (const [key, value] of Object.entries(derived)) {
    const existing = target[key];
    if (isPlainObject(existing) && isPlainObject(value)) mergeDerived(existing, value);
    else target[key] = value;
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

/** Derive and write everything onto `system` (called from `prepareDerivedData`). */
export function prepareCreature(system: object, actor: ActorLike | null | undefined, options: DeriveOptions): void {
  const derived = deriveActorData(system as CreatureSource, itemInputs(actor), options);
  mergeDerived(system as Record<string, unknown>, derived);
}
