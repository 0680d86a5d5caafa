/**
 * The GM's world migration. Every source is already migrated in memory as it is read (the
 * documents' `_initializeSource` runs the steps and marks what changed); this writes the marked
 * sources back, so the database holds the current shape:
 *
 * - world items, world actors and their items;
 * - the synthetic actors of unlinked tokens (only what the token's own delta holds);
 * - the actors and items of every unlocked compendium.
 *
 * It shows a progress bar (v13 `ui.notifications.info(message, { progress: true })`, whose
 * notification takes `update({ pct, message })`, client/applications/ui/notifications.mjs),
 * writes in batches, one `updateDocuments` per document type and parent (the world's items, the
 * world's actors, each actor's items, each pack's documents; a token is its own parent), names
 * each document that could not be written while the rest goes on, and records the version only
 * when everything was written. Running it again writes nothing: a persisted source is read back in the current shape, so nothing is marked.
 */
import { isDesignatedGM, localize, runtimeGlobal, setDeletion } from "../foundry";
import { MIGRATION_OPTION, MIGRATION_SETTING } from "./setting";
import { ACTOR_STEP_PATHS, FLAG_SCOPE, MIGRATION_VERSION, PERSIST_FLAG, isMarkedForPersist, isOlderVersion } from "./steps";

export { MIGRATION_SETTING };
const SYSTEM_ID = "clockwork";

type Source = Record<string, unknown>;

interface DocumentLike {
  id: string | null;
  name: string;
  documentName: string;
  _source: Source;
  update(changes: object, options?: object): Promise<unknown>;
}

interface ActorLike extends DocumentLike {
  items: Iterable<DocumentLike>;
  updateEmbeddedDocuments(name: "Item", updates: object[], options?: object): Promise<unknown>;
}

interface TokenLike {
  actorLink?: boolean;
  actor?: ActorLike | null;
  /** v13: an ActorDelta document (`_source.items`); a plain object in the test world. */
  delta?: { _source?: { items?: Source[] }; items?: unknown } | null;
}

interface PackLike {
  collection: string;
  documentName: string;
  locked: boolean;
  getDocuments(): Promise<DocumentLike[]>;
}

interface ProgressNotification {
  update?(update: { pct?: number; message?: string }): void;
}

interface GameLike {
  user?: { isGM?: boolean; id?: string | null } | null;
  users?: { activeGM?: { id?: string | null } | null };
  /** Core's socket; `connected` is false once the client lost the server. */
  socket?: { connected?: boolean } | null;
  system?: { version?: string };
  settings: { get(namespace: string, key: string): unknown; set(namespace: string, key: string, value: unknown): Promise<unknown> };
  items?: Iterable<DocumentLike>;
  actors?: Iterable<ActorLike>;
  scenes?: Iterable<{ tokens?: Iterable<TokenLike> }>;
  packs?: Iterable<PackLike>;
}

interface Notifier {
  info(message: string, options?: object): ProgressNotification | unknown;
  warn(message: string, options?: object): unknown;
  error(message: string, options?: object): unknown;
}

export interface MigrationReport {
  /** Documents whose source was written back. */
  written: number;
  /** Documents looked at. */
  checked: number;
  /** "Type name: message" for each document that could not be written. */
  failures: string[];
}

const runtime = {
  get game(): GameLike {
    return runtimeGlobal<GameLike>("game")!;
  },
  get ui() {
    return runtimeGlobal<{ notifications?: Notifier }>("ui");
  },
};

/** Whether this world's recorded version predates the latest migration step. */
export function migrationNeeded(): boolean {
  const stored = String(runtime.game.settings.get(SYSTEM_ID, MIGRATION_SETTING) ?? "");
  return isOlderVersion(stored, MIGRATION_VERSION);
}

/** The removal of the mark, in this Foundry's deletion spelling (`-=` on v13, `_del` on v14). */
function unmark(): Source {
  const scope: Record<string, unknown> = {};
  setDeletion(scope, PERSIST_FLAG);
  return { flags: { [FLAG_SCOPE]: scope } };
}

/** The whole system source plus the removal of the mark, written as is (no diff: memory already has it). */
function fullWrite(doc: DocumentLike): Source {
  return { system: foundry.utils.deepClone(doc._source.system), ...unmark() };
}

const WRITE_OPTIONS = { diff: false, recursive: false, render: false, [MIGRATION_OPTION]: true };

