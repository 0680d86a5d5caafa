/**
 * The one planner (issue 18 items 1, 3, 5): every batch of primitive writes (./ops), local or
 * relayed, runs here, one batch at a time per client. A batch is planned inside the queue from
 * the documents as they are when it runs, so two Applies at once both land and sum. Each
 * document is written once per batch (health, ledger, mana … in ONE update), statuses and
 * effects after; a write that fails undoes the earlier ones, so nothing is half-applied.
 *
 * The ledger: an op carrying `ledger: "<messageId>.<slot>"` records on the written actor, in the
 * same update, what it added (`flags.clockwork.ledger.<messageId>.<slot>`); a tag already there
 * refuses the batch. A `revert` op takes exactly that away from the current state (the rules
 * core's `revertTrack`), or refuses with the reason, and clears the tag.
 */
import {
  applyDamageDetailed, applyMinionDamage, combineDeltas, CounterError, drainGlobalPool, healHits, removeWounds, requireCounters, requireGlobalPool,
  returnToGlobalPool, revertTrack, spendCounters, stabilize as stabilizeTrack, trackDelta,
  type CounterState, type DamageApplication, type GlobalManaPool, type HealthTrack, type TrackDelta,
} from "../rules";
import {
  QUIET_REFUSAL, changesNothing, currentUser, deletionEntry, documentTypeLabel, foundryMember, hooks, notify, resolveUuidSync, takeRefusal, updateDocument, userById, wouldChange,
} from "../foundry";
import type { LedgerTag, RelayOp, RelayProblem, StoredHealth } from "./ops";

/** Hook called on the client that applied damage: (actor, application, { userId, uuid }). */
export const DAMAGE_APPLIED_HOOK = "clockwork.damageApplied";
/** A scene's global pool: `flags.clockwork.manaPool` (the same flag src/magic reads). */
export const POOL_FLAG = "manaPool";
/** How many ledger entries an actor keeps (the oldest cards' go first). */
export const LEDGER_LIMIT = 50;

/** What one op did. */
export interface OpResult {
  op: RelayOp["op"];
  uuid: string;
  /** Health before and after (damage, heal, health, barrier, cureWounds, stabilize, revert). */
  before?: StoredHealth;
  after?: StoredHealth;
  application?: Omit<DamageApplication, "track">;
  counters?: { before: CounterState; after: CounterState };
  /** A status op's status, and whether it changed anything. */
  status?: string;
  changed?: boolean;
  /** An effect op's new effect. */
  effect?: string;
}

export type BatchResult = { ok: true; viaGM: boolean; results: OpResult[]; effects: string[] } | { ok: false; viaGM: boolean; problem: RelayProblem };

/** What a ledger tag recorded on an actor. */
export interface LedgerEntry {
  /** When it was written (ms), to prune the oldest. */
  at: number;
  track?: TrackDelta;
  /** Statuses it turned on, and off. */
  statuses?: string[];
  statusesOff?: string[];
  /** Ids of the Active Effects it created. */
  effects?: string[];
  /** Personal mana it gave. */
  mana?: number;
  /**
   * The Active Effects its damage ended afterwards (Charm, Fear: RULING 168), as they were
   * (their source, same id, expiry and origin): its Undo creates them again.
   */
  ended?: Record<string, unknown>[];
  /**
   * Set by the GM's Undo (the entry stays, so the card is known as undone): who undid it and
   * when. An undone entry refuses a player's Apply of its tag; a GM's Apply writes it afresh.
   */
  undone?: { by: string | null; at: number } | null;
}

/** The keys of an entry a fresh one replaces (nulled, since an update merges objects). */
const ENTRY_KEYS = ["track", "statuses", "statusesOff", "effects", "mana", "ended", "undone"] as const;

/** What a ledger says of a tag on an actor: applied, undone by the GM, or nothing. */
export function ledgerState(actor: unknown, tag: string): "applied" | "undone" | null {
  const parsed = parseLedgerTag(tag);
  if (!parsed || !actor || typeof actor !== "object") return null;
  const entry = ledgerOf(actor as Doc)[parsed.message]?.[parsed.slot];
  if (!entry || typeof entry !== "object") return null;
  return entry.undone ? "undone" : "applied";
}

// ---------------------------------------------------------------- documents

