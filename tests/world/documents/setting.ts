/**
 * The Setting document (common/documents/setting.mjs, client/documents/setting.mjs, v13): a world
 * setting's value as JSON. Creating or changing one needs SETTINGS_MODIFY (assistants and GMs);
 * a user-scoped setting belongs to its user. After a write, every client calls the setting's
 * `onChange` with the new value.
 */
import { DocumentIdField, ObjectField, StringField, type DataField } from "../fields";
import type { PlainObject } from "../utils";
import { WorldDocument, hostOf, type DocumentMetadata, type PermissionSubject } from "./document";
import { JSONField, documentStatsField } from "./fields";
import type { UserLike } from "./host";

const canModify = (user: UserLike, doc: PermissionSubject) => {
  const owner = doc._source.user as string | null;
  if (owner) return user.isGM || owner === user.id;
  return user.hasPermission("SETTINGS_MODIFY");
};

interface SettingsHost {
  settings: Map<string, { onChange?: (value: unknown, options: PlainObject, userId: string) => void }>;
  cast(key: string, value: unknown): unknown;
}

export class Setting extends WorldDocument {
  static override metadata: DocumentMetadata = {
    name: "Setting",
    collection: "settings",
    embedded: {},
    hasTypeData: false,
    permissions: { create: canModify, update: canModify, delete: canModify },
  };

  declare key: string;
  declare value: unknown;
  declare user: string | null;

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      key: new StringField({ required: true, blank: false }),
      value: new JSONField({ required: true, nullable: true, initial: null }),
      user: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      flags: new ObjectField(),
      _stats: documentStatsField(),
    };
  }

  #settings(): SettingsHost {
    return hostOf(this).game.settings as unknown as SettingsHost;
  }

  get config(): { onChange?: (value: unknown, options: PlainObject, userId: string) => void } | undefined {
    return this.#settings().settings.get(this.key);
  }

  #changed(options: PlainObject, userId: string): void {
    const onChange = this.config?.onChange;
    if (typeof onChange === "function") onChange(this.#settings().cast(this.key, this.value), options, userId);
  }

  override _onCreate(data: PlainObject, options: PlainObject, userId: string): void {
    super._onCreate(data, options, userId);
    this.#changed(options, userId);
  }

  override _onUpdate(changed: PlainObject, options: PlainObject, userId: string): void {
    super._onUpdate(changed, options, userId);
    if ("value" in changed) this.#changed(options, userId);
  }
}
