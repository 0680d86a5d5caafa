/**
 * The rules every write to an actor or an owned item must keep, whatever sent it (a sheet, drag
 * and drop, a macro, a module): ClockworkActor and ClockworkItem call these from `_preUpdate`,
 * `_preCreateOperation` and `_preDeleteOperation`, which run on the writing client before the
 * write is sent (Foundry v13 ClientDatabaseBackend awaits them). A refused write notifies the user and
 * changes nothing; a write that the rules complete (a death, an unequip) says so.
 *
 * - number boxes: an emptied or mistyped required number keeps the stored value (issue 9);
 * - health: ../rules/health-bounds.ts `checkHealthWrite`; mana never above its maximum;
 * - equipped slots: ./equip-plan.ts `slotProblem`; changing an equipped weapon's hands or a
 *   shield's weight must keep the slots valid;
 * - belt and bandolier slots, and artifacts per body slot (rings two, others one), on create
 *   and update, batches included;
 * - deleting items unequips them (and clears enchantments applied to them) first.
 */
import { CLOCKWORK } from "../config";
import { deriveActorData, type CreatureSource, type ItemInput } from "../data/actor/derive";
import { MAX_BARRIER, checkHealthWrite, type HealthNotice, type StoredHealth } from "../rules/health-bounds";
import { labelOf } from "../data/labels";
import { takeUnreadableNumbers, type KeptNumber } from "../data/number-inputs";
import { escapedData, localize, runtimeGlobal } from "../foundry";
import { CARRY_SLOTS, MAX_CURRENCY } from "../rules";
import { EquipError, planEquip, slotProblem, withoutItem, type EquipCandidate, type EquippedSlots } from "./equip-plan";
import { FLAG_SCOPE, PERSIST_FLAG, isMarkedForPersist } from "../migrations/steps";
import { MIGRATION_OPTION } from "../migrations/setting";
import { ARTIFACT_SLOT_LIMIT, TITAN_GRIP } from "./write-constants";

type Changes = Record<string, unknown>;

const CARRY_CONTAINERS = ["belt", "bandolier"] as const;
type CarryContainer = (typeof CARRY_CONTAINERS)[number];

interface ItemLike {
  id: string | null;
  name: string;
  type: string;
  system: unknown;
  _source: { system: Changes };
  parent: unknown;
  update(changes: object, options?: object): Promise<unknown>;
  updateSource(changes: object): unknown;
}

interface ActorLike {
  id: string | null;
  name: string;
  type: string;
  system: unknown;
  _source: { system: Changes };
  items: { get(id: string): ItemLike | undefined; [Symbol.iterator](): Iterator<ItemLike> } & Iterable<ItemLike>;
  update(changes: object, options?: object): Promise<unknown>;
  updateEmbeddedDocuments(name: "Item", updates: object[], options?: object): Promise<unknown>;
}

interface UserLike {
  isGM: boolean;
}

