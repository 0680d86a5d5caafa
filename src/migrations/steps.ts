/**
 * Source migrations: pure functions that bring a stored document source of an older shape to
 * the current one, in place, and say whether they changed anything. Each runs wherever a
 * source is read (the models' `migrateData`, the documents' `_initializeSource`) and again by
 * the GM's world migration, which persists the result; so each must be idempotent (the
 * current shape is left alone) and must never throw on odd data (skip what it cannot read).
 *
 * Adding one: docs/migrations.md.
 */
import { MAX_BARRIER, repairHealth, type HealthBoundSource } from "../rules/health-bounds";
import { MAX_CURRENCY } from "../rules/tables";
import { kindsInUse, type RecipeSpecies } from "../rules/species-recipe";

export type Source = Record<string, unknown>;

/** `a` is an older version than `b` ("" is older than anything). */
export function isOlderVersion(a: string, b: string): boolean {
  const parse = (v: string) => v.split(/[.-]/).map((part) => Number.parseInt(part, 10) || 0);
  const [x, y] = [parse(a || "0"), parse(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) < (y[i] ?? 0);
  }
  return false;
}

/** The version of the latest step: a world whose `systemMigrationVersion` is older runs the migration. */
export const MIGRATION_VERSION = "0.4.0";

/**
 * A change to the system data of one document type ("Item.weapon"). The models' `migrateData`
 * runs these, on whole sources and on the partial changes of updates alike, so a shape step
 * acts only when every field it reads is present.
 */
export interface ShapeStep {
  id: string;
  /** The system version that introduced the step. */
  version: string;
  /** "Item.<type>" or "Actor.<type>". */
  model: string;
  migrate(system: Source): boolean;
}

/**
 * A change to a whole item source (never to the partial changes of an update, so it may add a
 * field that is absent): it runs where item sources are read whole and in the world migration.
 */
export interface ItemSourceStep {
  id: string;
  version: string;
  /** Item types it applies to. */
  types: readonly string[];
  migrate(system: Source): boolean;
}

/** Called with every source a step changed (an actor or one of its items). */
export type Mark = (source: Source) => void;

/** A change to an actor source that needs its items (`items`: the embedded item sources). */
export interface ActorStep {
  id: string;
  version: string;
  /** System paths the step may write; a token's synthetic actor persists only these. */
  paths: readonly string[];
  migrate(actor: Source, mark: Mark): boolean;
}

/**
 * A change to an actor's system data alone. It runs on whole sources only (never on the
 * partial changes of an update), so it is not part of the models' `migrateData`.
 */
export interface ActorSystemStep {
  id: string;
  version: string;
  paths: readonly string[];
  migrate(system: Source): boolean;
}

