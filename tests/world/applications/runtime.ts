/**
 * The Foundry globals the applications layer reads at call time, typed as narrowly as it
 * uses them. They resolve through the test world's client resolver, so inside `world.as(client)`
 * `game.user` is that client's user, exactly as `src/` code sees it.
 */

export interface RuntimeUser {
  id: string | null;
  name?: string;
  isGM: boolean;
}

export interface RuntimeDocument {
  id: string | null;
  uuid: string;
  name: string;
  type?: string;
  documentName: string;
  pack?: string | null;
  parent?: RuntimeDocument | null;
  collection?: { has(id: string): boolean } | null;
  apps: Record<string, unknown>;
  _source: object;
  schema?: { fields?: object };
  testUserPermission(user: RuntimeUser | null, level: number | string, options?: object): boolean;
  isOwner?: boolean;
  validate?(options: { changes: object; clean?: boolean; fallback?: boolean }): unknown;
  update(changes: object, options?: object): Promise<unknown>;
  toObject(): Record<string, unknown>;
  constructor: { documentName?: string; metadata?: { label?: string }; create?(data: object, options?: object): Promise<unknown> };
}

export interface DocumentClassLike {
  documentName?: string;
  fromDropData?(data: object): Promise<RuntimeDocument | null | undefined>;
  implementation?: DocumentClassLike;
  create?(data: object, options?: object): Promise<unknown>;
}

interface Runtime {
  game: {
    user: RuntimeUser | null;
    i18n: { localize(key: string): string; format(key: string, data?: Record<string, unknown>): string; has?(key: string): boolean };
    packs?: { get(id: string): { locked?: boolean } | undefined };
  };
  ui: {
    notifications?: { info(message: string): unknown; warn(message: string): unknown; error(message: unknown, options?: object): unknown };
    activeWindow?: unknown;
  };
  Hooks: { call(name: string, ...args: unknown[]): boolean; callAll(name: string, ...args: unknown[]): boolean };
  CONFIG: Record<string, { documentClass?: DocumentClassLike; typeLabels?: Record<string, string>; sheetClasses?: Record<string, Record<string, unknown>> } | undefined> & {
    debug?: { applications?: boolean };
  };
  foundry: {
    utils: {
      expandObject(obj: object): Record<string, unknown>;
      mergeObject<T extends object>(target: T, source: object, options?: object): T;
      getProperty(obj: object, path: string): unknown;
    };
  };
}

export function rt(): Runtime {
  return globalThis as unknown as Runtime;
}

/** A translated string; the key itself before i18n exists (like core before `i18nInit`). */
export function localize(key: string): string {
  const i18n = rt().game?.i18n;
  return i18n ? i18n.localize(key) : key;
}

/** The document class configured on this client for a document name (foundry.utils.getDocumentClass). */
export function documentClass(name: string): DocumentClassLike | null {
  const cls = rt().CONFIG?.[name]?.documentClass;
  return cls ?? null;
}

/** Foundry's deepClone for option objects: plain objects and arrays are copied, the rest (functions, classes) kept. */
export function cloneOptions<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => cloneOptions(v)) as T;
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = cloneOptions(v);
    return out as T;
  }
  return value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Core's DOCUMENT_OWNERSHIP_LEVELS. */
export const OWNERSHIP = { INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;

/**
 * Where the applications layer reports work core starts without awaiting it (a render, a form
 * submit from a change), so `world.settle()` can wait for it; globals.ts points it at the
 * current client. Observing only: the work runs exactly as before.
 */
export const unawaited = {
  track(_work: Promise<unknown>): void {},
};

/** Report `work` to the world without changing its outcome for the caller. */
export function observe<T>(work: Promise<T>): Promise<T> {
  unawaited.track(work.then(() => undefined, () => undefined));
  return work;
}
