/**
 * For the application-layer tests that need no documents: the few client globals the layer
 * reads (a user, i18n over the real lang/en.json, recorded notifications and hooks,
 * foundry.utils). Sheet tests use the full test world instead.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expandObject, getProperty, mergeObject } from "../utils";

// A path string: under happy-dom the global URL resolves file URLs against http://localhost.
const LANG = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "..", "lang", "en.json"), "utf8")) as Record<string, unknown>;

const i18n = {
  localize: (key: string) => { const v = getProperty(LANG, key); return typeof v === "string" ? v : key; },
  format: (key: string, data: Record<string, unknown> = {}) => i18n.localize(key).replace(/{([^}]+)}/g, (m, n: string) => (n in data ? String(data[n]) : m)),
};
import { applications, handlebars } from "./index";

export interface AppTestGlobals {
  notifications: { type: string; message: unknown }[];
  hooks: { name: string; args: unknown[] }[];
  /** Hook answers for `Hooks.call` (by name); undefined lets the call pass. */
  answers: Record<string, boolean>;
  user: { id: string; name: string; isGM: boolean };
}

export function installAppGlobals(user = { id: "gm0000000000000a", name: "Gamemaster", isGM: true }): AppTestGlobals {
  const state: AppTestGlobals = { notifications: [], hooks: [], answers: {}, user };
  const notify = (type: string) => (message: unknown) => void state.notifications.push({ type, message });
  const globals: Record<string, unknown> = {
    game: { user, i18n },
    ui: { notifications: { info: notify("info"), warn: notify("warn"), error: notify("error") } },
    Hooks: {
      call: (name: string, ...args: unknown[]) => { state.hooks.push({ name, args }); return state.answers[name] ?? true; },
      callAll: (name: string, ...args: unknown[]) => { state.hooks.push({ name, args }); return true; },
    },
    CONFIG: {},
    Handlebars: handlebars,
    foundry: { utils: { expandObject, getProperty, mergeObject }, applications },
  };
  for (const [name, value] of Object.entries(globals)) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  return state;
}
