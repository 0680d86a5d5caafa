/**
 * What the globals resolve to: a client (see client.ts) or the loader scope that is current
 * while modules are imported before any world exists. Module-level `Hooks.once("init", …)`
 * registrations land in the loader scope and are replayed on every client when it boots.
 */
import { HookRegistry } from "./hooks";
import type { Localization } from "./i18n";
import type { PlainObject } from "./utils";

export interface Notification {
  type: "info" | "warn" | "error";
  message: string;
}

export interface Notifications {
  info(message: string, options?: PlainObject): Notification;
  warn(message: string, options?: PlainObject): Notification;
  error(message: unknown, options?: PlainObject): Notification;
  notify(message: string, type?: Notification["type"], options?: PlainObject): Notification;
}

export interface Scope {
  readonly kind: "loader" | "client";
  readonly Hooks: HookRegistry;
  readonly CONFIG: PlainObject;
  readonly game: object;
  readonly ui: PlainObject & { notifications: Notifications };
}

/** Core's notifications: `{localize: true}` translates, `{format}` fills placeholders. */
export function recordingNotifications(record: (n: Notification) => void, i18n: () => Localization | undefined): Notifications {
  const push = (type: Notification["type"], message: unknown, options: PlainObject = {}): Notification => {
    let text = message instanceof Error ? message.message : String(message);
    const local = i18n();
    if (local && options.format) text = local.format(text, options.format as PlainObject);
    else if (local && options.localize) text = local.localize(text);
    const n = { type, message: text };
    record(n);
    return n;
  };
  return {
    info: (m, o) => push("info", m, o),
    warn: (m, o) => push("warn", m, o),
    error: (m, o) => push("error", m, o),
    notify: (m, type = "info", o) => push(type, m, o),
  };
}

/** The scope before any world: hooks registered here are replayed on each client at boot. */
export class LoaderScope implements Scope {
  readonly kind = "loader" as const;
  readonly Hooks = new HookRegistry();
  readonly CONFIG: PlainObject = {};
  readonly game: PlainObject = {};
  readonly notifications: Notification[] = [];
  readonly ui = { notifications: recordingNotifications((n) => this.notifications.push(n), () => undefined) };
}

export const loaderScope = new LoaderScope();
