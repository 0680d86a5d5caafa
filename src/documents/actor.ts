/**
 * The system's Actor document, and the actor's public API (docs/api.md). Derived numbers come
 * from the system models; this class adds the write operations the sheets call (applying a
 * species, equipping, stowing, token-bar edits of vitals) and the play calls macros and sheets
 * use — rolls (src/dice/actor-rolls.ts), the attack (src/combat/attack/workflow.ts), casting,
 * channeling, potions and alchemy (src/magic/) — each a short delegation to its feature module.
 * Every write, whoever sends it, passes the rules in write-rules.ts from the `_pre*` methods;
 * sources of an older shape are brought up to date as they are read (src/migrations/).
 */
import { CLOCKWORK, type EquipSlot } from "../config";
import { localize, localizedError } from "../foundry";
import { CARRY_SLOTS } from "../rules";
import { attack, type AttackCallOptions, type AttackOutcome } from "../combat/attack/workflow";
import type { AttackItem } from "../combat/attack/source";
import { addRulesAsStatuses } from "../combat/conditions";
import {
  rollAttack, rollDamage, rollDeath, rollFlat, rollSkill,
  type DamageRollCallOptions, type DeathRollCallOptions, type FlatRollCallOptions,
} from "../dice/actor-rolls";
import type { GainRollCallOptions, RollItem } from "../dice/actor-source";
import type { DamageRoll } from "../dice/damage-roll";
import type { DeathRoll } from "../dice/death-roll";
import type { FlatRoll } from "../dice/flat-roll";
import type { GainRoll } from "../dice/gain-roll";
import { useAlchemyItem, type AlchemyItem, type AlchemyOptions, type AlchemyResult } from "../magic/alchemy";
import { castSpell, type CastOptions, type CastResult } from "../magic/cast";
import { channelMana, drinkManaPotionItem } from "../magic/channel";
import type { SpellItem } from "../magic/context";
import type { ChannelPlan } from "../rules";
import { refusesGmRecords, stripGmRecords } from "../relay/gm-records";
import { EquipError, planEquip, withoutItem, type EquipCandidate, type EquippedSlots } from "./equip-plan";
import { REPLACE_SPECIES_OPTION, type ClockworkItem } from "./item";
import { applySpeciesTo, type SpeciesActor } from "./species-apply";
import type { SpeciesPicks } from "./species-picks";
import { creatureSystem, itemSystem, type CreatureSystem } from "./system";
import { modifyHealthBar } from "./token-bars";
import { tokenDefaultsFor } from "./token-defaults";
import { ARTIFACT_SLOT_LIMIT, TITAN_GRIP } from "./write-constants";
import { guardActorUpdate, settleCreatedSlots } from "./write-rules";
import { markForPersist, migrateActorSource } from "../migrations/steps";

// ---------------------------------------------------------------- write operations

function candidate(item: Item.Implementation | undefined): EquipCandidate | undefined {
  if (!item) return undefined;
  const system = item.system as { hands?: string; weight?: string };
  return { id: item.id as string, type: item.type, hands: system.hands, weight: system.weight };
}

function ownedItem(actor: ClockworkActor, item: Item.Implementation): Item.Implementation {
  const owned = item.id ? actor.items.get(item.id) : undefined;
  if (owned !== item) throw localizedError("CLOCKWORK.Error.Equip.NotOwned", { name: item.name });
  return owned;
}

async function equipOf(actor: ClockworkActor, item: Item.Implementation, slot?: EquipSlot): Promise<void> {
  const owned = ownedItem(actor, item);
  if (owned.type === "artifact") return equipArtifact(actor, owned);
  let next: EquippedSlots;
  try {
    next = planEquip(actor.creature.equipped, candidate(owned) as EquipCandidate, slot, {
      titanGrip: actor.hasFeature(TITAN_GRIP),
      lookup: (id) => candidate(actor.items.get(id)),
    });
  } catch (err) {
    if (err instanceof EquipError) throw localizedError(err.key, err.data);
    throw err;
  }
  await actor.update({ system: { equipped: next } } as Actor.UpdateData);
}

