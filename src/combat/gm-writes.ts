/**
 * Writes on documents the requesting user does not own go to the active GM (issue 10 item 6).
 *
 * Combat changes other creatures: damage, healing, conditions, counters. Foundry lets a client
 * write only what its user owns, so every such change is described as a small, checked
 * operation ({@link GmWriteOp}) and sent through `requestWrites`. When the user owns every
 * document of the batch (or is a GM) the batch runs here; otherwise the whole batch goes to the
 * active GM as one v13 `User#query`, and this client writes nothing itself. A batch is planned
 * in full before its first write (a counter that cannot be paid, a missing document or a path
 * the relay does not carry refuses it all), and a write that fails undoes the ones before it,
 * so nothing is ever half-applied. Without a connected GM the user gets a localized message.
 */
import type { StoredHealth } from "../rules/health-bounds";
import type { GmWriteOp } from "../relay/ops";
import { applyDamageDetailed, healHits, applyMinionDamage, CounterError, requireCounters, spendCounters } from "../rules";
import type { CounterState, DamageApplication, HealthTrack } from "../rules";
import { activeGM, changesNothing, currentUser, hooks, notify, resolveUuidSync, type QueryUser, userById } from "../foundry";

import { relayRefusal } from "./relay-check";
import { ALLOWED_PATHS, DAMAGE_APPLIED_HOOK, GM_WRITE_QUERY, GM_WRITE_TIMEOUT, allowGmWritePaths } from "./gm-write-constants";

export { DAMAGE_APPLIED_HOOK, GM_WRITE_QUERY, GM_WRITE_TIMEOUT, allowGmWritePaths };

export type { StoredHealth };

/** One write (src/relay/ops). */
export type { GmWriteOp };

/** What one op did. */
export interface GmWriteOpResult {
  op: GmWriteOp["op"];
  uuid: string;
  /** Health before and after (damage, heal, health). */
  before?: StoredHealth;
  after?: StoredHealth;
  application?: Omit<DamageApplication, "track">;
  /** Counters before and after (counters). */
  counters?: { before: CounterState; after: CounterState };
  /** The status of a status op, and whether it changed anything. */
  status?: string;
  changed?: boolean;
}

/** Why a batch was refused: a lang key with its data. */
export interface GmWriteProblem {
  key: string;
  data?: Record<string, string | number>;
}

export type GmWriteResult =
  | { ok: true; results: GmWriteOpResult[]; viaGM: boolean }
  | { ok: false; problem: GmWriteProblem; viaGM: boolean };

// ---------------------------------------------------------------- documents

/** The parts of a Foundry document the relay reads and writes. */
interface WritableDoc {
  documentName: string;
  uuid: string;
  isOwner: boolean;
  name?: string | null;
  system?: unknown;
  update(changes: object, options?: object): Promise<unknown>;
}

interface StatusActor extends WritableDoc {
  statuses?: Set<string>;
  toggleStatusEffect?(statusId: string, options?: { active?: boolean }): Promise<unknown>;
}

/** Writes a status on an actor; `null` means the actor cannot take status effects here. */
export type StatusWriter = (actor: StatusActor, status: string, active: boolean) => Promise<boolean | null>;

/** Core's `Actor#toggleStatusEffect` (v13 and v14 add and remove by status id). */
const statusWriter: StatusWriter = async (actor, status, active) => {
  if (typeof actor.toggleStatusEffect !== "function") return null;
  const had = actor.statuses?.has(status) === true;
  if (had === active) return false;
  // v13: the new effect (or true) when it is on, false when it was removed, undefined when refused.
  const result = await actor.toggleStatusEffect(status, { active });
  return active ? result !== undefined && result !== false : result === false;
};


function flatKeys(changes: Record<string, unknown>, prefix = ""): string[] {
  const keys: string[] = [];
  for (const [key, value] of Object.entries(changes)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length) keys.push(...flatKeys(value as Record<string, unknown>, path));
    else keys.push(path);
  }
  return keys;
}

/** Whether every changed path is one the relay carries for this document type. */
export function pathsAllowed(documentName: string, changes: Record<string, unknown>): boolean {
  const allowed = ALLOWED_PATHS.get(documentName);
  if (!allowed) return false;
  const keys = flatKeys(changes);
  return keys.length > 0 && keys.every((key) => [...allowed].some((prefix) => key === prefix || (prefix.endsWith(".") ? key.startsWith(prefix) : key.startsWith(`${prefix}.`))));
}

const EXPECTED_DOCUMENT: Record<GmWriteOp["op"], string | null> = {
  damage: "Actor", heal: "Actor", health: "Actor", status: "Actor", counters: "Combatant", update: null, record: null, revert: "Actor",
};

