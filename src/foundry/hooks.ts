/**
 * `Hooks` with plain string names. foundry-vtt-types types core hooks only; the system's own
 * (`clockwork.*`) and the handlers' shapes feature code declares itself go through here.
 */

type Handler = (...args: never[]) => unknown;

export interface HookRegistry {
  on(name: string, fn: Handler): number;
  once(name: string, fn: Handler): number;
  off(name: string, id: number | Handler): void;
  /** Runs the handlers until one returns false; false when one did. */
  call(name: string, ...args: unknown[]): boolean;
  callAll(name: string, ...args: unknown[]): boolean;
}

/** This client's `Hooks`. */
export function hooks(): HookRegistry {
  return Hooks as HookRegistry;
}