async function equipArtifact(actor: ClockworkActor, artifact: Item.Implementation): Promise<void> {
  const slot = itemSystem(artifact, "artifact")?.slot ?? "";
  const limit = ARTIFACT_SLOT_LIMIT[slot] ?? 1;
  const worn = actor.items.filter((i) => {
    const other = i === artifact ? undefined : itemSystem(i, "artifact");
    return other?.equipped === true && other.slot === slot;
  });
  if (worn.length >= limit) {
    throw localizedError("CLOCKWORK.Error.Equip.ArtifactSlotFull", { slot: localize(CLOCKWORK.artifactSlots[slot]?.label ?? slot), limit });
  }
  await artifact.update({ system: { equipped: true } } as Item.UpdateData);
}

async function unequipOf(actor: ClockworkActor, item: Item.Implementation): Promise<void> {
  const owned = ownedItem(actor, item);
  if (owned.type === "artifact") {
    await owned.update({ system: { equipped: false } } as Item.UpdateData);
    return;
  }
  // A loot actor has no slots: nothing to free.
  const equipped = actor.creature.equipped as EquippedSlots | undefined;
  if (!equipped) return;
  await actor.update({ system: { equipped: withoutItem(equipped, owned.id as string) } } as Actor.UpdateData);
}

async function stowOf(actor: ClockworkActor, item: Item.Implementation, container: "backpack" | "belt" | "bandolier"): Promise<void> {
  const owned = ownedItem(actor, item);
  if (owned.type !== "weapon" && owned.type !== "equipment") throw localizedError("CLOCKWORK.Error.Equip.NotEquippable", { type: owned.type });
  if (container !== "backpack") {
    const carried = (i: Item.Implementation) => (i === owned ? undefined : (itemSystem(i, "weapon") ?? itemSystem(i, "equipment")));
    const quantity = (itemSystem(owned, "weapon") ?? itemSystem(owned, "equipment"))?.quantity ?? 0;
    const used = actor.items.reduce((sum, i) => {
      const other = carried(i);
      return other?.container === container ? sum + other.quantity : sum;
    }, 0);
    const max = CARRY_SLOTS[container];
    if (used + quantity > max) throw localizedError("CLOCKWORK.Error.ContainerFull", { container: localize(CLOCKWORK.containers[container].label), max });
  }
  await owned.update({ system: { container } } as Item.UpdateData);
}

/** A mana potion, as the magic layer reads it. */
type PotionItem = Parameters<typeof drinkManaPotionItem>[1];

/**
 * This actor as the feature modules see it: each types the actor by what it reads (`system` as
 * the character core), where Foundry's types also allow a module's actor subtype.
 */
