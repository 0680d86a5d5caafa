/**
 * Magic's writes on documents the caster may not own (issue 11): the scene's global pool (players
 * never own scenes), spells' Active Effects on other creatures, and everything a cast applies.
 *
 * A batch mixes the combat relay's ops (damage, healing, statuses, counters — run by
 * `executeWrites` of src/combat/gm-writes.ts, which plans and undoes them as one) with magic's
 * own: a barrier or removed wounds worked out on the writing client from the track as it stands,
 * the caster's mana, a change of a scene's pool, and spell effects created or ended. It runs
 * here when the user may write every document (or is a GM), otherwise as one query on the
 * active GM, whose client runs one batch at a time so two channelings never both take the last
 * points of a pool. Nothing is half-applied: a write that fails undoes the batch's earlier ones.
 */
import { activeGM, currentUser, notify, resolveUuidSync, type QueryUser, userById } from "../foundry";
import { relayRefusal } from "../combat/relay-check";
import type { EffectSource, RelayOp as MagicOp } from "../relay/ops";
import { changesNothing, executeWrites, type GmWriteOp, type GmWriteResult, type StoredHealth } from "../combat/gm-writes";
import {
  drainGlobalPool, removeWounds, requireGlobalPool, returnToGlobalPool, stabilize as stabilizeTrack,
  type GlobalManaPool, type HealthTrack,
} from "../rules";
import { POOL_FLAG, storedPool } from "./views";
import { MAGIC_WRITE_QUERY } from "./constants";

export { POOL_FLAG, storedPool };

/** The query the active GM answers for magic writes (defined in ./constants). */
export { MAGIC_WRITE_QUERY };
/** How long a requester waits for the GM (ms). */
export const MAGIC_WRITE_TIMEOUT = 15_000;

/** An Active Effect's source as magic creates it; one magic write (src/relay/ops). */
export type { EffectSource, MagicOp };

export type MagicWriteResult =
  | { ok: true; viaGM: boolean; results: GmWriteResult & { ok: true }; effects: string[] }
  | { ok: false; viaGM: boolean; problem: { key: string; data?: Record<string, string | number> } };

// ---------------------------------------------------------------- documents

interface Doc {
  documentName: string;
  uuid: string;
  id?: string | null;
  isOwner: boolean;
  name?: string | null;
  system?: unknown;
  flags?: Record<string, unknown>;
  parent?: Doc | null;
  update(changes: object, options?: object): Promise<unknown>;
  delete?(options?: object): Promise<unknown>;
  toObject?(): Record<string, unknown>;
}

interface EffectDoc extends Doc {
  statuses?: Set<string>;
}

interface ActorDoc extends Doc {
  effects?: { get(id: string): EffectDoc | undefined } & Iterable<EffectDoc>;
  createEmbeddedDocuments?(name: string, data: object[], options?: object): Promise<EffectDoc[]>;
  deleteEmbeddedDocuments?(name: string, ids: string[], options?: object): Promise<unknown>;
}

function resolve(uuid: string): Doc | null {
  try {
    return resolveUuidSync<Doc>(uuid);
  } catch {
    return null;
  }
}

function trackOf(system: unknown): HealthTrack | null {
  const h = (system as { health?: Partial<StoredHealth> & { grit?: number; vitalsMax?: number } } | undefined)?.health;
  if (!h || typeof h.grit !== "number" || typeof h.wounds !== "number") return null;
  return {
    grit: h.grit, wounds: h.wounds, vitalsMax: h.vitalsMax ?? 6, vitalsLost: h.vitalsLost ?? 0, hits: h.hits ?? 0,
    dying: h.dying === true, dead: h.dead === true, barrier: h.barrier ?? 0,
  };
}

function storedOf(track: HealthTrack): StoredHealth {
  return { hits: track.hits, wounds: track.wounds, vitalsLost: track.vitalsLost, barrier: track.barrier ?? 0, dying: track.dying, dead: track.dead };
}

// ---------------------------------------------------------------- planning

class Refusal extends Error {
  constructor(readonly key: string, readonly data?: Record<string, string | number>) {
    super(key);
  }
}

const refuse = (key: string, data?: Record<string, string | number>): never => {
  throw new Refusal(key, data);
};

/** A pool write and its undo. */
interface PoolWrite {
  scene: Doc;
  before: GlobalManaPool | null;
  after: GlobalManaPool;
}

/** Everything one batch writes, worked out before the first write. */
interface Plan {
  gm: GmWriteOp[];
  /** Status ops of `gm`, by index, for undoing them. */
  effects: { actor: ActorDoc; effect: EffectSource }[];
  effectFlags: { actor: ActorDoc; status: string; flags: Record<string, unknown> }[];
  ends: EffectDoc[];
  pools: PoolWrite[];
}

