/**
 * Foundry v13 queries: a handler registered in `CONFIG.queries` runs on the queried user's
 * client; `User#query` asks it and rejects on timeout, an inactive user or the handler's error.
 */

/** A user who can be queried. */
export interface QueryUser {
  id: string | null;
  isGM?: boolean;
  active?: boolean;
  query(name: string, data: unknown, options?: { timeout?: number }): Promise<unknown>;
}

/** The handler's second argument: v13 passes `{ timeout }` only; the asker is not named. */
export interface QueryOptions {
  timeout?: number;
  user?: { id?: string };
}

/** Registers the handler that answers `name` on this client. */
export function registerQuery<D>(name: string, handler: (data: D, options?: QueryOptions) => unknown): void {
  (CONFIG.queries as unknown as Record<string, (data: D, options?: QueryOptions) => unknown>)[name] = handler;
}

/** Asks `user` to run query `name` with `data` on their client; resolves its answer. */
export function queryUser(user: QueryUser, name: string, data: unknown, options?: { timeout?: number }): Promise<unknown> {
  return user.query(name, data, options);
}
