/** Node's scope resolver: an AsyncLocalStorage keeps the current client across `await`. */
import { AsyncLocalStorage } from "node:async_hooks";
import type { ScopeResolver } from "./context";
import type { Scope } from "./scope";

const storage = new AsyncLocalStorage<Scope>();

export const nodeResolver: ScopeResolver = {
  current: () => storage.getStore(),
  run: (scope, fn) => storage.run(scope, fn),
};