function isObject(value: unknown): value is Changes {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function notify(type: "info" | "warn" | "error", key: string, data?: Record<string, unknown>): void {
  const notifications = runtimeGlobal<{ notifications?: Record<typeof type, (message: string) => unknown> }>("ui")?.notifications;
  // Names are escaped: Foundry renders a notification's text as HTML (issue 20).
  notifications?.[type](localize(key, escapedData(data)));
}

function system(item: ItemLike | undefined): Changes {
  return (item?.system ?? {}) as Changes;
}

/** Foundry hands `_preUpdate` expanded changes; code that calls a document directly may not. */
export function expandInPlace(changes: Changes): void {
  if (!Object.keys(changes).some((key) => key.includes("."))) return;
  const expanded = foundry.utils.expandObject(changes) as Changes;
  for (const key of Object.keys(changes)) delete changes[key];
  Object.assign(changes, expanded);
}

function merged(stored: Changes, changes: Changes): Changes {
  return foundry.utils.mergeObject(foundry.utils.deepClone(stored), changes, { inplace: false, performDeletions: true }) as Changes;
}

// ---------------------------------------------------------------- number boxes

function fieldName(kept: KeptNumber): string {
  const skill = /^skills\.([^.]+)\.rank$/.exec(kept.path);
  if (skill) return localize("CLOCKWORK.Safety.SkillRank", { skill: labelOf("skills", skill[1]) });
  const label = kept.field.label ? localize(kept.field.label) : "";
  return label || kept.path;
}

/** Take unreadable numbers out of `changes.system`, telling the user what stays. */
function keepUnreadableNumbers(doc: { name: string; system: unknown; _source: { system: Changes } }, changes: Changes): void {
  const changed = changes.system;
  const fields = (doc.system as { schema?: { fields?: Record<string, object> } }).schema?.fields;
  if (!isObject(changed) || !fields) return;
  for (const kept of takeUnreadableNumbers(fields, changed, doc._source.system)) {
    const key = kept.input === "" ? "CLOCKWORK.Safety.NumberEmpty" : kept.input === null ? "CLOCKWORK.Safety.NumberUnreadable" : "CLOCKWORK.Safety.NumberTyped";
    notify("warn", key, { name: doc.name, field: fieldName(kept), input: kept.input ?? "", kept: String(kept.kept) });
  }
  if (Object.keys(changed).length === 0) delete changes.system;
}

// ---------------------------------------------------------------- actors

const NOTICE_KEYS: Record<HealthNotice, string> = {
  died: "CLOCKWORK.Safety.Health.Died",
  dying: "CLOCKWORK.Safety.Health.Dying",
  recovered: "CLOCKWORK.Safety.Health.Recovered",
  woundsCapped: "CLOCKWORK.Safety.Health.WoundsCapped",
};

function candidate(item: ItemLike | undefined, override?: Changes): EquipCandidate | undefined {
  if (!item) return undefined;
  const data = override ?? system(item);
  return { id: item.id as string, type: item.type, hands: data.hands as string | undefined, weight: data.weight as string | undefined };
}

function hasTitanGrip(actor: ActorLike): boolean {
  for (const item of actor.items) {
    if (item.type !== "feature") continue;
    const identifier = (system(item).identifier as string | undefined) || (item as { identifier?: string }).identifier;
    if (identifier === TITAN_GRIP) return true;
  }
  return false;
}

/** ClockworkActor#_preUpdate: false refuses the write (the user was told why). */
export function guardActorUpdate(actor: ActorLike, changes: Changes, options: Changes, user: UserLike): boolean {
  expandInPlace(changes);
  if (options[MIGRATION_OPTION]) return true;
  keepUnreadableNumbers(actor, changes);
  const changed = changes.system;
  if (!isObject(changed)) return true;
  const stored = actor._source.system;
  const next = merged(stored, changed);

  let derived: ReturnType<typeof deriveActorData>;
  try {
    derived = deriveActorData(next as unknown as CreatureSource, actor.items as unknown as Iterable<ItemInput>, { kind: actor.type === "npc" ? "npc" : "character" });
  } catch {
    return true; // data the schema refuses anyway; validation reports it
  }

  if (isObject(changed.health)) {
    const result = checkHealthWrite(stored.health as StoredHealth, changed.health as Partial<StoredHealth>, derived.health, user.isGM);
    if (!result.ok) {
      notify("error", result.problem.key, { name: actor.name, ...result.problem.data });
      return false;
    }
    changed.health = result.health;
    for (const notice of result.notices) notify("info", NOTICE_KEYS[notice], { name: actor.name, grit: derived.health.grit });
  }

  // Bounded typed values (issue 20): said in words before the data model refuses them.
  const barrier = isObject(changed.health) ? changed.health.barrier : undefined;
  if (typeof barrier === "number" && barrier > MAX_BARRIER) {
    notify("error", "CLOCKWORK.Safety.Barrier", { name: actor.name, value: barrier, max: MAX_BARRIER });
    return false;
  }
  if (typeof changed.currency === "number" && changed.currency > MAX_CURRENCY) {
    notify("error", "CLOCKWORK.Safety.Currency", { name: actor.name, value: changed.currency, max: MAX_CURRENCY });
    return false;
  }

  const mana = isObject(changed.mana) ? changed.mana.value : undefined;
  if (typeof mana === "number" && mana !== (stored.mana as Changes | undefined)?.value && mana > derived.mana.max) {
    notify("error", "CLOCKWORK.Safety.Mana", { name: actor.name, value: mana, max: derived.mana.max });
    return false;
  }

  if (isObject(changed.equipped)) {
    const slots = next.equipped as EquippedSlots;
    const before = stored.equipped as EquippedSlots;
    const changedSlots = (Object.keys(slots) as (keyof EquippedSlots)[]).filter((slot) => slots[slot] !== before[slot]);
    const problem = slotProblem(slots, changedSlots, { titanGrip: hasTitanGrip(actor), lookup: (id) => candidate(actor.items.get(id)) });
    if (problem) {
      notify("error", problem.key, { name: actor.name, ...problem.data });
      return false;
    }
  }
  return true;
}

/**
 * ClockworkActor#_preCreate: an actor created with its items (a duplicate, an import, the
 * builder) keeps only the equipped slots the hand rules allow: the slots are rebuilt by
 * equipping armor, shield, main hand and off hand in turn, and whatever the rules refuse is
 * left unequipped, with a warning. Nothing else of the actor changes.
 */
export function settleCreatedSlots(actor: ActorLike & { updateSource(changes: object): unknown }): void {
  const wanted = system(actor as unknown as ItemLike).equipped as EquippedSlots | undefined;
  if (!wanted) return;
  const context = { titanGrip: hasTitanGrip(actor), lookup: (id: string) => candidate(actor.items.get(id)) };
  const order: (keyof EquippedSlots)[] = ["armor", "shield", "mainHand", "offHand"];
  let slots: EquippedSlots = { mainHand: "", offHand: "", armor: "", shield: "" };
  const dropped: string[] = [];
  for (const slot of order) {
    const id = wanted[slot];
    if (!id || Object.values(slots).includes(id)) continue;
    const item = context.lookup(id);
    try {
      if (!item) throw new EquipError("CLOCKWORK.Error.Equip.NotOwnedId", { id });
      const next = planEquip(slots, item, slot, context);
      // Equipping must not push out what an earlier slot already holds.
      if (Object.values(slots).some((held) => held && !Object.values(next).includes(held))) throw new EquipError("CLOCKWORK.Error.Equip.WrongSlot", { slot });
      slots = next;
    } catch (error) {
      if (!(error instanceof EquipError)) throw error;
      dropped.push(actor.items.get(id)?.name ?? id);
    }
  }
  if ((Object.keys(slots) as (keyof EquippedSlots)[]).every((slot) => slots[slot] === wanted[slot])) return;
  actor.updateSource({ system: { equipped: slots } });
  if (dropped.length) notify("warn", "CLOCKWORK.Safety.Equip.CreatedUnequipped", { name: actor.name, items: dropped.join(", ") });
}

// ---------------------------------------------------------------- items

/** What a batch of writes has already claimed, per actor, so four separate belt moves count as four. */
interface Claims {
  carried: Record<CarryContainer, number>;
  artifacts: Record<string, number>;
}

const batchClaims = new WeakMap<object, Map<string, Claims>>();

function claimsFor(batch: object, actor: ActorLike): Claims {
  let perActor = batchClaims.get(batch);
  if (!perActor) batchClaims.set(batch, (perActor = new Map()));
  let claims = perActor.get(actor.id ?? "");
  if (!claims) perActor.set(actor.id ?? "", (claims = { carried: { belt: 0, bandolier: 0 }, artifacts: {} }));
  return claims;
}

function ownerOf(item: ItemLike): ActorLike | null {
  const parent = item.parent as ActorLike | null;
  return parent && typeof parent === "object" && "items" in parent ? parent : null;
}

function isCarryContainer(container: unknown): container is CarryContainer {
  return (CARRY_CONTAINERS as readonly unknown[]).includes(container);
}

/** Slots of `container` used by the actor's items other than `except`. */
function carriedIn(actor: ActorLike, container: CarryContainer, except: ReadonlySet<string>): number {
  let used = 0;
  for (const item of actor.items) {
    if (except.has(item.id ?? "") || (item.type !== "weapon" && item.type !== "equipment")) continue;
    const data = system(item);
    if (data.container === container) used += Number(data.quantity) || 0;
  }
  return used;
}

function wornIn(actor: ActorLike, slot: string, except: ReadonlySet<string>): number {
  let worn = 0;
  for (const item of actor.items) {
    if (except.has(item.id ?? "") || item.type !== "artifact") continue;
    const data = system(item);
    if (data.equipped === true && data.slot === slot) worn++;
  }
  return worn;
}

function containerLabel(container: string): string {
  return localize(CLOCKWORK.containers[container]?.label ?? container);
}

function slotLabel(slot: string): string {
  return localize(CLOCKWORK.artifactSlots[slot]?.label ?? slot);
}

/** The item's slots in the actor's `equipped`, or none. */
function equippedSlots(actor: ActorLike, id: string): (keyof EquippedSlots)[] {
  const slots = system(actor as unknown as ItemLike).equipped as EquippedSlots | undefined;
  if (!slots) return [];
  return (Object.keys(slots) as (keyof EquippedSlots)[]).filter((slot) => slots[slot] === id);
}

/** ClockworkItem#_preUpdate: false refuses the write (the user was told why). */
export function guardItemUpdate(item: ItemLike, changes: Changes, options: Changes): boolean {
  expandInPlace(changes);
  if (options[MIGRATION_OPTION]) return true;
  keepUnreadableNumbers(item, changes);
  const changed = changes.system;
  const actor = ownerOf(item);
  if (!isObject(changed) || !actor) return true;
  const stored = item._source.system;
  const next = merged(stored, changed);
  const differs = (key: string) => key in changed && changed[key] !== stored[key];
  const id = item.id ?? "";

  if ((item.type === "weapon" || item.type === "equipment") && (differs("container") || differs("quantity")) && isCarryContainer(next.container)) {
    const claims = claimsFor(options, actor);
    const quantity = Number(next.quantity) || 0;
    const used = carriedIn(actor, next.container, new Set([id])) + claims.carried[next.container];
    const max = CARRY_SLOTS[next.container];
    if (used + quantity > max) {
      notify("error", "CLOCKWORK.Error.ContainerFull", { container: containerLabel(next.container), max });
      return false;
    }
    claims.carried[next.container] += quantity;
  }

  if (item.type === "artifact" && next.equipped === true && (differs("equipped") || differs("slot"))) {
    const slot = String(next.slot);
    const claims = claimsFor(options, actor);
    const limit = ARTIFACT_SLOT_LIMIT[slot] ?? 1;
    if (wornIn(actor, slot, new Set([id])) + (claims.artifacts[slot] ?? 0) >= limit) {
      notify("error", "CLOCKWORK.Error.Equip.ArtifactSlotFull", { slot: slotLabel(slot), limit });
      return false;
    }
    claims.artifacts[slot] = (claims.artifacts[slot] ?? 0) + 1;
  }

  const held = equippedSlots(actor, id);
  if (held.length && ((item.type === "weapon" && differs("hands")) || (item.type === "shield" && differs("weight")))) {
    const slots = system(actor as unknown as ItemLike).equipped as EquippedSlots;
    const lookup = (other: string) => (other === id ? candidate(item, next) : candidate(actor.items.get(other)));
    const problem = slotProblem(slots, held, { titanGrip: hasTitanGrip(actor), lookup });
    if (problem) {
      notify("error", "CLOCKWORK.Safety.Equip.ChangeWhileEquipped", { name: item.name, reason: localize(problem.key, problem.data) });
      return false;
    }
  }
  return true;
}

/**
 * ClockworkItem._preCreateOperation: items arriving on an actor (drag and drop, the API, a
 * species grant) keep the carry and artifact rules. Nothing is refused: an item that does not
 * fit goes to the backpack, an artifact over its slot arrives unequipped, and the user is told.
 */
export function guardItemCreates(documents: readonly ItemLike[]): void {
  const claims = new Map<ActorLike, Claims>();
  for (const item of documents) {
    if (isMarkedForPersist(item._source)) item.updateSource({ flags: { [FLAG_SCOPE]: { [`-=${PERSIST_FLAG}`]: null } } });
    const actor = ownerOf(item);
    if (!actor) continue;
    let claim = claims.get(actor);
    if (!claim) claims.set(actor, (claim = { carried: { belt: 0, bandolier: 0 }, artifacts: {} }));
    const data = system(item);
    if ((item.type === "weapon" || item.type === "equipment") && isCarryContainer(data.container)) {
      const container = data.container;
      const quantity = Number(data.quantity) || 0;
      const max = CARRY_SLOTS[container];
      if (carriedIn(actor, container, new Set()) + claim.carried[container] + quantity > max) {
        item.updateSource({ system: { container: "backpack" } });
        notify("warn", "CLOCKWORK.Safety.Carry.ToBackpack", { name: item.name, container: containerLabel(container), max });
      } else claim.carried[container] += quantity;
    }
    if (item.type === "artifact" && data.equipped === true) {
      const slot = String(data.slot);
      const limit = ARTIFACT_SLOT_LIMIT[slot] ?? 1;
      if (wornIn(actor, slot, new Set()) + (claim.artifacts[slot] ?? 0) >= limit) {
        item.updateSource({ system: { equipped: false } });
        notify("warn", "CLOCKWORK.Safety.Equip.ArrivesUnequipped", { name: item.name, slot: slotLabel(slot), limit });
      } else claim.artifacts[slot] = (claim.artifacts[slot] ?? 0) + 1;
    }
  }
}

/**
 * ClockworkItem._preDeleteOperation: before owned items are deleted, one write per actor takes
 * them out of its equipped slots, and enchantments applied to them are detached, so no id of a
 * deleted item is left behind.
 */
export async function releaseDeletedItems(documents: readonly ItemLike[]): Promise<void> {
  const byActor = new Map<ActorLike, Set<string>>();
  for (const item of documents) {
    const actor = ownerOf(item);
    if (!actor || !item.id) continue;
    let ids = byActor.get(actor);
    if (!ids) byActor.set(actor, (ids = new Set()));
    ids.add(item.id);
  }
  for (const [actor, ids] of byActor) {
    const before = system(actor as unknown as ItemLike).equipped as EquippedSlots | undefined;
    if (before) {
      let slots = before;
      for (const id of ids) slots = withoutItem(slots, id);
      if ((Object.keys(slots) as (keyof EquippedSlots)[]).some((slot) => slots[slot] !== before[slot])) {
        await actor.update({ system: { equipped: slots } });
      }
    }
    const detached: object[] = [];
    for (const item of actor.items) {
      const target = system(item).appliedTo;
      if (item.type === "enchantment" && typeof target === "string" && ids.has(target) && !ids.has(item.id ?? "")) {
        detached.push({ _id: item.id, system: { appliedTo: "" } });
      }
    }
    if (detached.length) await actor.updateEmbeddedDocuments("Item", detached);
  }
}