/** Failures of a run, by label; written documents are counted. */
interface Tally {
  written: number;
  failures: string[];
}

const labelOf = (doc: DocumentLike, where?: string) => `${where ?? doc.documentName} ${doc.name}`;

/**
 * Write `docs` in one request (`send` is one `updateDocuments` call). Core skips an entry it
 * refuses (logged and notified) and resolves without it, as it leaves out an update that changes
 * nothing: a document still carrying the mark afterwards was refused, one without it had nothing
 * left to write. A rejected request (the server refused it as a whole, or the connection broke)
 * is retried document by document, so one bad document neither holds back the rest nor hides
 * which one failed.
 */
async function writeBatch(docs: DocumentLike[], send: (docs: DocumentLike[]) => Promise<unknown>, tally: Tally, where?: string): Promise<void> {
  if (!docs.length) return;
  let result: unknown;
  try {
    result = await send(docs);
  } catch (error) {
    if (docs.length > 1) {
      for (const doc of docs) await writeBatch([doc], send, tally, where);
      return;
    }
    tally.failures.push(`${labelOf(docs[0]!, where)}: ${(error as Error).message}`);
    console.error(`ClockWork | migration of ${labelOf(docs[0]!, where)} failed`, error);
    return;
  }
  const done = new Set((Array.isArray(result) ? (result as { id?: string | null }[]) : [result as { id?: string | null } | undefined]).map((doc) => doc?.id));
  for (const doc of docs) {
    if (done.has(doc.id)) tally.written++;
    else if (isMarkedForPersist(doc._source)) tally.failures.push(`${labelOf(doc, where)}: the write was refused (see the console)`);
  }
}

const marked = (docs: Iterable<DocumentLike>, only?: ReadonlySet<string>) => [...docs].filter((doc) => isMarkedForPersist(doc._source) && (!only || only.has(doc.id ?? "")));

/** An actor's marked items, in one request. */
function persistItems(owner: ActorLike, tally: Tally, only?: ReadonlySet<string>, where?: string): Promise<void> {
  return writeBatch(marked(owner.items, only), (items) => owner.updateEmbeddedDocuments("Item", items.map((item) => ({ _id: item.id, ...fullWrite(item) })), WRITE_OPTIONS), tally, where);
}

/** Primary documents of one type (world or one pack), in one request. */
function persistPrimaries(docs: DocumentLike[], tally: Tally, pack?: string): Promise<void> {
  const cls = docs[0]?.constructor as unknown as { updateDocuments(updates: object[], operation: object): Promise<unknown> } | undefined;
  return writeBatch(marked(docs), (batch) => cls!.updateDocuments(batch.map((doc) => ({ _id: doc.id, ...fullWrite(doc) })), { ...WRITE_OPTIONS, pack: pack ?? null }), tally, pack);
}

/**
 * Actors (world or one pack): the marked actors in one request, then each actor's marked items
 * in one request per actor. `advance` moves the bar by each actor done.
 */
async function persistActors(actors: ActorLike[], tally: Tally, advance: (count: number) => void, pack?: string): Promise<void> {
  await persistPrimaries(actors, tally, pack);
  let pending = 0;
  for (const actor of actors) {
    pending++;
    if (!marked(actor.items).length) continue;
    await persistItems(actor, tally, undefined, pack);
    advance(pending);
    pending = 0;
  }
  advance(pending);
}

/**
 * A token's synthetic actor: its own items (those in the delta) are written whole; of the actor
 * itself only the paths the actor-level steps change, so the delta does not become a full copy
 * of the base actor. Each token is its own parent: one request for its items, one for its delta.
 */
async function persistToken(token: TokenLike, tally: Tally): Promise<void> {
  const actor = token.actor;
  if (!actor) return;
  const deltaItems = token.delta?._source?.items ?? token.delta?.items;
  const own = new Set((Array.isArray(deltaItems) ? (deltaItems as Source[]) : []).map((item) => String(item._id)));
  await persistItems(actor, tally, own, "Token");
  await writeBatch(marked([actor]), async () => {
    const changes: Source = unmark();
    for (const path of ACTOR_STEP_PATHS) foundry.utils.setProperty(changes, path, foundry.utils.deepClone(foundry.utils.getProperty(actor._source, path)));
    return actor.update(changes, { ...WRITE_OPTIONS, recursive: true });
  }, tally, "Token");
}

