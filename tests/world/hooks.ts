/**
 * One client's `Hooks`. Modelled on Foundry v13 `client/helpers/hooks.mjs`: `call` stops at the
 * first handler returning false; a handler that throws is reported through `onError` (logged,
 * optionally notified, then the `error` hook) and the others still run; `once` handlers are
 * removed before they run.
 */
type HookFn = (...args: never[]) => unknown;

interface Handler {
  hook: string;
  id: number;
  fn: HookFn;
  once: boolean;
}

export interface HookErrorSink {
  /** Called for every error passed to `onError` (the world records them per client). */
  record(error: unknown, context: { location: string; log: string | null }): void;
  notify(type: "info" | "warn" | "error", message: string): void;
}

let nextId = 1;

export class HookRegistry {
  readonly #events = new Map<string, Handler[]>();
  #sink: HookErrorSink | null;

  constructor(sink: HookErrorSink | null = null) {
    this.#sink = sink;
  }

  on(hook: string, fn: HookFn, { once = false }: { once?: boolean } = {}): number {
    const id = nextId++;
    const list = this.#events.get(hook) ?? [];
    list.push({ hook, id, fn, once });
    this.#events.set(hook, list);
    return id;
  }

  once(hook: string, fn: HookFn): number {
    return this.on(hook, fn, { once: true });
  }

  off(hook: string, fnOrId: HookFn | number): void {
    const list = this.#events.get(hook) ?? [];
    this.#events.set(hook, list.filter((h) => h.fn !== fnOrId && h.id !== fnOrId));
  }

  /** Call handlers in order; a handler returning false stops the chain and makes this return false. */
  call(hook: string, ...args: unknown[]): boolean {
    for (const handler of this.#take(hook)) if (this.#run(handler, args) === false) return false;
    return true;
  }

  callAll(hook: string, ...args: unknown[]): true {
    for (const handler of this.#take(hook)) this.#run(handler, args);
    return true;
  }

  /** Hook names with at least one handler. */
  get events(): Record<string, Handler[]> {
    const out: Record<string, Handler[]> = {};
    for (const [hook, list] of this.#events) if (list.length) out[hook] = [...list];
    return out;
  }

  /**
   * Core's error report: prefix the message, log (recorded by the world), notify when asked,
   * then call the `error` hook. Only Error instances are reported, as in core.
   */
  onError(location: string, error: unknown, { msg = "", notify = null, log = null, ...data }: { msg?: string; notify?: "info" | "warn" | "error" | null; log?: string | null; [key: string]: unknown } = {}): void {
    if (!(error instanceof Error)) return;
    if (msg) error.message = `${msg}. ${error.message}`;
    this.#sink?.record(error, { location, log });
    if (notify) this.#sink?.notify(notify, msg || error.message);
    this.callAll("error", location, error, data);
  }

  /** Copy another registry's handlers (module-level registrations replayed on a new client). */
  adopt(other: HookRegistry): void {
    for (const [hook, list] of other.#events) {
      for (const { fn, once } of list) this.on(hook, fn, { once });
    }
  }

  #take(hook: string): Handler[] {
    const list = this.#events.get(hook) ?? [];
    if (list.some((h) => h.once)) this.#events.set(hook, list.filter((h) => !h.once));
    return list;
  }

  #run(handler: Handler, args: unknown[]): unknown {
    try {
      return (handler.fn as (...a: unknown[]) => unknown)(...args);
    } catch (error) {
      const name = handler.fn.name || "anonymous";
      if (handler.hook !== "error") this.onError("Hooks.#call", error, { msg: `Error thrown in hooked function '${name}' for hook '${handler.hook}'`, log: "error" });
      return undefined;
    }
  }
}