/**
 * Turns a batch into the combat relay's ops plus magic's own writes, against the documents as
 * they are on this client (the GM's, for a relayed batch). Several ops on one actor's health
 * build on each other; pool changes are checked against the pool's current points.
 */
function plan(ops: readonly MagicOp[]): Plan {
  const result: Plan = { gm: [], effects: [], effectFlags: [], ends: [], pools: [] };
  const tracks = new Map<string, HealthTrack>();
  const pools = new Map<string, PoolWrite>();
  const health = (uuid: string): { doc: Doc; track: HealthTrack } => {
    const doc = resolve(uuid);
    if (!doc || doc.documentName !== "Actor") return refuse("CLOCKWORK.Magic.Write.Missing");
    const track = tracks.get(uuid) ?? trackOf(doc.system);
    if (!track) return refuse("CLOCKWORK.Magic.Write.NoHealth", { name: doc.name ?? "" });
    return { doc, track };
  };
  for (const op of ops) {
    if (!op || typeof op !== "object" || typeof op.uuid !== "string") refuse("CLOCKWORK.Magic.Write.BadOp");
    switch (op.op) {
      case "barrier": {
        const { track } = health(op.uuid);
        if (!Number.isInteger(op.amount) || op.amount < 0) refuse("CLOCKWORK.Magic.Write.BadOp");
        const next = { ...track, barrier: op.amount };
        tracks.set(op.uuid, next);
        result.gm.push({ op: "health", uuid: op.uuid, health: storedOf(next) });
        break;
      }
      case "cureWounds": {
        const { track } = health(op.uuid);
        if (!Number.isInteger(op.count) || op.count < 0) refuse("CLOCKWORK.Magic.Write.BadOp");
        const next = removeWounds(track, Math.min(op.count, track.wounds));
        tracks.set(op.uuid, next);
        result.gm.push({ op: "health", uuid: op.uuid, health: storedOf(next) });
        break;
      }
      case "stabilize": {
        const { track } = health(op.uuid);
        if (!track.dying) break;
        const next = stabilizeTrack(track);
        tracks.set(op.uuid, next);
        result.gm.push({ op: "health", uuid: op.uuid, health: storedOf(next) });
        result.gm.push({ op: "status", uuid: op.uuid, status: "stabilized", active: true });
        break;
      }
      case "mana": {
        const doc = resolve(op.uuid);
        if (!doc || doc.documentName !== "Actor") refuse("CLOCKWORK.Magic.Write.Missing");
        const max = (doc?.system as { mana?: { max?: number } } | undefined)?.mana?.max ?? 0;
        if (!Number.isInteger(op.value) || op.value < 0 || op.value > max) refuse("CLOCKWORK.Magic.Write.BadOp");
        result.gm.push({ op: "update", uuid: op.uuid, changes: { "system.mana.value": op.value } });
        break;
      }
      case "pool": {
        const scene = resolve(op.uuid);
        if (!scene || scene.documentName !== "Scene") return refuse("CLOCKWORK.Magic.Write.Missing");
        const entry = pools.get(op.uuid);
        const current = entry?.after ?? storedPool(scene);
        let next: GlobalManaPool;
        try {
          if (op.set) next = requireGlobalPool({ ...op.set });
          else {
            if (!current) return refuse("CLOCKWORK.Magic.Channel.noPool");
            next = current;
            if (op.drain) {
              if (op.drain > current.value) refuse("CLOCKWORK.Magic.Channel.beyondPool", { pool: current.value });
              next = drainGlobalPool(next, op.drain);
            }
            if (op.give) next = returnToGlobalPool(next, op.give);
          }
        } catch (error) {
          if (error instanceof Refusal) throw error;
          if (error instanceof RangeError) refuse("CLOCKWORK.Magic.Write.BadOp");
          throw error;
        }
        pools.set(op.uuid, { scene, before: entry?.before ?? storedPool(scene), after: next });
        break;
      }
      case "effect": {
        const actor = resolve(op.uuid) as ActorDoc | null;
        if (!actor || actor.documentName !== "Actor") refuse("CLOCKWORK.Magic.Write.Missing");
        if (!op.effect || typeof op.effect.name !== "string") refuse("CLOCKWORK.Magic.Write.BadOp");
        result.effects.push({ actor: actor as ActorDoc, effect: op.effect });
        break;
      }
      case "effectFlags": {
        const actor = resolve(op.uuid) as ActorDoc | null;
        if (!actor || actor.documentName !== "Actor") refuse("CLOCKWORK.Magic.Write.Missing");
        result.effectFlags.push({ actor: actor as ActorDoc, status: op.status, flags: op.flags });
        break;
      }
      case "endEffect": {
        const effect = resolve(op.uuid) as EffectDoc | null;
        if (!effect || effect.documentName !== "ActiveEffect") refuse("CLOCKWORK.Magic.Write.Missing");
        result.ends.push(effect as EffectDoc);
        break;
      }
      default:
        result.gm.push(op);
    }
  }
  result.pools = [...pools.values()];
  return result;
}

