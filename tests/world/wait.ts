/**
 * Waiting for a state the world cannot see. Work it tracks (writes and their broadcasts, query
 * answers, combat turn events, renders, form submits) is awaited by `world.settle()`: after an
 * awaited action and a settle, assert the state directly. These helpers are for the rest: a
 * click handler's promise (core does not await action handlers), a dialog's answer, work that
 * waits on a timer, or a settle that would block because tracked work awaits the user's click.
 * Each use says which.
 */
import { vi } from "vitest";

/** Below vitest's 5 s test timeout, so a state never reached fails here with its own message. */
export const WAIT_TIMEOUT = 4_000;

/** Retries `check` (which throws or rejects until the state is reached) and resolves with its result. */
export function eventually<T>(check: () => T | Promise<T>, timeout = WAIT_TIMEOUT): Promise<T> {
  return vi.waitFor(check, { timeout, interval: 5 });
}

/**
 * Waits for an element matching `selector` under `root` (a dialog opening, a part redrawn). An
 * element of a window still playing its close transition ("minimizing", as core marks it) is
 * passed over: a click there answers a dialog that has already gone.
 */
export function appear<T extends Element = HTMLElement>(selector: string, root: ParentNode = document, timeout = WAIT_TIMEOUT): Promise<T> {
  return eventually(() => {
    const el = [...root.querySelectorAll<T>(selector)].find((match) => !match.closest(".minimizing"));
    if (!el) throw new Error(`no ${selector} yet`);
    return el;
  }, timeout);
}

/**
 * Waits for `check` to pass, lets the world settle, then checks again: the state is reached and
 * nothing late repeats or undoes it (a second render, a second write).
 */
export async function settlesTo(check: () => void, settle: () => Promise<void>, timeout = WAIT_TIMEOUT): Promise<void> {
  await eventually(check, timeout);
  await settle();
  check();
}

/**
 * Settles until the markup under `el()` stops changing (a window redrawing after its writes,
 * reading templates the world does not track). A pacing aid between user steps, not a sync
 * point: assert the state a step must reach with `eventually`.
 */
export async function markupIdle(el: () => Element | null | undefined, settle: () => Promise<void>): Promise<void> {
  let last = "";
  let stable = 0;
  for (let i = 0; i < 200 && stable < 3; i++) {
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const html = el()?.innerHTML ?? "";
    stable = html === last ? stable + 1 : 0;
    last = html;
  }
}