function isObject(value: unknown): value is Source {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * 0.2.0: Unarmed Strike needs no hand. Before `hands: "none"` existed it was stored as "off"
 * (docs/rulings.md #5), so every weapon of the unarmed group stored as "off" becomes "none".
 */
const unarmedHands: ShapeStep = {
  id: "weapon-unarmed-hands",
  version: "0.2.0",
  model: "Item.weapon",
  migrate(system) {
    if (system.group !== "unarmed" || system.hands !== "off") return false;
    system.hands = "none";
    return true;
  },
};

/** 0.2.0: health beyond what the stored data allows (wounds 99) is brought inside the bounds. */
const healthBounds: ActorSystemStep = {
  id: "creature-health-bounds",
  version: "0.2.0",
  paths: ["system.health"],
  migrate(system) {
    if (!isObject(system.health) || !isObject(system.skills) || !isObject(system.skills.stamina)) return false;
    return repairHealth(system as unknown as HealthBoundSource);
  },
};

/** 0.3.0: a barrier or currency typed without a bound (barrier 99, currency 1e9) comes down to it. */
const valueBounds: ActorSystemStep = {
  id: "creature-value-bounds",
  version: "0.3.0",
  paths: ["system.health", "system.currency"],
  migrate(system) {
    let changed = false;
    const health = system.health;
    if (isObject(health) && typeof health.barrier === "number" && health.barrier > MAX_BARRIER) {
      health.barrier = MAX_BARRIER;
      changed = true;
    }
    if (typeof system.currency === "number" && system.currency > MAX_CURRENCY) {
      system.currency = MAX_CURRENCY;
      changed = true;
    }
    return changed;
  },
};

const SLOT_TYPES: Record<string, string> = { mainHand: "weapon", offHand: "weapon", armor: "armor", shield: "shield" };

/** Only well-formed ids can name a deleted item; anything else is left for validation to report. */
const ITEM_ID = /^[a-zA-Z0-9]{16}$/;

/**
 * 0.2.0: deleting an equipped item used to leave its id in `system.equipped`, and an
 * enchantment's `appliedTo` could name a deleted armor or weapon. Such ids are cleared.
 */
const danglingReferences: ActorStep = {
  id: "actor-dangling-item-ids",
  version: "0.2.0",
  paths: ["system.equipped"],
  migrate(actor, mark) {
    const items = Array.isArray(actor.items) ? (actor.items as Source[]) : [];
    const typeOf = new Map(items.map((item) => [item._id, item.type]));
    let changed = false;
    const system = actor.system;
    if (isObject(system) && isObject(system.equipped)) {
      const equipped = system.equipped;
      for (const [slot, type] of Object.entries(SLOT_TYPES)) {
        const id = equipped[slot];
        if (typeof id === "string" && ITEM_ID.test(id) && typeOf.get(id) !== type) {
          equipped[slot] = "";
          if (!changed) mark(actor);
          changed = true;
        }
      }
    }
    for (const item of items) {
      const itemSystem = item.system;
      if (item.type !== "enchantment" || !isObject(itemSystem)) continue;
      const target = itemSystem.appliedTo;
      if (typeof target === "string" && ITEM_ID.test(target) && !typeOf.has(target)) {
        itemSystem.appliedTo = "";
        mark(item);
        changed = true;
      }
    }
    return changed;
  },
};

/**
 * 0.3.0: every physical item has a quantity (Item Piles stacks and prices by it). Armor,
 * shields and artifacts had none: a stored one without it holds one.
 */
const physicalQuantity: ItemSourceStep = {
  id: "item-physical-quantity",
  version: "0.3.0",
  types: ["armor", "shield", "artifact"],
  migrate(system) {
    if ("quantity" in system) return false;
    system.quantity = 1;
    return true;
  },
};

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const count = (value: unknown, none: number): number => (typeof value === "number" && Number.isFinite(value) ? value : none);

/**
 * 0.4.0: a species has its special ability as the recipe describes it (issue 31 item 3). An
 * older species gets one whose kinds are those its numbers already use (a +1 Run names the
 * run bonus), so the recipe does not report numbers that no kind names; its words stay in the
 * description, where they were.
 */
const speciesAbility: ItemSourceStep = {
  id: "species-ability",
  version: "0.4.0",
  types: ["species"],
  migrate(system) {
    if (isObject(system.ability)) return false;
    const read = {
      grants: list(system.grants).filter(isObject).map((g) => ({ kind: String(g.kind ?? "focus"), choose: count(g.choose, 1), options: list(g.options).map(String) })),
      extraFoci: count(system.extraFoci, 0),
      extraCustomizationPoints: count(system.extraCustomizationPoints, 0),
      runBonus: count(system.runBonus, 0),
      lighterArmorForMovement: system.lighterArmorForMovement === true,
      dodgePenaltyReduction: count(system.dodgePenaltyReduction, 0),
      unarmedDamageType: typeof system.unarmedDamageType === "string" ? system.unarmedDamageType : "",
      conditionRerolls: list(system.conditionRerolls).map(String),
      restHealing: count(system.restHealing, 1),
      luckKeepBest: system.luckKeepBest === true,
      ability: { name: "", text: "", kinds: [], attack: { dice: 0, type: "piercing" } },
    } as unknown as RecipeSpecies;
    system.ability = { name: "", text: "", kinds: kindsInUse(read), attack: { dice: 0, type: "piercing" } };
    return true;
  },
};

export const SHAPE_STEPS: readonly ShapeStep[] = [unarmedHands];
export const ITEM_SOURCE_STEPS: readonly ItemSourceStep[] = [physicalQuantity, speciesAbility];
export const ACTOR_SYSTEM_STEPS: readonly ActorSystemStep[] = [healthBounds, valueBounds];
export const ACTOR_STEPS: readonly ActorStep[] = [danglingReferences];

/** Run the shape steps of one model ("Item.weapon") on system data; true when anything changed. */
export function migrateSystemShape(model: string, system: unknown): boolean {
  if (!isObject(system)) return false;
  let changed = false;
  for (const step of SHAPE_STEPS) if (step.model === model && step.migrate(system)) changed = true;
  return changed;
}

/** For the models' `migrateData`: the shape steps of `model`, then the source back. */
export function migrateModelData<T>(model: string, source: T): T {
  migrateSystemShape(model, source);
  return source;
}

/** Run the whole-source system steps of an actor (every actor type is a creature). */
export function migrateActorSystem(type: unknown, system: unknown): boolean {
  if (!isObject(system)) return false;
  let changed = migrateSystemShape(`Actor.${String(type)}`, system);
  for (const step of ACTOR_SYSTEM_STEPS) if (step.migrate(system)) changed = true;
  return changed;
}

/** An item source: its system steps; `mark` gets the source when it changed. */
export function migrateItemSource(item: unknown, mark: Mark = () => {}): boolean {
  if (!isObject(item)) return false;
  let changed = migrateSystemShape(`Item.${String(item.type)}`, item.system);
  if (isObject(item.system)) {
    for (const step of ITEM_SOURCE_STEPS) if (step.types.includes(String(item.type)) && step.migrate(item.system)) changed = true;
  }
  if (changed) mark(item);
  return changed;
}

/**
 * An actor source with its embedded items: the items' steps, the actor's system steps, then the
 * steps that look across both. `mark` gets each changed source (the actor, or an item).
 */
export function migrateActorSource(actor: unknown, mark: Mark = () => {}): boolean {
  if (!isObject(actor)) return false;
  let changed = false;
  if (Array.isArray(actor.items)) for (const item of actor.items) if (migrateItemSource(item, mark)) changed = true;
  if (migrateActorSystem(actor.type, actor.system)) {
    mark(actor);
    changed = true;
  }
  for (const step of ACTOR_STEPS) if (step.migrate(actor, mark)) changed = true;
  return changed;
}

/** The system paths actor-level steps may write (what a token's synthetic actor persists). */
export const ACTOR_STEP_PATHS: readonly string[] = [...new Set([...ACTOR_SYSTEM_STEPS, ...ACTOR_STEPS].flatMap((step) => step.paths))];

/** Flag that marks a source changed in memory by a step and not yet written back. */
export const PERSIST_FLAG = "persistSourceMigration";
export const FLAG_SCOPE = "clockwork";

/** Mark a source for the world migration to write back. */
export function markForPersist(source: Source): void {
  const flags = (isObject(source.flags) ? source.flags : (source.flags = {})) as Source;
  const scope = (isObject(flags[FLAG_SCOPE]) ? flags[FLAG_SCOPE] : (flags[FLAG_SCOPE] = {})) as Source;
  scope[PERSIST_FLAG] = true;
}

/** Whether a source carries the mark. */
export function isMarkedForPersist(source: unknown): boolean {
  if (!isObject(source) || !isObject(source.flags)) return false;
  const scope = source.flags[FLAG_SCOPE];
  return isObject(scope) && scope[PERSIST_FLAG] === true;
}