// ---------------------------------------------------------------- executing

/** Undo ops for what the combat relay wrote (health and counters restored, statuses toggled back). */
function undoOps(ops: readonly GmWriteOp[], results: GmWriteResult & { ok: true }, mana: Map<string, number>): GmWriteOp[] {
  const undo: GmWriteOp[] = [];
  results.results.forEach((result, i) => {
    const op = ops[i];
    if (result.before && (result.op === "damage" || result.op === "heal" || result.op === "health")) undo.push({ op: "health", uuid: result.uuid, health: result.before });
    else if (result.counters) undo.push({ op: "counters", uuid: result.uuid, set: result.counters.before });
    else if (op?.op === "status" && result.changed) undo.push({ op: "status", uuid: op.uuid, status: op.status, active: !op.active });
    else if (op?.op === "update" && mana.has(op.uuid)) undo.push({ op: "update", uuid: op.uuid, changes: { "system.mana.value": mana.get(op.uuid) } });
  });
  return undo.reverse();
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs batches one after another on this client (a GM answering several players at once). */
function serial<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** Runs a batch on this client, which must be allowed to write all of it. */
export function executeMagicWrites(ops: readonly MagicOp[], requesterId: string | null = game.user?.id ?? null): Promise<MagicWriteResult> {
  return serial(() => runBatch(ops, requesterId));
}

async function runBatch(ops: readonly MagicOp[], requesterId: string | null): Promise<MagicWriteResult> {
  const viaGM = requesterId !== (game.user?.id ?? null);
  let planned: Plan;
  try {
    planned = plan(ops);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, viaGM, problem: { key: error.key, data: error.data } };
    throw error;
  }
  const mana = new Map<string, number>();
  for (const op of planned.gm) {
    if (op.op === "update" && "system.mana.value" in op.changes) {
      const doc = resolve(op.uuid);
      mana.set(op.uuid, (doc?.system as { mana?: { value?: number } } | undefined)?.mana?.value ?? 0);
    }
  }
  const gm = await executeWrites(planned.gm, requesterId);
  if (!gm.ok) return { ok: false, viaGM, problem: gm.problem };
  const created: EffectDoc[] = [];
  const flagged: { effect: EffectDoc; before: Record<string, unknown> }[] = [];
  const ended: { actor: ActorDoc; data: Record<string, unknown> }[] = [];
  const poolsDone: PoolWrite[] = [];
  const undo = async (): Promise<MagicWriteResult> => {
    for (const write of poolsDone.reverse()) await write.scene.update({ [`flags.clockwork.${POOL_FLAG}`]: write.before }).then(undoneOrLog, logUndo);
    for (const { actor, data } of ended.reverse()) await actor.createEmbeddedDocuments?.("ActiveEffect", [data], { keepId: true }).then(undoneOrLog, logUndo);
    for (const { effect, before } of flagged.reverse()) await effect.update({ "flags.clockwork": before }).then(undoneOrLog, logUndo);
    for (const effect of created.reverse()) await effect.delete?.().then(undoneOrLog, logUndo);
    const inverse = undoOps(planned.gm, gm, mana);
    if (inverse.length) await executeWrites(inverse, requesterId).catch(logUndo);
    return { ok: false, viaGM, problem: { key: "CLOCKWORK.Magic.Write.Failed" } };
  };
  try {
    for (const { actor, effect } of planned.effects) {
      const [doc] = (await actor.createEmbeddedDocuments?.("ActiveEffect", [effect])) ?? [];
      if (!doc) return undo();
      created.push(doc);
    }
    for (const { actor, status, flags } of planned.effectFlags) {
      const effect = [...(actor.effects ?? [])].find((e) => e.statuses?.has(status));
      if (!effect) return undo();
      const before = structuredClone((effect.flags?.clockwork as Record<string, unknown> | undefined) ?? {});
      // Each key on its own, so the status's other data (a poison's difficulty) stays.
      const changes = Object.fromEntries(Object.entries(flags).map(([key, value]) => [`flags.clockwork.${key}`, value]));
      // Flags already as asked are done: core resolves an empty diff with undefined, like a refusal.
      if (changesNothing(effect, changes)) continue;
      if ((await effect.update(changes)) === undefined) return undo();
      flagged.push({ effect, before });
    }
    for (const effect of planned.ends) {
      const actor = effect.parent as ActorDoc | null;
      const data = effect.toObject?.() ?? {};
      if ((await effect.delete?.()) === undefined) return undo();
      if (actor) ended.push({ actor, data });
    }
    for (const write of planned.pools) {
      if ((await write.scene.update({ [`flags.clockwork.${POOL_FLAG}`]: write.after })) === undefined) return undo();
      poolsDone.push(write);
    }
  } catch (error) {
    console.error("ClockWork | a magic write failed", error);
    return undo();
  }
  return { ok: true, viaGM, results: gm, effects: created.map((e) => e.uuid) };
}