interface Doc {
  documentName: string;
  uuid: string;
  id?: string | null;
  isOwner?: boolean;
  name?: string | null;
  system?: unknown;
  flags?: Record<string, unknown>;
  parent?: Doc | null;
  statuses?: Set<string>;
  effects?: { get(id: string): Doc | undefined } & Iterable<Doc>;
  update(changes: object, options?: object): Promise<unknown>;
  delete?(options?: object): Promise<unknown>;
  toObject?(): Record<string, unknown>;
  toggleStatusEffect?(statusId: string, options?: { active?: boolean }): Promise<unknown>;
  createEmbeddedDocuments?(name: string, data: object[], options?: object): Promise<Doc[]>;
}

const resolve = (uuid: unknown) => resolveUuidSync<Doc>(uuid);

function valueAt(doc: object, path: string): unknown {
  return path.split(".").reduce<unknown>((node, key) => (node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), doc);
}

function sourceOf(doc: Doc): object {
  return (doc as { _source?: object })._source ?? doc;
}

/** Reads an actor's stored health (and the derived grit and vitals) as a rules-core track. */
export function healthTrackOf(system: unknown): HealthTrack | null {
  const h = (system as { health?: Partial<StoredHealth> & { grit?: number; vitalsMax?: number } } | undefined)?.health;
  if (!h || typeof h.grit !== "number" || typeof h.wounds !== "number") return null;
  return {
    grit: h.grit, wounds: h.wounds, vitalsMax: h.vitalsMax ?? 6, vitalsLost: h.vitalsLost ?? 0, hits: h.hits ?? 0,
    dying: h.dying === true, dead: h.dead === true, barrier: h.barrier ?? 0,
  };
}

function stored(track: HealthTrack): StoredHealth {
  return { hits: track.hits, wounds: track.wounds, vitalsLost: track.vitalsLost, barrier: track.barrier ?? 0, dying: track.dying, dead: track.dead };
}

/** A scene's pool as stored, or null. */
export function storedPool(scene: { flags?: Record<string, unknown> } | null | undefined): GlobalManaPool | null {
  const pool = (scene?.flags?.clockwork as Record<string, unknown> | undefined)?.[POOL_FLAG];
  if (!pool || typeof pool !== "object") return null;
  try {
    return requireGlobalPool(pool as GlobalManaPool);
  } catch {
    return null;
  }
}

/** The ledger an actor holds: messageId → slot → entry. */
function ledgerOf(doc: Doc): Record<string, Record<string, LedgerEntry>> {
  const ledger = valueAt(sourceOf(doc), "flags.clockwork.ledger");
  return ledger && typeof ledger === "object" ? (ledger as Record<string, Record<string, LedgerEntry>>) : {};
}

const TAG = /^([A-Za-z0-9]{1,32})\.([A-Za-z0-9_-]{1,64})$/;

/** A tag's message id and slot, or null for a malformed tag. */
export function parseLedgerTag(tag: unknown): { message: string; slot: string } | null {
  const match = typeof tag === "string" ? TAG.exec(tag) : null;
  return match ? { message: match[1], slot: match[2] } : null;
}