function valueAt(doc: object, path: string): unknown {
  return path.split(".").reduce<unknown>((node, key) => (node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), doc);
}

export { changesNothing };

function resolve(uuid: string): WritableDoc | null {
  try {
    return resolveUuidSync<WritableDoc>(uuid);
  } catch {
    return null;
  }
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

function healthChanges(health: StoredHealth): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(health)) changes[`system.health.${key}`] = value;
  return changes;
}

function isMinion(system: unknown): boolean {
  return (system as { minion?: boolean } | undefined)?.minion === true;
}

// ---------------------------------------------------------------- planning

/** One write, worked out before anything is written. */
interface PlannedWrite {
  doc: WritableDoc;
  result: GmWriteOpResult;
  /** The update, or a status change. */
  changes?: Record<string, unknown>;
  inverse?: Record<string, unknown>;
  status?: { id: string; active: boolean };
  application?: DamageApplication;
}

class PlanError extends Error {
  constructor(readonly problem: GmWriteProblem) {
    super(problem.key);
  }
}

function refuse(key: string, data?: Record<string, string | number>): never {
  throw new PlanError({ key, data });
}

/** Checks an op's shape; a malformed op refuses the batch. */
function checkShape(op: GmWriteOp): void {
  const bad = () => refuse("CLOCKWORK.Combat.Attack.GmWrite.BadOp", { op: String((op as { op?: unknown })?.op) });
  if (!op || typeof op !== "object" || typeof op.uuid !== "string" || !(op.op in EXPECTED_DOCUMENT)) bad();
  switch (op.op) {
    case "damage":
    case "heal":
      if (!Number.isInteger(op.amount) || op.amount < 0) bad();
      break;
    case "status":
      if (typeof op.status !== "string" || !op.status || typeof op.active !== "boolean") bad();
      break;
    case "counters":
      if (!op.spend === !op.set) bad();
      if (op.spend && (!Number.isInteger(op.spend.cost) || op.spend.cost < 0)) bad();
      break;
    case "health":
      if (!op.health || typeof op.health !== "object") bad();
      break;
    case "update":
      if (!op.changes || typeof op.changes !== "object") bad();
      break;
    case "record":
      if (typeof op.path !== "string" || !op.path || (op.from !== undefined && !Array.isArray(op.from))) bad();
      break;
  }
}

/**
 * Works out every write of a batch against the documents as they are, in order; several ops on
 * one actor build on each other. Throws a PlanError (nothing written) when any op cannot be made.
 */
function plan(ops: readonly GmWriteOp[], requesterId: string | null): PlannedWrite[] {
  const tracks = new Map<string, HealthTrack>();
  const counters = new Map<string, CounterState>();
  const planned: PlannedWrite[] = [];
  for (const op of ops) {
    checkShape(op);
    const doc = resolve(op.uuid);
    if (!doc) refuse("CLOCKWORK.Combat.Attack.GmWrite.Missing");
    const expected = EXPECTED_DOCUMENT[op.op];
    if (expected && doc.documentName !== expected) refuse("CLOCKWORK.Combat.Attack.GmWrite.BadOp", { op: op.op });
    const name = doc.name ?? "";
    switch (op.op) {
      case "damage":
      case "heal":
      case "health": {
        const track = tracks.get(op.uuid) ?? healthTrackOf(doc.system);
        if (!track) refuse("CLOCKWORK.Combat.Attack.GmWrite.NoHealth", { name });
        const before = stored(track);
        let next: HealthTrack;
        let application: DamageApplication | undefined;
        if (op.op === "damage") {
          const how = { unavoidable: op.unavoidable, ...(op.fall === true ? { fall: true } : {}) };
          application = isMinion(doc.system) ? applyMinionDamage(track, op.amount, how) : applyDamageDetailed(track, op.amount, how);
          next = application.track;
        } else if (op.op === "heal") {
          next = healHits(track, op.amount);
        } else {
          next = { ...track, ...op.health };
        }
        tracks.set(op.uuid, next);
        const after = stored(next);
        const { track: _track, ...summary } = application ?? ({} as DamageApplication);
        planned.push({
          doc, changes: healthChanges(after), inverse: healthChanges(before), application,
          result: { op: op.op, uuid: op.uuid, before, after, ...(application ? { application: summary } : {}) },
        });
        break;
      }
      case "status": {
        const had = (doc as StatusActor).statuses?.has(op.status) === true;
        planned.push({ doc, status: { id: op.status, active: op.active }, result: { op: op.op, uuid: op.uuid, status: op.status, changed: had !== op.active } });
        break;
      }
      case "counters": {
        const current = counters.get(op.uuid) ?? (doc.system as { counters?: CounterState } | undefined)?.counters;
        if (!current) refuse("CLOCKWORK.Combat.Attack.GmWrite.NoCounters", { name });
        let next: CounterState;
        try {
          requireCounters(current);
          next = op.set ? requireCounters({ ...op.set }) : spendCounters(current, op.spend!.cost, { reaction: op.spend!.reaction, stunned: op.spend!.stunned });
        } catch (error) {
          if (error instanceof CounterError) refuse(`CLOCKWORK.Combat.Attack.Counters.${error.reason}`, { name });
          if (error instanceof RangeError) refuse("CLOCKWORK.Combat.Attack.GmWrite.BadOp", { op: op.op });
          throw error;
        }
        counters.set(op.uuid, next);
        planned.push({
          doc, changes: { "system.counters": next }, inverse: { "system.counters": { ...current } },
          result: { op: op.op, uuid: op.uuid, counters: { before: { ...current }, after: next } },
        });
        break;
      }
      case "update":
        if (!pathsAllowed(doc.documentName, op.changes)) refuse("CLOCKWORK.Combat.Attack.GmWrite.Path", { document: doc.documentName });
        planned.push({ doc, changes: op.changes, result: { op: op.op, uuid: op.uuid } });
        break;
      case "record": {
        const changes = { [op.path]: op.clear ? null : { userId: requesterId, results: (op.from ?? []).map((i) => planned[i]?.result ?? null) } };
        if (!pathsAllowed(doc.documentName, changes)) refuse("CLOCKWORK.Combat.Attack.GmWrite.Path", { document: doc.documentName });
        const existing = valueAt(doc, op.path);
        if (op.once && existing !== undefined && existing !== null) refuse("CLOCKWORK.Combat.Attack.GmWrite.Already");
        planned.push({ doc, changes, inverse: { [op.path]: existing ?? null }, result: { op: op.op, uuid: op.uuid } });
        break;
      }
    }
  }
  return planned;
}

