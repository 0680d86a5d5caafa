/**
 * The system's Actor document. Derived numbers come from the system models; this class adds
 * the write operations the sheets call: applying a species, equipping, stowing, and token-bar
 * edits of vitals (their bodies load on first use from actor-writes.ts). Every write, whoever
 * sends it, passes the rules in write-rules.ts, loaded by the awaited `_pre*` methods; sources
 * of an older shape are brought up to date as they are read (src/migrations/).
 */
import type { EquipSlot } from "../config";
import type { ClockworkItem } from "./item";
import type { SpeciesPicks } from "./species-picks";
import { creatureSystem, type CreatureSystem } from "./system";
import { modifyHealthBar } from "./token-bars";
import { markForPersist, migrateActorSource } from "../migrations/steps";

export class ClockworkActor extends Actor {
  /** The system data, typed: every actor type here has the character core. */
  get creature(): CreatureSystem {
    return creatureSystem(this);
  }

  /** The species item, if one has been applied. */
  get species(): ClockworkItem | undefined {
    return this.items.find((item) => item.type === "species") as ClockworkItem | undefined;
  }

  /** Whether the actor owns a feature with this identifier ("diehard"). */
  hasFeature(identifier: string): boolean {
    return this.items.some((item) => item.type === "feature" && (item as ClockworkItem).identifier === identifier);
  }

  /**
   * Apply a species (an Item document or its source): validate the picks, add the species and
   * its granted foci and spells, store the picks, then remove any previous species and what it
   * granted. All or nothing: a refused step leaves the old species in place (species-apply.ts).
   */
  async applySpecies(species: unknown, picks: SpeciesPicks): Promise<ClockworkItem> {
    return (await import("./actor-writes")).applySpecies(this, species, picks);
  }

  /**
   * Equip an owned weapon, armor, shield or artifact. Weapons take the requested hand or the
   * natural one; anything displaced is unequipped. Throws a localized error when not allowed.
   */
  async equip(item: Item.Implementation, slot?: EquipSlot): Promise<void> {
    return (await import("./actor-writes")).equip(this, item, slot);
  }

  /** Unequip an owned item from every slot it occupies. */
  async unequip(item: Item.Implementation): Promise<void> {
    return (await import("./actor-writes")).unequip(this, item);
  }

  /** Move an owned weapon or equipment into a container, respecting belt and bandolier slots. */
  async stow(item: Item.Implementation, container: "backpack" | "belt" | "bandolier"): Promise<void> {
    return (await import("./actor-writes")).stow(this, item, container);
  }

  /** Older shapes are migrated as the source is read, and marked for the world migration to persist. */
  protected override _initializeSource(data: Actor.CreateData | this, options?: Parameters<Actor["_initializeSource"]>[1]): ReturnType<Actor["_initializeSource"]> {
    const source = data instanceof foundry.abstract.DataModel ? data.toObject() : data;
    migrateActorSource(source, markForPersist);
    return super._initializeSource(source as Actor.CreateData, options);
  }

  /** An actor created with its items keeps only the equipped slots the hand rules allow. */
  protected override async _preCreate(data: Actor.CreateData, options: Actor.Database.PreCreateOptions, user: User.Implementation): Promise<boolean | void> {
    if ((await super._preCreate(data, options, user)) === false) return false;
    (await import("./write-rules")).settleCreatedSlots(this as never);
  }

  /** The rules every write keeps (write-rules.ts); false refuses the write. */
  protected override async _preUpdate(changes: Actor.UpdateData, options: Actor.Database.PreUpdateOptions, user: User.Implementation): Promise<boolean | void> {
    if ((await super._preUpdate(changes, options, user)) === false) return false;
    const { guardActorUpdate } = await import("./write-rules");
    if (!guardActorUpdate(this as never, changes as Record<string, unknown>, options as Record<string, unknown>, user)) return false;
  }

  /** Dying and dead are statuses the token and the combat tracker show (set by the rules, never by a bare toggle). */
  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const statuses = (this as { statuses?: Set<string> }).statuses;
    const health = this.creature.health as { dying?: boolean; dead?: boolean } | undefined;
    if (!statuses || !health) return;
    if (health.dead) statuses.add(CONFIG.specialStatusEffects?.DEFEATED ?? "dead");
    if (health.dying) statuses.add("dying");
  }

  /** Token bars: "health" edits remaining vitals, stored as vitals lost (token-bars.ts). */
  override async modifyTokenAttribute(attribute: string, value: number, isDelta = false, isBar = true): Promise<this | undefined> {
    if (attribute !== "health") return super.modifyTokenAttribute(attribute, value, isDelta, isBar);
    return modifyHealthBar(this, value, isDelta, isBar);
  }
}
