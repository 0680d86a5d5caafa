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
 * writes each document on its own (a failure is reported and the rest goes on), and records
 * the version only when everything was written. Running it again writes nothing: a persisted
 * source is read back in the current shape, so nothing is marked.
 */
import { MIGRATION_OPTION } from "../documents/write-constants";
import { isDesignatedGM, localize, runtimeGlobal } from "../foundry";
import { MIGRATION_SETTING } from "./setting";
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

const UNMARK = { flags: { [FLAG_SCOPE]: { [`-=${PERSIST_FLAG}`]: null } } };

/** The whole system source plus the removal of the mark, written as is (no diff: memory already has it). */
function fullWrite(doc: DocumentLike): Source {
  return { system: foundry.utils.deepClone(doc._source.system), ...UNMARK };
}

const WRITE_OPTIONS = { diff: false, recursive: false, render: false, [MIGRATION_OPTION]: true };

async function persistItems(owner: ActorLike, items: Iterable<DocumentLike>, only?: ReadonlySet<string>): Promise<number> {
  const updates: object[] = [];
  for (const item of items) {
    if (!isMarkedForPersist(item._source) || (only && !only.has(item.id ?? ""))) continue;
    updates.push({ _id: item.id, ...fullWrite(item) });
  }
  if (updates.length) await owner.updateEmbeddedDocuments("Item", updates, WRITE_OPTIONS);
  return updates.length;
}

async function persistActor(actor: ActorLike): Promise<number> {
  let written = await persistItems(actor, actor.items);
  if (isMarkedForPersist(actor._source)) {
    await actor.update(fullWrite(actor), WRITE_OPTIONS);
    written++;
  }
  return written;
}

/**
 * A token's synthetic actor: its own items (those in the delta) are written whole; of the actor
 * itself only the paths the actor-level steps change, so the delta does not become a full copy
 * of the base actor.
 */
async function persistToken(token: TokenLike): Promise<number> {
  const actor = token.actor;
  if (!actor) return 0;
  const deltaItems = token.delta?._source?.items ?? token.delta?.items;
  const own = new Set((Array.isArray(deltaItems) ? (deltaItems as Source[]) : []).map((item) => String(item._id)));
  let written = await persistItems(actor, actor.items, own);
  if (isMarkedForPersist(actor._source)) {
    const changes: Source = foundry.utils.deepClone(UNMARK);
    for (const path of ACTOR_STEP_PATHS) foundry.utils.setProperty(changes, path, foundry.utils.deepClone(foundry.utils.getProperty(actor._source, path)));
    await actor.update(changes, { ...WRITE_OPTIONS, recursive: true });
    written++;
  }
  return written;
}

async function persistDocument(doc: DocumentLike): Promise<number> {
  if (doc.documentName === "Actor") return persistActor(doc as ActorLike);
  if (!isMarkedForPersist(doc._source)) return 0;
  await doc.update(fullWrite(doc), WRITE_OPTIONS);
  return 1;
}

interface Task {
  label: string;
  run(): Promise<number>;
}

async function collectTasks(game: GameLike): Promise<Task[]> {
  const tasks: Task[] = [];
  const add = (doc: DocumentLike) => tasks.push({ label: `${doc.documentName} ${doc.name}`, run: () => persistDocument(doc) });
  for (const item of game.items ?? []) add(item);
  for (const actor of game.actors ?? []) add(actor);
  for (const scene of game.scenes ?? []) {
    for (const token of scene.tokens ?? []) {
      if (token.actorLink || !token.actor) continue;
      tasks.push({ label: `Token ${token.actor.name}`, run: () => persistToken(token) });
    }
  }
  for (const pack of game.packs ?? []) {
    if (pack.locked || (pack.documentName !== "Actor" && pack.documentName !== "Item")) continue;
    for (const doc of await pack.getDocuments()) tasks.push({ label: `${pack.collection} ${doc.name}`, run: () => persistDocument(doc) });
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
  if (tasks.length === 0) {
    await game.settings.set(SYSTEM_ID, MIGRATION_SETTING, version);
    return report;
  }
  const bar = notifications?.info(localize("CLOCKWORK.Migration.Start", { version }), { progress: true, permanent: true }) as ProgressNotification | undefined;
  for (const [index, task] of tasks.entries()) {
    try {
      report.written += await task.run();
    } catch (error) {
      report.failures.push(`${task.label}: ${(error as Error).message}`);
      console.error(`ClockWork | migration of ${task.label} failed`, error);
    }
    report.checked++;
    bar?.update?.({ pct: (index + 1) / Math.max(1, tasks.length), message: localize("CLOCKWORK.Migration.Progress", { done: index + 1, total: tasks.length }) });
  }
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