function randomId(): string {
  const make = foundryMember<() => string>("utils.randomID");
  if (make) return make();
  return Array.from({ length: 16 }, () => "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[Math.floor(Math.random() * 62)]).join("");
}

// ---------------------------------------------------------------- planning

class Refusal extends Error {
  constructor(readonly problem: RelayProblem) {
    super(problem.key);
  }
}

function refuse(key: string, data?: Record<string, string | number>): never {
  throw new Refusal({ key, data });
}

/** One document's write in this batch: all its changes in one update, and their inverse. */
interface DocWrite {
  doc: Doc;
  changes: Record<string, unknown>;
  inverse: Record<string, unknown>;
  track?: HealthTrack;
  counters?: CounterState;
  pool?: GlobalManaPool | null;
  statuses?: Set<string>;
  /** Ledger entries this batch writes on it, by tag. */
  ledger: Map<string, LedgerEntry>;
}

type Step =
  | { kind: "update"; write: DocWrite }
  | { kind: "status"; actor: Doc; status: string; active: boolean; changed?: boolean }
  | { kind: "create"; actor: Doc; data: Record<string, unknown>; created?: Doc }
  | { kind: "delete"; effect: Doc; data: Record<string, unknown> }
  | { kind: "effectFlags"; actor: Doc; status: string; flags: Record<string, unknown>; effect?: Doc; before?: Record<string, unknown> };

interface Plan {
  steps: Step[];
  results: OpResult[];
  applications: { doc: Doc; application: DamageApplication; ledger?: LedgerTag }[];
}

const EXPECTED: Record<RelayOp["op"], string | null> = {
  damage: "Actor", heal: "Actor", health: "Actor", status: "Actor", counters: "Combatant", update: null, record: null, revert: "Actor",
  barrier: "Actor", cureWounds: "Actor", stabilize: "Actor", mana: "Actor", pool: "Scene", effect: "Actor", effectFlags: "Actor", endEffect: "ActiveEffect",
};

const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** Checks an op's shape; a malformed op refuses the batch. */
function checkShape(op: RelayOp): void {
  const bad = (): never => refuse("CLOCKWORK.Relay.BadOp", { op: String((op as { op?: unknown } | null)?.op) });
  if (!op || typeof op !== "object" || typeof op.uuid !== "string" || !Object.hasOwn(EXPECTED, op.op)) bad();
  if ("ledger" in op && op.ledger !== undefined && !parseLedgerTag(op.ledger)) bad();
  switch (op.op) {
    case "damage":
    case "heal":
      if (!isCount(op.amount)) bad();
      break;
    case "barrier":
      if (!isCount(op.amount)) bad();
      break;
    case "cureWounds":
      if (!isCount(op.count)) bad();
      break;
    case "status":
      if (typeof op.status !== "string" || !op.status || typeof op.active !== "boolean") bad();
      break;
    case "counters":
      if (!op.spend === !op.set) bad();
      if (op.spend && !isCount(op.spend.cost)) bad();
      break;
    case "health":
      if (!op.health || typeof op.health !== "object") bad();
      break;
    case "update":
      if (!op.changes || typeof op.changes !== "object" || !Object.keys(op.changes).length) bad();
      break;
    case "record":
      if (typeof op.path !== "string" || !op.path || (op.from !== undefined && !Array.isArray(op.from))) bad();
      break;
    case "mana":
      if ((op.value === undefined) === (op.add === undefined) || (op.value !== undefined && !isCount(op.value)) || (op.add !== undefined && !isCount(op.add))) bad();
      break;
    case "pool":
      if ((op.drain !== undefined && !isCount(op.drain)) || (op.give !== undefined && !isCount(op.give)) || (op.set !== undefined && (!op.set || typeof op.set !== "object"))) bad();
      break;
    case "effect":
      if (!op.effect || typeof op.effect !== "object" || typeof op.effect.name !== "string") bad();
      break;
    case "effectFlags":
      if (typeof op.status !== "string" || !op.flags || typeof op.flags !== "object") bad();
      break;
    case "revert":
      if (!parseLedgerTag(op.ledger)) bad();
      break;
  }
}

/**
 * Works out every write of a batch against the documents as they are now, in order; several ops
 * on one document build on each other. Throws a Refusal (nothing written) when any op cannot be made.
 */
function plan(ops: readonly RelayOp[], requesterId: string | null): Plan {
  // Only a GM applies a card the GM undid again (issue 34 item 2).
  const byGM = requesterId !== null && userById<{ isGM?: boolean }>(requesterId)?.isGM === true;
  const writes = new Map<string, DocWrite>();
  const steps: Step[] = [];
  const results: OpResult[] = [];
  const applications: Plan["applications"] = [];
  const now = Date.now();

  const writeOf = (doc: Doc): DocWrite => {
    let write = writes.get(doc.uuid);
    if (!write) {
      write = { doc, changes: {}, inverse: {}, ledger: new Map() };
      writes.set(doc.uuid, write);
      steps.push({ kind: "update", write });
    }
    return write;
  };
  const set = (write: DocWrite, path: string, value: unknown): void => {
    if (!(path in write.inverse)) write.inverse[path] = structuredClone(valueAt(sourceOf(write.doc), path) ?? null);
    write.changes[path] = value;
  };
  const trackOf = (write: DocWrite): HealthTrack => {
    write.track ??= healthTrackOf(write.doc.system) ?? undefined;
    if (!write.track) refuse("CLOCKWORK.Relay.NoHealth", { name: write.doc.name ?? "" });
    return write.track;
  };
  // Only the fields that change: a player's edit of another field racing this write stays.
  const setTrack = (write: DocWrite, next: HealthTrack): void => {
    write.track = next;
    for (const [key, value] of Object.entries(stored(next))) {
      const path = `system.health.${key}`;
      if (path in write.changes || valueAt(sourceOf(write.doc), path) !== value) set(write, path, value);
    }
  };
  const statusesOf = (write: DocWrite): Set<string> => (write.statuses ??= new Set(write.doc.statuses ?? []));
  /** The entry a tagged op adds to; a tag already on the actor refuses the batch (apply once). */
  const entryOf = (write: DocWrite, tag: string | undefined): LedgerEntry | null => {
    if (!tag) return null;
    const parsed = parseLedgerTag(tag)!;
    let entry = write.ledger.get(tag);
    if (!entry) {
      const existing = ledgerOf(write.doc)[parsed.message]?.[parsed.slot];
      if (existing && !existing.undone) refuse("CLOCKWORK.Relay.AlreadyApplied", { name: write.doc.name ?? "" });
      if (existing?.undone && !byGM) refuse("CLOCKWORK.Relay.UndoneByGM", { name: write.doc.name ?? "" });
      entry = { at: now };
      write.ledger.set(tag, entry);
    }
    return entry;
  };
  const record = (entry: LedgerEntry | null, before: HealthTrack, after: HealthTrack): void => {
    if (!entry) return;
    const delta = trackDelta(before, after);
    entry.track = entry.track ? combineDeltas(entry.track, delta) : delta;
  };
  const statusStep = (write: DocWrite, status: string, active: boolean, entry: LedgerEntry | null): boolean => {
    const statuses = statusesOf(write);
    const changed = statuses.has(status) !== active;
    if (typeof write.doc.toggleStatusEffect !== "function") refuse("CLOCKWORK.Relay.NoStatus", { name: write.doc.name ?? "" });
    if (!changed) return false;
    if (active) statuses.add(status);
    else statuses.delete(status);
    steps.push({ kind: "status", actor: write.doc, status, active });
    if (entry) {
      const list = active ? (entry.statuses ??= []) : (entry.statusesOff ??= []);
      list.push(status);
    }
    return true;
  };

  for (const op of ops) {
    checkShape(op);
    const doc = resolve(op.uuid);
    if (!doc) refuse("CLOCKWORK.Relay.Missing");
    const expected = EXPECTED[op.op];
    if (expected && doc.documentName !== expected) refuse("CLOCKWORK.Relay.BadOp", { op: op.op });
    const name = doc.name ?? "";
    const result: OpResult = { op: op.op, uuid: op.uuid };
    results.push(result);
    switch (op.op) {
      case "damage":
      case "heal":
      case "health":
      case "barrier":
      case "cureWounds":
      case "stabilize": {
        const write = writeOf(doc);
        const entry = entryOf(write, op.ledger);
        const track = trackOf(write);
        let next: HealthTrack;
        if (op.op === "damage") {
          const how = { unavoidable: op.unavoidable, ...(op.fall === true ? { fall: true } : {}) };
          const minion = (doc.system as { minion?: boolean } | undefined)?.minion === true;
          const application = minion ? applyMinionDamage(track, op.amount, how) : applyDamageDetailed(track, op.amount, how);
          next = application.track;
          applications.push({ doc, application, ledger: op.ledger });
          const { track: _track, ...summary } = application;
          result.application = summary;
        } else if (op.op === "heal") next = healHits(track, op.amount);
        else if (op.op === "barrier") next = { ...track, barrier: op.amount };
        else if (op.op === "cureWounds") next = removeWounds(track, Math.min(op.count, track.wounds));
        else if (op.op === "stabilize") next = track.dying ? stabilizeTrack(track) : track;
        else next = { ...track, ...op.health };
        record(entry, track, next);
        setTrack(write, next);
        result.before = stored(track);
        result.after = stored(next);
        if (op.op === "stabilize" && track.dying) statusStep(write, "stabilized", true, entry);
        break;
      }
      case "status": {
        const write = writeOf(doc);
        result.status = op.status;
        result.changed = statusStep(write, op.status, op.active, entryOf(write, op.ledger));
        break;
      }
      case "counters": {
        const write = writeOf(doc);
        const current = write.counters ?? (doc.system as { counters?: CounterState } | undefined)?.counters;
        if (!current) refuse("CLOCKWORK.Relay.NoCounters", { name });
        let next: CounterState;
        try {
          requireCounters(current);
          next = op.set ? requireCounters({ ...op.set }) : spendCounters(current, op.spend!.cost, { reaction: op.spend!.reaction, stunned: op.spend!.stunned });
        } catch (error) {
          if (error instanceof CounterError) refuse(`CLOCKWORK.Combat.Attack.Counters.${error.reason}`, { name });
          if (error instanceof RangeError) refuse("CLOCKWORK.Relay.BadOp", { op: op.op });
          throw error;
        }
        write.counters = next;
        set(write, "system.counters", next);
        result.counters = { before: { ...current }, after: next };
        break;
      }
      case "mana": {
        const write = writeOf(doc);
        const mana = (doc.system as { mana?: { value?: number; max?: number } } | undefined)?.mana;
        const max = mana?.max ?? 0;
        const current = (write.changes["system.mana.value"] as number | undefined) ?? mana?.value ?? 0;
        const value = op.value ?? Math.min(max, current + (op.add ?? 0));
        if (value > max) refuse("CLOCKWORK.Relay.BadOp", { op: op.op });
        const entry = entryOf(write, op.ledger);
        if (entry) entry.mana = (entry.mana ?? 0) + (value - current);
        set(write, "system.mana.value", value);
        break;
      }
      case "pool": {
        const write = writeOf(doc);
        const current = write.pool !== undefined ? write.pool : storedPool(doc);
        let next: GlobalManaPool;
        try {
          if (op.set) next = requireGlobalPool({ ...op.set });
          else {
            if (!current) refuse("CLOCKWORK.Magic.Channel.noPool");
            next = current;
            if (op.drain) {
              if (op.drain > current.value) refuse("CLOCKWORK.Magic.Channel.beyondPool", { pool: current.value });
              next = drainGlobalPool(next, op.drain);
            }
            if (op.give) next = returnToGlobalPool(next, op.give);
          }
        } catch (error) {
          if (error instanceof Refusal) throw error;
          if (error instanceof RangeError) refuse("CLOCKWORK.Relay.BadOp", { op: op.op });
          throw error;
        }
        write.pool = next;
        set(write, `flags.clockwork.${POOL_FLAG}`, next);
        break;
      }
      case "effect": {
        const write = writeOf(doc);
        const entry = entryOf(write, op.ledger);
        const id = randomId();
        steps.push({ kind: "create", actor: doc, data: { ...structuredClone(op.effect), _id: id } });
        if (entry) (entry.effects ??= []).push(id);
        result.effect = `${doc.uuid}.ActiveEffect.${id}`;
        break;
      }
      case "effectFlags":
        steps.push({ kind: "effectFlags", actor: doc, status: op.status, flags: op.flags });
        break;
      case "endEffect": {
        const data = doc.toObject?.() ?? {};
        if (op.ledger) {
          // Kept in the card's entry on the effect's actor (the card must be applied there).
          const actor = doc.parent;
          const { message, slot } = parseLedgerTag(op.ledger)!;
          if (actor?.documentName !== "Actor") refuse("CLOCKWORK.Relay.BadOp", { op: op.op });
          const write = writeOf(actor);
          const fresh = write.ledger.get(op.ledger);
          const existing = ledgerOf(actor)[message]?.[slot];
          if (fresh) (fresh.ended ??= []).push(structuredClone(data));
          else if (!existing || existing.undone) refuse("CLOCKWORK.Relay.NotApplied", { name: actor.name ?? "" });
          else {
            const path = `flags.clockwork.ledger.${message}.${slot}.ended`;
            const before = (write.changes[path] as Record<string, unknown>[] | undefined) ?? existing.ended ?? [];
            set(write, path, [...before, structuredClone(data)]);
          }
        }
        steps.push({ kind: "delete", effect: doc, data });
        break;
      }
      case "update": {
        const write = writeOf(doc);
        for (const [path, value] of Object.entries(op.changes)) set(write, path, value);
        break;
      }
      case "record": {
        const write = writeOf(doc);
        const existing = valueAt(sourceOf(doc), op.path);
        if (op.once && existing !== undefined && existing !== null) refuse("CLOCKWORK.Relay.AlreadyApplied", { name });
        set(write, op.path, op.clear ? null : { userId: requesterId, results: (op.from ?? []).map((i) => results[i] ?? null) });
        break;
      }
      case "revert": {
        const write = writeOf(doc);
        const { message, slot } = parseLedgerTag(op.ledger)!;
        const entry = ledgerOf(doc)[message]?.[slot];
        if (!entry || entry.undone || write.ledger.has(op.ledger)) refuse("CLOCKWORK.Relay.NotApplied", { name });
        if (entry.track) {
          const track = trackOf(write);
          const reverted = revertTrack(track, entry.track);
          if (!reverted.ok) refuse(`CLOCKWORK.Relay.Revert.${reverted.reason}`, { name });
          setTrack(write, reverted.track);
          result.before = stored(track);
          result.after = stored(reverted.track);
        }
        if (entry.mana) {
          const mana = (doc.system as { mana?: { value?: number } } | undefined)?.mana;
          const current = (write.changes["system.mana.value"] as number | undefined) ?? mana?.value ?? 0;
          // Mana spent since is not given back twice: never below what was there before the card.
          set(write, "system.mana.value", Math.max(0, current - entry.mana));
        }
        for (const status of entry.statuses ?? []) statusStep(write, status, false, null);
        for (const status of entry.statusesOff ?? []) statusStep(write, status, true, null);
        for (const id of entry.effects ?? []) {
          const effect = doc.effects?.get(id);
          if (effect) steps.push({ kind: "delete", effect, data: effect.toObject?.() ?? {} });
        }
        // The states its damage ended come back as they were, unless the creature holds them again.
        for (const data of entry.ended ?? []) {
          const statuses = Array.isArray(data.statuses) ? data.statuses.filter((s): s is string => typeof s === "string") : [];
          const held = statusesOf(write);
          const state = typeof data.name === "string" ? data.name : statuses[0] ?? "";
          if ((typeof data._id === "string" && doc.effects?.get(data._id)) || statuses.some((s) => held.has(s))) refuse("CLOCKWORK.Relay.Revert.stateHeld", { name, state });
          for (const status of statuses) held.add(status);
          steps.push({ kind: "create", actor: doc, data: structuredClone(data) });
        }
        // The entry stays, marked undone: the card is known as undone by the GM (a player's
        // Apply of it is refused), and its inverse takes the mark away again.
        set(write, `flags.clockwork.ledger.${message}.${slot}.undone`, { by: requesterId, at: now });
        const [removal, removed] = deletionEntry(`flags.clockwork.ledger.${message}.${slot}`, "undone");
        delete write.inverse[`flags.clockwork.ledger.${message}.${slot}.undone`];
        write.inverse[removal] = removed;
        break;
      }
    }
  }
  for (const write of writes.values()) writeLedger(write, set);
  return { steps, results, applications };
}

/** Puts a document's new ledger entries in its update, and prunes the oldest cards past the limit. */
function writeLedger(write: DocWrite, set: (write: DocWrite, path: string, value: unknown) => void): void {
  if (!write.ledger.size) return;
  const ledger = ledgerOf(write.doc);
  for (const [tag, entry] of write.ledger) {
    const { message, slot } = parseLedgerTag(tag)!;
    const path = `flags.clockwork.ledger.${message}.${slot}`;
    const existing = ledger[message]?.[slot];
    // A GM's Apply of an undone entry replaces it whole (an update merges: its old keys are nulled).
    const nulls = Object.fromEntries(ENTRY_KEYS.map((key) => [key, null]));
    set(write, path, existing ? { ...nulls, ...entry } : entry);
    delete write.inverse[path];
    if (existing) write.inverse[path] = { ...nulls, ...structuredClone(existing) };
    else {
      // Its inverse removes the slot (or the card, when the batch made it).
      const [removal, removed] = ledger[message] ? deletionEntry(`flags.clockwork.ledger.${message}`, slot) : deletionEntry("flags.clockwork.ledger", message);
      write.inverse[removal] = removed;
    }
  }
  const newest = (entries: Record<string, LedgerEntry>) => Math.max(0, ...Object.values(entries ?? {}).map((e) => e?.at ?? 0));
  const cards = Object.entries(ledger).filter(([message]) => ![...write.ledger.keys()].some((tag) => tag.startsWith(`${message}.`)));
  let count = cards.reduce((n, [, entries]) => n + Object.keys(entries ?? {}).length, 0) + write.ledger.size;
  for (const [message, entries] of cards.sort((a, b) => newest(a[1]) - newest(b[1]))) {
    if (count <= LEDGER_LIMIT) break;
    const [removal, removed] = deletionEntry("flags.clockwork.ledger", message);
    write.changes[removal] = removed;
    write.inverse[`flags.clockwork.ledger.${message}`] = structuredClone(entries);
    count -= Object.keys(entries ?? {}).length;
  }
}

// ---------------------------------------------------------------- executing

async function toggle(actor: Doc, status: string, active: boolean): Promise<boolean> {
  const had = actor.statuses?.has(status) === true;
  if (had === active) return false;
  // v13: the new effect (or true) when it is on, false when it was removed, undefined when refused.
  const result = await actor.toggleStatusEffect!(status, { active });
  if (active ? result === undefined || result === false : result !== false) throw new Error(`the status ${status} could not be changed`);
  return true;
}

/** Core refuses a write by resolving `undefined` (or an empty array), not always by throwing. */
function written(result: unknown): boolean {
  return result !== undefined && !(Array.isArray(result) && result.length === 0);
}

/** A write core refused: the document it was for, so the message can name it. */
class WriteRefused extends Error {
  constructor(readonly doc: Doc) {
    super(`the update of ${doc.uuid} was refused`);
  }
}

/** How a refused write is named: the document's name, else its kind in the user's language. */
function nameOf(doc: Doc): { name: string; type: string } {
  const type = documentTypeLabel(doc as never);
  return { name: doc.name || type, type };
}

/** After core resolved `undefined`: true unless the document holds the change (as stored, or as core cleans it). */
function holdsNot(doc: Doc, changes: Record<string, unknown>): boolean {
  return !changesNothing(doc, changes) && wouldChange(doc as never, changes) !== false;
}

async function runStep(step: Step): Promise<void> {
  switch (step.kind) {
    case "update": {
      const { doc, changes } = step.write;
      if (!Object.keys(changes).length) return;
      // Core resolves undefined for an empty diff as for a refusal (a value its cleaning makes
      // the stored one, a synthetic actor's delta): a write is refused only if the document does
      // not hold the values afterwards (issue 20: a spend that happened reported "nothing was changed").
      if ((await updateDocument(doc, changes, { [QUIET_REFUSAL]: true })) === "refused" && holdsNot(doc, changes)) throw new WriteRefused(doc);
      return;
    }
    case "status":
      step.changed = await toggle(step.actor, step.status, step.active);
      return;
    case "create": {
      const [created] = (await step.actor.createEmbeddedDocuments?.("ActiveEffect", [step.data], { keepId: true })) ?? [];
      if (!created) throw new Error(`an effect on ${step.actor.uuid} could not be created`);
      step.created = created;
      return;
    }
    case "delete":
      if (!written(await step.effect.delete?.())) throw new Error(`the effect ${step.effect.uuid} could not be ended`);
      return;
    case "effectFlags": {
      const effect = [...(step.actor.effects ?? [])].find((e) => e.statuses?.has(step.status));
      if (!effect) throw new Error(`${step.actor.uuid} has no ${step.status} effect`);
      // Each key on its own, so the status's other data (a poison's difficulty) stays.
      const changes = Object.fromEntries(Object.entries(step.flags).map(([key, value]) => [`flags.clockwork.${key}`, value]));
      // Flags already as asked are done: core resolves an empty diff with undefined, like a refusal.
      if (changesNothing(effect, changes)) return;
      step.before = structuredClone((effect.flags?.clockwork as Record<string, unknown> | undefined) ?? {});
      if ((await updateDocument(effect, changes)) === "refused" && holdsNot(effect, changes)) throw new WriteRefused(effect);
      step.effect = effect;
      return;
    }
  }
}

async function undoStep(step: Step): Promise<void> {
  switch (step.kind) {
    case "update":
      if (!written(await step.write.doc.update(step.write.inverse))) throw new Error(`the undo of ${step.write.doc.uuid} was refused`);
      return;
    case "status":
      if (step.changed) await toggle(step.actor, step.status, !step.active);
      return;
    case "create":
      await step.created?.delete?.();
      return;
    case "delete":
      await (step.effect.parent ?? null)?.createEmbeddedDocuments?.("ActiveEffect", [step.data], { keepId: true });
      return;
    case "effectFlags":
      if (step.effect && step.before) await step.effect.update({ "flags.clockwork": step.before });
      return;
  }
}

async function execute(ops: readonly RelayOp[], requesterId: string | null, viaGM: boolean): Promise<BatchResult> {
  let planned: Plan;
  try {
    planned = plan(ops, requesterId);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, viaGM, problem: error.problem };
    throw error;
  }
  const done: Step[] = [];
  for (const step of planned.steps) {
    try {
      await runStep(step);
      done.push(step);
    } catch (error) {
      console.error("ClockWork | a write failed; undoing the batch", error instanceof WriteRefused ? error.message : error);
      for (const earlier of done.reverse()) {
        try {
          await undoStep(earlier);
        } catch (undoError) {
          console.error("ClockWork | could not undo a write", undoError);
        }
      }
      // A refusal names the document and, when the write check saw why, the fields in words.
      const problems = error instanceof WriteRefused ? takeRefusal(error.doc.uuid) : null;
      const problem: RelayProblem = !(error instanceof WriteRefused) ? { key: "CLOCKWORK.Relay.WriteFailed" }
        : problems ? { key: "CLOCKWORK.Relay.Invalid", data: { ...nameOf(error.doc), problems: problems.join("; ") } }
          : { key: "CLOCKWORK.Relay.WriteRefused", data: nameOf(error.doc) };
      return { ok: false, viaGM, problem };
    }
  }
  // The damage's ledger tag names its card: listeners read who dealt it (src/magic/state-endings.ts).
  for (const { doc, application, ledger } of planned.applications) hooks().callAll(DAMAGE_APPLIED_HOOK, doc, application, { userId: requesterId, uuid: doc.uuid, ledger: ledger ?? null });
  const effects = planned.results.filter((r) => r.effect).map((r) => r.effect!);
  return { ok: true, viaGM, results: planned.results, effects };
}

