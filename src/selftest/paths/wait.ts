/**
 * Waiting for what another client or the GM's hooks write after a call resolves (a sheet's
 * submitted change, a death roll the designated GM makes): polled, with a generous limit, since
 * a real server answers later than the test world.
 */
const LIMIT_MS = 10_000;
const STEP_MS = 25;

/** Resolves once `check` is true; false when the limit passed first. */
export async function until(check: () => boolean, limit = LIMIT_MS): Promise<boolean> {
  const end = Date.now() + limit;
  for (;;) {
    if (check()) return true;
    if (Date.now() >= end) return false;
    await new Promise((resolve) => setTimeout(resolve, STEP_MS));
  }
}
