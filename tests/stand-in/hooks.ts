/** Imitation of the `Hooks` global. */
type HookFn = (...args: unknown[]) => unknown;

export class Hooks {
  static #events = new Map<string, { fn: HookFn; once: boolean; id: number }[]>();
  static #nextId = 1;

  static on(hook: string, fn: HookFn, { once = false }: { once?: boolean } = {}): number {
    const id = Hooks.#nextId++;
    const list = Hooks.#events.get(hook) ?? [];
    list.push({ fn, once, id });
    Hooks.#events.set(hook, list);
    return id;
  }

  static once(hook: string, fn: HookFn): number {
    return Hooks.on(hook, fn, { once: true });
  }

  static off(hook: string, fnOrId: HookFn | number): void {
    const list = Hooks.#events.get(hook) ?? [];
    Hooks.#events.set(hook, list.filter((h) => h.fn !== fnOrId && h.id !== fnOrId));
  }

  /** Call every handler; a handler returning false stops the chain and makes this return false. */
  static call(hook: string, ...args: unknown[]): boolean {
    for (const handler of Hooks.#take(hook)) if (handler.fn(...args) === false) return false;
    return true;
  }

  static callAll(hook: string, ...args: unknown[]): true {
    for (const handler of Hooks.#take(hook)) handler.fn(...args);
    return true;
  }

  /** Names of hooks with at least one handler (for smoke tests). */
  static get events(): string[] {
    return [...Hooks.#events.keys()].filter((k) => (Hooks.#events.get(k) ?? []).length);
  }

  static reset(): void {
    Hooks.#events.clear();
  }

  static #take(hook: string): { fn: HookFn; once: boolean; id: number }[] {
    const list = Hooks.#events.get(hook) ?? [];
    Hooks.#events.set(hook, list.filter((h) => !h.once));
    return list;
  }
}
