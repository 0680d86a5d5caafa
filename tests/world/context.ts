/**
 * Which client's globals `game`, `CONFIG`, `Hooks`, `ui`, `fromUuid`… resolve to.
 *
 * In Foundry every browser tab is one client with its own globals. The world runs several
 * clients in one process, so each global is a getter that asks the resolver for the current
 * scope. In node an AsyncLocalStorage carries the scope through `await` (see context-node.ts);
 * a browser page that hosts one client installs a fixed resolver. Outside any `runAs`, the
 * default scope answers: the loader scope while modules are imported, then the first GM client
 * of the latest world.
 */
import type { Scope } from "./scope";

export interface ScopeResolver {
  /** The scope of the running code, or undefined outside any `run`. */
  current(): Scope | undefined;
  /** Run `fn` (and everything it awaits) with `scope` current. */
  run<T>(scope: Scope, fn: () => T): T;
}

/** A resolver without async tracking: `run` sets the scope for the synchronous part only. */
export function fixedResolver(): ScopeResolver {
  let active: Scope | undefined;
  return {
    current: () => active,
    run<T>(scope: Scope, fn: () => T): T {
      const previous = active;
      active = scope;
      try {
        return fn();
      } finally {
        active = previous;
      }
    },
  };
}

let resolver: ScopeResolver = fixedResolver();
let defaultScope: Scope | undefined;

export function setScopeResolver(next: ScopeResolver): void {
  resolver = next;
}

/** The scope used outside any `runAs` (a browser page sets its one client here). */
export function setDefaultScope(scope: Scope | undefined): void {
  defaultScope = scope;
}

export function getDefaultScope(): Scope | undefined {
  return defaultScope;
}

export function currentScope(): Scope | undefined {
  return resolver.current() ?? defaultScope;
}

export function runAs<T>(scope: Scope, fn: () => T): T {
  return resolver.run(scope, fn);
}