// ---------------------------------------------------------------- executing

/** Whether this user may write an op's document itself. */
function ownsTarget(op: GmWriteOp): boolean {
  return resolve(op.uuid)?.isOwner === true;
}

/**
 * Runs a batch on this client, which must be allowed to write every document of it: plans it
 * all, then writes in order; a write that fails (refused or invalid) undoes the earlier ones.
 */
export async function executeWrites(ops: readonly GmWriteOp[], requesterId: string | null = game.user?.id ?? null): Promise<GmWriteResult> {
  const viaGM = requesterId !== (game.user?.id ?? null);
  let planned: PlannedWrite[];
  try {
    planned = plan(ops, requesterId);
  } catch (error) {
    if (error instanceof PlanError) return { ok: false, problem: error.problem, viaGM };
    throw error;
  }
  const done: PlannedWrite[] = [];
  const failed = async (): Promise<GmWriteResult> => {
    for (const write of done.reverse()) {
      try {
        // Core refuses a write by resolving `undefined`, not by throwing.
        if (write.inverse && (await write.doc.update(write.inverse)) === undefined) console.error("ClockWork | an undo of a combat write was refused", write.doc.uuid);
        else if (!write.inverse && write.status && write.result.changed && (await statusWriter(write.doc, write.status.id, !write.status.active)) === null) {
          console.error("ClockWork | an undo of a status was refused", write.doc.uuid, write.status.id);
        }
      } catch (error) {
        console.error("ClockWork | could not undo a combat write", error);
      }
    }
    return { ok: false, problem: { key: "CLOCKWORK.Combat.Attack.GmWrite.WriteFailed" }, viaGM };
  };
  for (const write of planned) {
    try {
      if (write.status) {
        const changed = await statusWriter(write.doc, write.status.id, write.status.active);
        if (changed === null) return { ok: false, problem: { key: "CLOCKWORK.Combat.Attack.GmWrite.NoStatus", data: { name: write.doc.name ?? "" } }, viaGM };
        write.result.changed = changed;
      } else if (write.changes) {
        if (changesNothing(write.doc, write.changes)) {
          write.inverse = undefined;
          done.push(write);
          continue;
        }
        const updated = await write.doc.update(write.changes);
        if (updated === undefined) return failed();
      }
    } catch (error) {
      console.error("ClockWork | a combat write failed", error);
      return failed();
    }
    done.push(write);
  }
  for (const write of planned) {
    if (write.application) hooks().callAll(DAMAGE_APPLIED_HOOK, write.doc, write.application, { userId: requesterId, uuid: write.doc.uuid });
  }
  return { ok: true, results: planned.map((w) => w.result), viaGM };
}

