/**
 * What every check shares: core's globals read loosely (a check reads core as it is, not as
 * its types say), the failures it throws, and scratch documents it tracks for deletion.
 */
import { ContractFailure, ContractSkip, type ContractContext } from "../types";

/**
 * Any value core hands back, read without types. The one `any` of the suite, on purpose: a
 * check asks what core does on v13 and v14, so it must not assume what foundry-vtt-types says.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

const root = globalThis as unknown as Record<string, Loose | undefined>;

/** A global of the running client (`game`, `CONFIG`, `foundry`, `ui`, `canvas`, `Hooks`, `fromUuid`…). */
export function core(name: string): Loose {
  const value = root[name];
  if (value === undefined) throw new ContractFailure(`the global ${name}`, "none");
  return value;
}

export const game = (): Loose => core("game");
export const CONFIG = (): Loose => core("CONFIG");
export const foundry = (): Loose => core("foundry");

/** A short, stable text of a value for a report. */
export function show(value: unknown): string {
  if (value === undefined) return "undefined";
  if (typeof value === "function") return `function ${value.name}`;
  try {
    return JSON.stringify(value, (_key, v: unknown) => (v instanceof Set ? [...v] : v)) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Fails unless `actual` equals `expected` (compared as JSON). */
export function same(what: string, actual: unknown, expected: unknown): void {
  if (show(actual) !== show(expected)) throw new ContractFailure(`${what}: ${show(expected)}`, show(actual));
}

/** Fails unless `condition` holds. */
export function ensure(condition: unknown, expected: string, actual: unknown): void {
  if (!condition) throw new ContractFailure(expected, typeof actual === "string" ? actual : show(actual));
}

/** Runs `fn`, which must throw or reject; returns the error's message. */
export async function rejects(what: string, fn: () => unknown): Promise<string> {
  try {
    await fn();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new ContractFailure(`${what} to throw or reject`, "it resolved");
}

/** The document class core uses for a type (`CONFIG[type].documentClass`). */
export function documentClass(type: string): Loose {
  const cls = CONFIG()[type]?.documentClass;
  if (!cls) throw new ContractFailure(`CONFIG.${type}.documentClass`, "none");
  return cls;
}

/** Creates a world document (or embedded ones, given `parent`) and tracks it for deletion. */
export async function scratch(context: ContractContext, type: string, data: Record<string, unknown>, options: Record<string, unknown> = {}): Promise<Loose> {
  const doc = (await documentClass(type).create(data, options)) as Loose | undefined;
  if (!doc) throw new ContractFailure(`a scratch ${type} created`, "undefined");
  // Embedded documents go with their parent; only world documents are tracked.
  return options.parent ? doc : context.track(doc as unknown as { delete(): Promise<unknown> }) as unknown as Loose;
}

export const NAME = "ClockWork contract check (scratch)";

/** A temporary player (role PLAYER), not connected: for permission questions one client can ask. */
export function scratchPlayer(context: ContractContext, role = 1): Promise<Loose> {
  return scratch(context, "User", { name: `${NAME} ${foundry().utils.randomID(4)}`, role });
}

/** Runs `fn` with `ui.notifications.error`/`warn` recorded instead of shown; returns what was notified. */
export async function notified<T>(fn: () => Promise<T>): Promise<{ result: T; errors: string[] }> {
  const notifications = core("ui").notifications;
  const errors: string[] = [];
  const original = notifications.error;
  notifications.error = ((message: unknown) => {
    errors.push(String(message));
  }) as unknown as Loose;
  try {
    return { result: await fn(), errors };
  } finally {
    notifications.error = original;
  }
}

/** Registers a hook for the length of `fn`, then removes it. */
export async function withHook<T>(name: string, hook: (...args: unknown[]) => unknown, fn: () => Promise<T>): Promise<T> {
  const Hooks = core("Hooks");
  const id = Hooks.on(name, hook);
  try {
    return await fn();
  } finally {
    Hooks.off(name, id);
  }
}

/** A scene to draw on: the viewed one's canvas when there is one; skips the check otherwise. */
export function requireCanvas(): Loose {
  const canvas = root.canvas;
  if (!canvas?.ready || !canvas.scene) throw new ContractSkip("no scene is viewed on this client's canvas");
  return canvas;
}

export { ContractFailure, ContractSkip };