/** One step of the run: `size` documents looked at, `pending` of them marked, written by `run` in as few requests as it can. */
interface Task {
  size: number;
  pending: number;
  run(tally: Tally, advance: (count: number) => void): Promise<void>;
}

/** Marked actors and marked items of theirs. */
const pendingActors = (actors: ActorLike[]) => marked(actors).length + actors.reduce((sum, actor) => sum + marked(actor.items).length, 0);

async function collectTasks(game: GameLike): Promise<Task[]> {
  const tasks: Task[] = [];
  const items = [...(game.items ?? [])];
  if (items.length) tasks.push({ size: items.length, pending: marked(items).length, run: async (tally, advance) => { await persistPrimaries(items, tally); advance(items.length); } });
  const actors = [...(game.actors ?? [])];
  if (actors.length) tasks.push({ size: actors.length, pending: pendingActors(actors), run: (tally, advance) => persistActors(actors, tally, advance) });
  for (const scene of game.scenes ?? []) {
    for (const token of scene.tokens ?? []) {
      if (token.actorLink || !token.actor) continue;
      tasks.push({ size: 1, pending: pendingActors([token.actor]), run: async (tally, advance) => { await persistToken(token, tally); advance(1); } });
    }
  }
  for (const pack of game.packs ?? []) {
    if (pack.locked || (pack.documentName !== "Actor" && pack.documentName !== "Item")) continue;
    const docs = await pack.getDocuments();
    if (!docs.length) continue;
    tasks.push({
      size: docs.length,
      pending: pack.documentName === "Actor" ? pendingActors(docs as ActorLike[]) : marked(docs).length,
      run: async (tally, advance) => {
        if (pack.documentName === "Actor") return persistActors(docs as ActorLike[], tally, advance, pack.collection);
        await persistPrimaries(docs, tally, pack.collection);
        advance(docs.length);
      },
    });
  }
  return tasks;
}

/**
 * Migrate the world now (any GM may call it: `game.clockwork.migrateWorld()`). Records the
 * system version when every document was written.
 */
export async function migrateWorld(): Promise<MigrationReport> {
  const { game } = runtime;
  const notifications = runtime.ui?.notifications;
  // A development build may carry steps of a version not released yet: record whichever is later.
  const systemVersion = game.system?.version ?? "";
  const version = isOlderVersion(systemVersion, MIGRATION_VERSION) ? MIGRATION_VERSION : systemVersion;
  const report: MigrationReport = { written: 0, checked: 0, failures: [] };
  if (!game.user?.isGM) return report;
  // A client that lost the server can write nothing: leave the world as it is.
  if (game.socket?.connected === false) {
    console.warn("ClockWork | not connected: the world migration waits for a connected GM");
    return report;
  }

  const tasks = await collectTasks(game);
  // Nothing to write (a new world, or one already in shape): the version is recorded without a word.
  if (tasks.every((task) => task.pending === 0)) {
    report.checked = tasks.reduce((sum, task) => sum + task.size, 0);
    await game.settings.set(SYSTEM_ID, MIGRATION_SETTING, version);
    return report;
  }
  const bar = notifications?.info(localize("CLOCKWORK.Migration.Start", { version }), { progress: true, permanent: true }) as ProgressNotification | undefined;
  const total = tasks.reduce((sum, task) => sum + task.size, 0);
  const advance = (count: number) => {
    if (!count) return;
    report.checked += count;
    bar?.update?.({ pct: report.checked / Math.max(1, total), message: localize("CLOCKWORK.Migration.Progress", { done: report.checked, total }) });
  };
  for (const task of tasks) await task.run(report, advance);
  bar?.update?.({ pct: 1 });

  if (report.failures.length) {
    notifications?.error(localize("CLOCKWORK.Migration.Failed", { count: report.failures.length, version }), { permanent: true });
  } else {
    await game.settings.set(SYSTEM_ID, MIGRATION_SETTING, version);
    notifications?.info(localize("CLOCKWORK.Migration.Done", { version, written: report.written }));
  }
  return report;
}

/** On `ready`: the active GM (one of them, if several are online) migrates a world that needs it. */
export async function migrateOnReady(): Promise<MigrationReport | null> {
  const { game } = runtime;
  if (!game.user?.isGM) return null;
  // Only the designated GM, connected (with no GM active, nobody).
  if (!isDesignatedGM() || game.socket?.connected === false) return null;
  if (!migrationNeeded()) return null;
  return migrateWorld();
}
