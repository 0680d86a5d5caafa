/**
 * What one played path made, so the path can take it away again even when it fails midway.
 * While a path runs, every document this user creates (world documents and embedded ones: a
 * token, a template or region, an effect, a combatant, a chat message the system posted) is
 * recorded from core's `create<Type>` hooks, which name the requesting user; `cleanUp` deletes
 * what is still there, newest first, skipping what a deleted parent took with it. Documents that
 * already existed and that this user changed during the path are named, so the report says when
 * a path touched the world beyond its own documents.
 */
import { currentUserId, hooks, resolveUuidSync } from "../../foundry";

/** Document types whose creation a path may cause (world and embedded). */
const WATCHED = [
  "Actor", "Item", "Scene", "Combat", "ChatMessage", "Macro", "JournalEntry", "RollTable", "Folder",
  "Token", "MeasuredTemplate", "Region", "ActiveEffect", "Combatant", "Tile", "Drawing", "Note",
] as const;
/** World documents a path might change without making them (a setting is written by the system on purpose). */
const CHANGED = ["Actor", "Item", "Scene", "Combat", "User", "Setting"] as const;

interface MadeDoc {
  id: string | null;
  uuid: string;
  documentName: string;
  name?: string | null;
  parent?: MadeDoc | null;
  delete(): Promise<unknown>;
}

export interface Scratch {
  /** Records a document the path made or adopted (hooks record the rest). */
  track<T extends object>(doc: T): T;
  /** Runs `fn` before the documents are deleted (restoring a setting, closing a window). */
  defer(fn: () => unknown): void;
  /** Whether the path made this document. */
  made(uuid: string): boolean;
  /** Deletes what the path made; resolves what could not be removed and what it changed beyond its own documents. */
  cleanUp(): Promise<{ left: string[]; touched: string[] }>;
}

function exists(doc: MadeDoc): boolean {
  return resolveUuidSync(doc.uuid) !== null;
}

/** Starts recording what this user creates; call `cleanUp` in a `finally`. */
export function startScratch(): Scratch {
  const registry = hooks();
  const user = currentUserId();
  const made: MadeDoc[] = [];
  const uuids = new Set<string>();
  const touched = new Set<string>();
  const deferred: (() => unknown)[] = [];
  const record = (doc: MadeDoc) => {
    if (!doc?.uuid || uuids.has(doc.uuid)) return;
    uuids.add(doc.uuid);
    made.push(doc);
  };
  const ids: [string, number][] = [];
  for (const type of WATCHED) {
    const name = `create${type}`;
    ids.push([name, registry.on(name, ((doc: MadeDoc, _options: unknown, userId: string) => {
      if (userId === user) record(doc);
    }) as never)]);
  }
  for (const type of CHANGED) {
    const name = `update${type}`;
    ids.push([name, registry.on(name, ((doc: MadeDoc, _changes: unknown, _options: unknown, userId: string) => {
      if (userId === user && !uuids.has(doc.uuid)) touched.add(`${doc.documentName} ${doc.name ?? doc.id}`);
    }) as never)]);
  }
  return {
    track(doc) {
      record(doc as unknown as MadeDoc);
      return doc;
    },
    defer(fn) {
      deferred.push(fn);
    },
    made: (uuid) => uuids.has(uuid),
    async cleanUp() {
      for (const fn of deferred.reverse()) {
        try {
          await fn();
        } catch {
          // A window already closed, a setting already back: nothing left to do.
        }
      }
      // Newest first; a document inside one the path made goes with its parent.
      const own = (doc: MadeDoc): boolean => {
        for (let parent = doc.parent; parent; parent = parent.parent) if (uuids.has(parent.uuid)) return true;
        return false;
      };
      for (const doc of [...made].reverse()) {
        if (own(doc) || !exists(doc)) continue;
        try {
          await doc.delete();
        } catch {
          // Reported below as left behind.
        }
      }
      for (const [name, id] of ids) registry.off(name, id);
      const left = made.filter((doc) => !own(doc) && exists(doc)).map((doc) => `${doc.documentName} ${doc.name ?? doc.id}`);
      return { left, touched: [...touched] };
    },
  };
}
