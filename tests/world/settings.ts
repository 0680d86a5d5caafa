/**
 * `game.settings` of one client, modelled on Foundry v13 `client/helpers/client-settings.mjs`:
 * - `get`/`set` of a key nobody registered throws `"<ns>.<key>" is not a registered game setting`;
 * - world (and user) settings are Setting documents on the server: `set` writes through the
 *   normal document path (players lack SETTINGS_MODIFY, so the server refuses them) and every
 *   client calls `onChange` when the write arrives;
 * - client settings live on this client only (core keeps them in localStorage) and call
 *   `onChange` here only;
 * - values are cast by the registered `type` (Number, String, Boolean, a DataField, a DataModel);
 * - world settings are readable from `init` on: core constructs `game.settings` with the world's
 *   Setting data before any hook (`new ClientSettings(worldSettings)` in the `Game` constructor,
 *   client/game.mjs), long before the world's other documents are built; here, until this
 *   client's Setting documents exist, a read looks at the server's Setting sources.
 */
import { DataModel } from "./data-model";
import { DataField } from "./fields";
import { deepClone, type PlainObject } from "./utils";
import type { WorldDocument } from "./documents/document";
import type { Collection } from "./collections";

export interface SettingConfig {
  key: string;
  namespace: string;
  scope: "world" | "client" | "user";
  default?: unknown;
  type?: unknown;
  config?: boolean;
  onChange?: (value: unknown, options: PlainObject, userId: string) => void;
  [option: string]: unknown;
}

interface SettingsOwner {
  readonly userId: string;
  collection(name: string): Collection<WorldDocument> | undefined;
  settingClass(): { create(data: PlainObject, operation?: PlainObject): Promise<unknown> };
  /** The world's Setting sources, for reads before this client built its documents (start-up). */
  settingSources?(): Iterable<PlainObject> | null;
}

interface SettingDoc extends WorldDocument {
  key: string;
  value: unknown;
  user: string | null;
}

export class ClientSettings {
  /** Registered settings by "namespace.key". */
  readonly settings = new Map<string, SettingConfig>();
  readonly menus = new Map<string, PlainObject>();
  /** Client-scoped values (core: localStorage). */
  readonly #local = new Map<string, unknown>();
  readonly #owner: SettingsOwner;

  constructor(owner: SettingsOwner) {
    this.#owner = owner;
  }

  register(namespace: string, key: string, data: Partial<SettingConfig>): void {
    if (!namespace || !key) throw new Error("You must specify both namespace and key portions of the setting");
    const id = `${namespace}.${key}`;
    this.settings.set(id, { scope: "client", ...data, key, namespace } as SettingConfig);
  }

  registerMenu(namespace: string, key: string, data: PlainObject): void {
    this.menus.set(`${namespace}.${key}`, { ...data, key, namespace });
  }

  #assertKey(namespace: string, key: string): SettingConfig {
    const id = `${namespace}.${key}`;
    const setting = this.settings.get(id);
    if (!setting) throw new Error(`"${id}" is not a registered game setting`);
    return setting;
  }

  /** The Setting document holding a world or user setting on this client. */
  #document(setting: SettingConfig): SettingDoc | undefined {
    const id = `${setting.namespace}.${setting.key}`;
    const user = setting.scope === "user" ? this.#owner.userId : null;
    return this.#owner.collection("Setting")?.find((s) => (s as SettingDoc).key === id && ((s as SettingDoc).user ?? null) === user) as SettingDoc | undefined;
  }

  get(namespace: string, key: string, { document = false }: { document?: boolean } = {}): unknown {
    const setting = this.#assertKey(namespace, key);
    const id = `${namespace}.${key}`;
    if (setting.scope === "client") {
      return this.cast(id, this.#local.has(id) ? deepClone(this.#local.get(id)) : deepClone(setting.default));
    }
    const doc = this.#document(setting);
    if (document) return doc;
    if (!doc) {
      // Start-up (init): the Setting documents are not built yet, the world's data is there.
      const user = setting.scope === "user" ? this.#owner.userId : null;
      const early = [...(this.#owner.settingSources?.() ?? [])].find((s) => s.key === id && ((s.user as string | null | undefined) ?? null) === user);
      if (early) return this.cast(id, deepClone(parseValue(early.value)));
    }
    return this.cast(id, doc ? deepClone(doc.value) : deepClone(setting.default));
  }

  async set(namespace: string, key: string, value: unknown, options: PlainObject = {}): Promise<unknown> {
    const setting = this.#assertKey(namespace, key);
    const id = `${namespace}.${key}`;
    const json = value instanceof DataModel ? value.toObject() : deepClone(value);
    if (setting.scope === "client") {
      this.#local.set(id, json);
      setting.onChange?.(this.cast(id, json), options, this.#owner.userId);
      return value;
    }
    const doc = this.#document(setting);
    if (doc) await doc.update({ value: JSON.stringify(json ?? null) }, options);
    else {
      const user = setting.scope === "user" ? this.#owner.userId : null;
      await this.#owner.settingClass().create({ key: id, value: JSON.stringify(json ?? null), user }, options);
    }
    return value;
  }

  /** A stored value as the registered type. */
  cast(id: string, value: unknown): unknown {
    const type = this.settings.get(id)?.type;
    if (value === undefined || value === null || !type) return value;
    if (type === Number) return Number(value);
    if (type === String) return String(value);
    if (type === Boolean) return Boolean(value);
    if (type instanceof DataField) return type.initialize(type.clean(value));
    if (typeof type === "function" && type.prototype instanceof DataModel) {
      return new (type as new (data: unknown) => unknown)(value);
    }
    return value;
  }
}

/** A Setting source's stored JSON string, parsed (as the Setting document does). */
function parseValue(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