/** Options of {@link requestWrites}. */
export interface RequestWriteOptions {
  /** Show the refusal to the user as a notification (default true). */
  notify?: boolean;
  timeout?: number;
  /**
   * The UUID of the chat card this batch follows from (an attack card's Apply, a cast's card …):
   * the GM writes a player's batch on documents the player does not own only when this card is
   * the player's and names them (docs/rulings.md 138).
   */
  cause?: string | null;
}

function report(result: GmWriteResult, options: RequestWriteOptions): GmWriteResult {
  if (!result.ok && options.notify !== false) notify(result.problem.key.includes(".Counters.") ? "warn" : "error", result.problem.key, result.problem.data);
  return result;
}

/**
 * Makes a batch of combat writes for this user: here when it owns every document (or is a GM),
 * otherwise all of it on the active GM's client. Resolves with what was written, or with the
 * problem (already shown to the user unless `notify: false`).
 */
export async function requestWrites(ops: readonly GmWriteOp[], options: RequestWriteOptions = {}): Promise<GmWriteResult> {
  if (!ops.length) return { ok: true, results: [], viaGM: false };
  const user = currentUser();
  for (const op of ops) {
    if (!resolve(op?.uuid)) return report({ ok: false, problem: { key: "CLOCKWORK.Combat.Attack.GmWrite.Missing" }, viaGM: false }, options);
  }
  if (user?.isGM || ops.every(ownsTarget)) return report(await executeWrites(ops, user?.id ?? null), options);
  const gm = activeGM<QueryUser>();
  if (!gm) return report({ ok: false, problem: { key: "CLOCKWORK.Combat.Attack.GmWrite.NoGM" }, viaGM: true }, options);
  let answer: unknown;
  try {
    answer = await gm.query(GM_WRITE_QUERY, { ops, userId: user?.id ?? null, cause: options.cause ?? null }, { timeout: options.timeout ?? GM_WRITE_TIMEOUT });
  } catch (error) {
    console.warn("ClockWork | the GM did not answer a combat write", error);
    return report({ ok: false, problem: { key: "CLOCKWORK.Combat.Attack.GmWrite.NoAnswer" }, viaGM: true }, options);
  }
  const result = answer as GmWriteResult | null;
  if (!result || typeof result !== "object" || typeof result.ok !== "boolean") {
    return report({ ok: false, problem: { key: "CLOCKWORK.Combat.Attack.GmWrite.NoAnswer" }, viaGM: true }, options);
  }
  return report({ ...result, viaGM: true }, options);
}

/**
 * The GM's side of the query: only a GM client runs a relayed batch, and only what the
 * requester owns or its own card names (./relay-check).
 */
export async function answerGmWrite(data: unknown): Promise<GmWriteResult> {
  const request = data as { ops?: unknown; userId?: unknown; cause?: unknown } | null;
  if (!game.user?.isGM) return { ok: false, problem: { key: "CLOCKWORK.Combat.Attack.GmWrite.NoGM" }, viaGM: true };
  const userId = typeof request?.userId === "string" ? request.userId : null;
  const known = userId !== null && userById(userId) !== undefined;
  if (!known || !Array.isArray(request?.ops)) return { ok: false, problem: { key: "CLOCKWORK.Combat.Attack.GmWrite.BadOp", data: { op: "?" } }, viaGM: true };
  const refusal = relayRefusal(request.ops, userId, request.cause);
  if (refusal) return { ok: false, problem: refusal, viaGM: true };
  return executeWrites(request.ops as GmWriteOp[], userId);
}

// ---------------------------------------------------------------- shorthands

/** Applies damage to an actor (through the GM when needed). */
export function applyDamageTo(actor: { uuid: string }, amount: number, options: { unavoidable?: boolean } & RequestWriteOptions = {}): Promise<GmWriteResult> {
  return requestWrites([{ op: "damage", uuid: actor.uuid, amount, unavoidable: options.unavoidable }], options);
}

/** Heals hits on an actor (through the GM when needed). */
export function healActor(actor: { uuid: string }, amount: number, options: RequestWriteOptions = {}): Promise<GmWriteResult> {
  return requestWrites([{ op: "heal", uuid: actor.uuid, amount }], options);
}

/** Adds or removes a status by id (through the GM when needed). */
export function setStatus(actor: { uuid: string }, status: string, active: boolean, options: RequestWriteOptions = {}): Promise<GmWriteResult> {
  return requestWrites([{ op: "status", uuid: actor.uuid, status, active }], options);
}

/** Pays counters from a combatant (through the GM when needed); a refusal is a localized warning. */
export function spendCombatantCounters(combatant: { uuid: string }, cost: number, options: { reaction?: boolean; stunned?: boolean } & RequestWriteOptions = {}): Promise<GmWriteResult> {
  return requestWrites([{ op: "counters", uuid: combatant.uuid, spend: { cost, reaction: options.reaction, stunned: options.stunned } }], options);
}
