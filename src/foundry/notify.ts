/** Localized notifications to this user (the console before `ui` exists). */
import { localize } from "./i18n";

export type NotifyLevel = "error" | "warn" | "info";

/** Show a localized notification to this user. */
export function notify(level: NotifyLevel, key: string, data?: Record<string, unknown>): void {
  const message = localize(key, data);
  const notifications = (globalThis as { ui?: { notifications?: Record<NotifyLevel, (message: string) => unknown> } }).ui?.notifications;
  if (!notifications) {
    console.warn(`ClockWork | ${message}`);
    return;
  }
  notifications[level](message);
}

/** Show a localized warning to this user (silent before `ui` exists). */
export function warn(key: string, data?: Record<string, unknown>): void {
  (globalThis as { ui?: { notifications?: { warn(message: string): unknown } } }).ui?.notifications?.warn(localize(key, data));
}