// ---------------------------------------------------------------- the queue

const queues = new Map<string, Promise<unknown>>();

/**
 * Runs a task after every batch this client started before it (one queue per client; the test
 * world runs several clients in one module, hence keyed by user).
 */
function serial<T>(task: () => Promise<T>): Promise<T> {
  const key = currentUser<{ id: string | null }>()?.id ?? "";
  const run = (queues.get(key) ?? Promise.resolve()).then(task, task);
  queues.set(key, run.catch(() => undefined));
  return run;
}

/**
 * Runs a batch on this client through its queue, planned when its turn comes. The caller has
 * checked this client may write all of it (a GM, or an owner of every document).
 */
export function runBatch(ops: readonly RelayOp[], requesterId: string | null, viaGM = false): Promise<BatchResult> {
  return serial(() => execute(ops, requesterId, viaGM));
}

/** Whether this client's user may write the document itself (a scene's pool: a GM only). */
function mayWrite(doc: Doc, isGM: boolean): boolean {
  if (isGM) return true;
  return doc.documentName !== "Scene" && doc.isOwner === true;
}

export interface WriteOwnedOptions {
  /** Show a refusal to the user (default true). */
  notify?: boolean;
}

function report(result: BatchResult, options: WriteOwnedOptions): BatchResult {
  if (!result.ok && options.notify !== false) {
    const key = result.problem.key;
    notify(key.includes(".Counters.") || key.includes(".Channel.") ? "warn" : "error", key, result.problem.data);
  }
  return result;
}