function featureView(actor: ClockworkActor): never {
  return actor as never;
}

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
  applySpecies(species: unknown, picks: SpeciesPicks): Promise<ClockworkItem> {
    return applySpeciesTo<ClockworkItem>(this as unknown as SpeciesActor, species, picks, { [REPLACE_SPECIES_OPTION]: true });
  }

  /**
   * Equip an owned weapon, armor, shield or artifact. Weapons take the requested hand or the
   * natural one; anything displaced is unequipped. Throws a localized error when not allowed.
   */
  equip(item: Item.Implementation, slot?: EquipSlot): Promise<void> {
    return equipOf(this, item, slot);
  }

  /** Unequip an owned item from every slot it occupies. */
  unequip(item: Item.Implementation): Promise<void> {
    return unequipOf(this, item);
  }

  /** Move an owned weapon or equipment into a container, respecting belt and bandolier slots. */
  stow(item: Item.Implementation, container: "backpack" | "belt" | "bandolier"): Promise<void> {
    return stowOf(this, item, container);
  }

  // ---------------------------------------------------------------- rolls (docs/api.md)

  /** Rolls a skill: its attribute's dice against its rank (§4.1). */
  rollSkill(skill: string, options?: GainRollCallOptions): Promise<GainRoll | null> {
    return rollSkill(featureView(this), skill, options);
  }

  /** Rolls a weapon's or spell's attack pool (§4.9 step 4), without the attack workflow. */
  rollAttack(item: ClockworkItem | RollItem, options?: GainRollCallOptions): Promise<GainRoll | null> {
    return rollAttack(featureView(this), item as RollItem, options);
  }

  /** Rolls a weapon's or spell's damage once and counts it against each target (§4.9 step 7). */
  rollDamage(item: ClockworkItem | RollItem, options?: DamageRollCallOptions): Promise<DamageRoll | null> {
    return rollDamage(featureView(this), item as RollItem, options);
  }

  /** Rolls a Flat N: 1d12 ≥ N (§4.2). */
  rollFlat(target: number, options?: FlatRollCallOptions): Promise<FlatRoll | null> {
    return rollFlat(featureView(this), target, options);
  }

  /** Rolls the 6d12 death roll (§4.14), Diehard aware; by default adds the fatal wounds. */
  rollDeath(options?: DeathRollCallOptions): Promise<DeathRoll | null> {
    return rollDeath(featureView(this), options);
  }

  // ---------------------------------------------------------------- combat and magic (docs/api.md)

  /** The whole attack with a weapon (targets, reactions, card, damage), or null when it did not happen. */
  attack(item: ClockworkItem | AttackItem, options?: AttackCallOptions): Promise<AttackOutcome | null> {
    return attack(featureView(this), item as AttackItem, options);
  }

  /** Casts a spell: mana, the roll, its card and effects (docs/spells.md); null when it did not happen. */
  castSpell(item: ClockworkItem | SpellItem, options?: CastOptions): Promise<CastResult | null> {
    return castSpell(featureView(this), item as SpellItem, options);
  }

  /** Channels mana from the scene's global pool, through the GM. */
  channelMana(amount: number): Promise<ChannelPlan | null> {
    return channelMana(featureView(this), amount);
  }

  /** Drinks a mana potion item: its dice back in mana, capped. */
  drinkManaPotion(item: ClockworkItem | PotionItem): Promise<{ restored: number; rolled: number } | null> {
    return drinkManaPotionItem(featureView(this), item as PotionItem);
  }

  /** Uses an alchemy item on this actor or `options.target`. */
  useAlchemy(item: ClockworkItem | AlchemyItem, options?: AlchemyOptions): Promise<AlchemyResult | null> {
    return useAlchemyItem(featureView(this), item as AlchemyItem, options);
  }

  /** Older shapes are migrated as the source is read, and marked for the world migration to persist. */
  protected override _initializeSource(data: Actor.CreateData | this, options?: Parameters<Actor["_initializeSource"]>[1]): ReturnType<Actor["_initializeSource"]> {
    const source = data instanceof foundry.abstract.DataModel ? data.toObject() : data;
    migrateActorSource(source, markForPersist);
    return super._initializeSource(source as Actor.CreateData, options);
  }

  /**
   * An actor created with its items keeps only the equipped slots the hand rules allow; its
   * prototype token gets the type's defaults where the data sets none (token-defaults.ts).
   */
  protected override async _preCreate(data: Actor.CreateData, options: Actor.Database.PreCreateOptions, user: User.Implementation): Promise<boolean | void> {
    if ((await super._preCreate(data, options, user)) === false) return false;
    // A player's copy of an actor starts without the GM's records (src/relay/gm-records.ts).
    stripGmRecords(this as never, user);
    settleCreatedSlots(this as never);
    const token = tokenDefaultsFor(this.type, data as { prototypeToken?: unknown });
    if (token) this.updateSource(token as never);
  }

  /** The rules every write keeps (write-rules.ts); false refuses the write. */
  protected override async _preUpdate(changes: Actor.UpdateData, options: Actor.Database.PreUpdateOptions, user: User.Implementation): Promise<boolean | void> {
    if ((await super._preUpdate(changes, options, user)) === false) return false;
    // The GM's records (which card was applied, which undone) are the GM's client's to write.
    if (refusesGmRecords(this, changes, user)) return false;
    if (!guardActorUpdate(this as never, changes as Record<string, unknown>, options as Record<string, unknown>, user)) return false;
  }

  /** Dying and dead are statuses the token and the combat tracker show (set by the rules, never by a bare toggle). */
  override prepareDerivedData(): void {
    const statuses = (this as { statuses?: Set<string> }).statuses;
    // A setting module's condition brings the mechanics it reuses (before the data reads the set).
    if (statuses) addRulesAsStatuses(statuses);
    super.prepareDerivedData();
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
