/**
 * Localized notifications to this user (the console before `ui` exists). Foundry renders a
 * notification's text as HTML, so the values put into it (names a user typed) are escaped first.
 */
import { localize } from "./i18n";

export type NotifyLevel = "error" | "warn" | "info";

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe to put into HTML (a notification, a tooltip, a dialog's content). */
export function escapeHTML(text: unknown): string {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** Text made safe as HTML text content (a notification): only what starts markup or an entity. */
export function escapeText(text: unknown): string {
  return String(text ?? "").replace(/[&<>]/g, (c) => ENTITIES[c]);
}

/** The format data with every string value escaped: the translation's own markup stays, a name's does not. */
export function escapedData(data?: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!data) return data;
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, typeof value === "string" ? escapeText(value) : value]));
}

/** Show a localized notification to this user. */
export function notify(level: NotifyLevel, key: string, data?: Record<string, unknown>): void {
  const notifications = (globalThis as { ui?: { notifications?: Record<NotifyLevel, (message: string) => unknown> } }).ui?.notifications;
  if (!notifications) {
    console.warn(`ClockWork | ${localize(key, data)}`);
    return;
  }
  notifications[level](localize(key, escapedData(data)));
}

/** Show a localized warning to this user (silent before `ui` exists). */
export function warn(key: string, data?: Record<string, unknown>): void {
  (globalThis as { ui?: { notifications?: { warn(message: string): unknown } } }).ui?.notifications?.warn(localize(key, escapedData(data)));
}
