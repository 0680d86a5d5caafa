/** Loads the sheets' runtime (context builders, dialogs, look-ups, click handlers) once, on first use. */
import type * as Runtime from "./runtime";

export type SheetRuntime = typeof Runtime;

let loading: Promise<SheetRuntime> | null = null;

export function sheetRuntime(): Promise<SheetRuntime> {
  loading ??= import("./runtime");
  return loading;
}

/** The runtime's groups of click handlers, one per sheet class. */
type HandlerGroup = "actorActions" | "characterActions" | "itemActions";

/** A click action as ApplicationV2 calls it, with `this` bound to the sheet. */
type SheetAction = (this: object, event: PointerEvent, target: HTMLElement) => Promise<void>;

/**
 * Click actions whose bodies live in the sheets' runtime: `{ action: handler name }` becomes
 * `{ action: fn }`, where fn loads the runtime (once) and calls the handler with the sheet.
 */
export function runtimeActions<G extends HandlerGroup>(group: G, names: Record<string, keyof SheetRuntime[G]>): Record<string, SheetAction> {
  return Object.fromEntries(Object.entries(names).map(([action, name]) => [action, async function (this: object, event: PointerEvent, target: HTMLElement) {
    const handlers = (await sheetRuntime())[group] as unknown as Record<string, (sheet: object, event: PointerEvent, target: HTMLElement) => Promise<void>>;
    await handlers[name as string](this, event, target);
  }]));
}