/**
 * Writes a batch on this client: a GM writes anything, a player only documents they own. It
 * never asks anyone else: a batch with a document the user may not write is refused (with a
 * localized message) and nothing is written. A write on others' documents goes through
 * `relay(kind, args, { cause })`, where the GM works the writes out itself.
 */
export async function writeOwned(ops: readonly RelayOp[], options: WriteOwnedOptions = {}): Promise<BatchResult> {
  if (!ops.length) return { ok: true, viaGM: false, results: [], effects: [] };
  const user = currentUser<{ id: string | null; isGM?: boolean }>();
  // The ledger is the GM's record (./gm-records): a player's tagged write goes to the GM through
  // the card's relay kind, never here, so a player's client cannot mark a card applied.
  if (user?.isGM !== true) {
    const tagged = ops.find((op) => op?.op === "revert" || ("ledger" in (op ?? {}) && (op as { ledger?: unknown }).ledger !== undefined));
    if (tagged) return report({ ok: false, viaGM: false, problem: { key: "CLOCKWORK.Relay.LedgerGMOnly", data: { name: nameOf(resolve(tagged.uuid) ?? { documentName: "Actor", uuid: "", update: async () => undefined }).name } } }, options);
  }
  for (const op of ops) {
    const doc = resolve(op?.uuid);
    if (!doc) return report({ ok: false, viaGM: false, problem: { key: "CLOCKWORK.Relay.Missing" } }, options);
    if (!mayWrite(doc, user?.isGM === true)) {
      // An effect is named by its creature; a combatant by its own name (its token's or actor's), not its combat's.
      const owner = doc.documentName === "ActiveEffect" ? (doc.parent ?? doc) : doc;
      return report({ ok: false, viaGM: false, problem: { key: "CLOCKWORK.Relay.NotOwned", data: { name: nameOf(owner).name } } }, options);
    }
  }
  return report(await runBatch(ops, user?.id ?? null), options);
}