function logUndo(error: unknown): void {
  console.error("ClockWork | could not undo a magic write", error);
}

/** Core refuses a write by resolving `undefined` (or an empty array), not by throwing. */
function undoneOrLog(result: unknown): void {
  if (result === undefined || (Array.isArray(result) && result.length === 0)) logUndo(new Error("the write was refused"));
}

// ---------------------------------------------------------------- requesting

/** Whether this user may write an op's document itself (a pool never, unless GM). */
function ownsTarget(op: MagicOp): boolean {
  if (op.op === "pool") return false;
  const doc = resolve(op.uuid);
  if (!doc) return false;
  return doc.isOwner === true;
}

function report(result: MagicWriteResult, quiet: boolean): MagicWriteResult {
  if (!result.ok && !quiet) notify(result.problem.key.includes(".Counters.") || result.problem.key.includes(".Channel.") ? "warn" : "error", result.problem.key, result.problem.data);
  return result;
}

/**
 * Makes a batch for this user: here when it may write all of it, otherwise on the active GM's
 * client as one query. A refusal is shown to the user (unless `quiet`) and changes nothing.
 */
export async function requestMagicWrites(ops: readonly MagicOp[], options: { quiet?: boolean; timeout?: number; cause?: string | null } = {}): Promise<MagicWriteResult> {
  const quiet = options.quiet === true;
  if (!ops.length) return { ok: true, viaGM: false, results: { ok: true, results: [], viaGM: false }, effects: [] };
  for (const op of ops) if (!resolve(op?.uuid)) return report({ ok: false, viaGM: false, problem: { key: "CLOCKWORK.Magic.Write.Missing" } }, quiet);
  const user = currentUser();
  if (user?.isGM || ops.every(ownsTarget)) return report(await executeMagicWrites(ops, user?.id ?? null), quiet);
  const gm = activeGM<QueryUser>();
  if (!gm) return report({ ok: false, viaGM: true, problem: { key: "CLOCKWORK.Magic.Write.NoGM" } }, quiet);
  let answer: unknown;
  try {
    answer = await gm.query(MAGIC_WRITE_QUERY, { ops, userId: user?.id ?? null, cause: options.cause ?? null }, { timeout: options.timeout ?? MAGIC_WRITE_TIMEOUT });
  } catch (error) {
    console.warn("ClockWork | the GM did not answer a magic write", error);
    return report({ ok: false, viaGM: true, problem: { key: "CLOCKWORK.Magic.Write.NoAnswer" } }, quiet);
  }
  const result = answer as MagicWriteResult | null;
  if (!result || typeof result !== "object" || typeof result.ok !== "boolean") return report({ ok: false, viaGM: true, problem: { key: "CLOCKWORK.Magic.Write.NoAnswer" } }, quiet);
  return report({ ...result, viaGM: true }, quiet);
}

/** Pool changes a player may ask of the GM: draining by channeling, never setting or refilling. */
function allowedForPlayer(op: MagicOp): boolean {
  if (op?.op !== "pool") return true;
  return op.set === undefined && op.give === undefined;
}

/** The GM's side of the query: only what the requester owns or its own card names (src/combat/relay-check). */
export async function answerMagicWrite(data: unknown): Promise<MagicWriteResult> {
  const request = data as { ops?: unknown; userId?: unknown; cause?: unknown } | null;
  if (!game.user?.isGM) return { ok: false, viaGM: true, problem: { key: "CLOCKWORK.Magic.Write.NoGM" } };
  const userId = typeof request?.userId === "string" ? request.userId : null;
  const requester = userId ? userById<{ isGM?: boolean }>(userId) : undefined;
  if (!requester || !Array.isArray(request?.ops)) return { ok: false, viaGM: true, problem: { key: "CLOCKWORK.Magic.Write.BadOp" } };
  const ops = request.ops as MagicOp[];
  if (!requester.isGM && !ops.every(allowedForPlayer)) return { ok: false, viaGM: true, problem: { key: "CLOCKWORK.Magic.Write.BadOp" } };
  const refusal = relayRefusal(ops, userId!, request.cause);
  if (refusal) return { ok: false, viaGM: true, problem: refusal };
  return executeMagicWrites(ops, userId);
}
