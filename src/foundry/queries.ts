/**
 * Foundry v13 queries: a handler registered in `CONFIG.queries` runs on the queried user's
 * client; `User#query` asks it and rejects on timeout, an inactive user, a user who disconnects
 * before answering (the server rejects the pending query) or the handler's error.
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

/** What a handler answers when it threw: a refusal the asker can show (lang key). */
export const QUERY_FAILED = "CLOCKWORK.Relay.BadRequest";

/**
 * Registers the handler that answers `name` on this client. A handler that throws (a payload
 * of a shape it did not foresee) answers a localized refusal instead: no raw error text goes
 * back to the asker.
 */
export function registerQuery<D>(name: string, handler: (data: D, options?: QueryOptions) => unknown): void {
  (CONFIG.queries as unknown as Record<string, (data: D, options?: QueryOptions) => unknown>)[name] = async (data: D, options?: QueryOptions) => {
    try {
      return await handler(data, options);
    } catch (error) {
      console.warn(`ClockWork | the query ${name} could not be answered`, error);
      return { ok: false, problem: { key: QUERY_FAILED } };
    }
  };
}

/** Asks `user` to run query `name` with `data` on their client; resolves its answer. */
export function queryUser(user: QueryUser, name: string, data: unknown, options?: { timeout?: number }): Promise<unknown> {
  return user.query(name, data, options);
}

/** Why a query got no answer: the user left (or was not there), the time ran out, or it failed. */
export type QueryFailure = "left" | "timeout" | "failed";

/** How long to wait for the server's word that a user left after their query was rejected (ms). */
const LEFT_GRACE = 250;

const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks like `queryUser`, and on a rejection tells why: core rejects a pending query when its
 * user disconnects (client/documents/user.mjs `query`: the server answers `rejected`), and the
 * user's `active` turns false from the server's activity broadcast, which may come just after
 * the rejection; a rejection before the timeout from a user still active is the handler's failure.
 */
export async function askUser(user: QueryUser, name: string, data: unknown, options: { timeout?: number } = {}): Promise<{ ok: true; value: unknown } | { ok: false; why: QueryFailure; error: unknown }> {
  const started = Date.now();
  try {
    return { ok: true, value: await user.query(name, data, options) };
  } catch (error) {
    const gone = () => (user as { active?: boolean }).active === false;
    if (gone()) return { ok: false, why: "left", error };
    const elapsed = Date.now() - started;
    if (options.timeout !== undefined && elapsed >= options.timeout) return { ok: false, why: "timeout", error };
    await later(LEFT_GRACE);
    return { ok: false, why: gone() ? "left" : "failed", error };
  }
}
