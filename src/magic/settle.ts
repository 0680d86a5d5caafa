/** Magic's hook handlers still running (hooks do not await them); tests and macros can wait for them. */
const inFlight = new Set<Promise<unknown>>();

/** Keeps a handler's promise until it settles (a failure is logged, never thrown). */
export function track(promise: Promise<unknown>): void {
  const done = promise.catch((error: unknown) => console.error("ClockWork | a spell effect could not be updated", error)).finally(() => inFlight.delete(done));
  inFlight.add(done);
}

/** Resolves when every turn, time and combat-end handler started so far has finished. */
export async function lifecycleSettled(): Promise<void> {
  while (inFlight.size) await Promise.all([...inFlight]);
}
