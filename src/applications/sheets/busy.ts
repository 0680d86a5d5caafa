/**
 * Busy state for sheet actions: while an action's promise is pending its control is marked
 * `aria-busy="true"` and disabled (styles/clockwork.css shows a spinner and stops pointer
 * events), and a second click on the same control (or on a redrawn copy of it) does nothing.
 */

/** A click action as ApplicationV2 calls it, with `this` bound to the application. */
export type ActionHandler<T> = (this: T, event: PointerEvent, target: HTMLElement) => Promise<void> | void;

/** Controls that take the `disabled` property; the rest get `aria-disabled`. */
function isFormControl(el: HTMLElement): el is HTMLButtonElement | HTMLInputElement | HTMLSelectElement {
  return "disabled" in el && typeof (el as HTMLButtonElement).disabled === "boolean";
}

/** Marks or clears the busy state of one control, restoring what `disabled` was before. */
export function setBusy(el: HTMLElement, busy: boolean): void {
  if (busy) {
    el.setAttribute("aria-busy", "true");
    if (isFormControl(el)) {
      if (el.disabled) el.dataset.cwWasDisabled = "true";
      el.disabled = true;
    } else el.setAttribute("aria-disabled", "true");
    return;
  }
  el.removeAttribute("aria-busy");
  if (isFormControl(el)) {
    el.disabled = el.dataset.cwWasDisabled === "true";
    delete el.dataset.cwWasDisabled;
  } else el.removeAttribute("aria-disabled");
}

/** What identifies a control across re-renders: its action and data attributes. */
function controlKey(action: string, target: HTMLElement): string {
  const data = Object.entries(target.dataset).filter(([k]) => k !== "cwWasDisabled").sort(([a], [b]) => a.localeCompare(b));
  return `${action}|${JSON.stringify(data)}`;
}

/** Pending actions per application, so a redrawn button of a running action stays inert. */
const pending = new WeakMap<object, Set<string>>();

/** Wraps an action: ignored while the same control's action runs; busy while it does. */
export function busyAction<T extends object>(action: string, handler: ActionHandler<T>): ActionHandler<T> {
  return async function (this: T, event: PointerEvent, target: HTMLElement): Promise<void> {
    const key = controlKey(action, target);
    let running = pending.get(this);
    if (!running) pending.set(this, running = new Set());
    if (running.has(key) || target.getAttribute("aria-busy") === "true") return;
    running.add(key);
    setBusy(target, true);
    try {
      await handler.call(this, event, target);
    } finally {
      running.delete(key);
      setBusy(target, false);
    }
  };
}

/** `busyAction` over every entry of an `actions` map. */
export function busyActions<T extends object>(actions: Record<string, ActionHandler<T>>): Record<string, ActionHandler<T>> {
  return Object.fromEntries(Object.entries(actions).map(([name, handler]) => [name, busyAction(name, handler)]));
}

/** Runs a promise with a control (a drop zone) marked busy. */
export async function whileBusy<R>(el: HTMLElement, work: () => Promise<R>): Promise<R> {
  setBusy(el, true);
  try {
    return await work();
  } finally {
    setBusy(el, false);
  }
}

/** A handler that takes the sheet first (actor-actions.ts and friends). */
type SheetHandler = (sheet: never, event: PointerEvent, target: HTMLElement) => Promise<void>;

/** `{ action: handler }` as ApplicationV2 calls actions: `this` (the sheet) becomes the first argument. */
export function sheetActions(handlers: Record<string, SheetHandler>): Record<string, ActionHandler<object>> {
  return Object.fromEntries(Object.entries(handlers).map(([action, handler]) => [action, function (this: object, event: PointerEvent, target: HTMLElement) {
    return handler(this as never, event, target);
  }]));
}
