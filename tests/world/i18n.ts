/** Imitation of `game.i18n`, reading the system's real `lang/en.json`. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { DataField } from "./fields";
import { ArrayField, SchemaField } from "./fields";
import { getProperty, type PlainObject } from "./utils";

export const LANG_PATH = fileURLToPath(new URL("../../lang/en.json", import.meta.url));

export class Localization {
  lang = "en";
  translations: PlainObject;

  constructor(translations?: PlainObject) {
    this.translations = translations ?? (JSON.parse(readFileSync(LANG_PATH, "utf8")) as PlainObject);
  }

  has(key: string): boolean {
    return typeof getProperty(this.translations, key) === "string";
  }

  localize(key: string): string {
    const value = getProperty(this.translations, key);
    return typeof value === "string" ? value : key;
  }

  /** Replace `{name}` placeholders, as core does. */
  format(key: string, data: Record<string, unknown> = {}): string {
    return this.localize(key).replace(/{([^}]+)}/g, (match, name: string) => (name in data ? String(data[name]) : match));
  }

  /** Core's `localizeDataModel`: set `label`/`hint` of each field from `<prefix>.<fieldPath>.label|hint`. */
  static localizeDataModel(model: { schema: SchemaField; LOCALIZATION_PREFIXES?: string[] }, i18n: Localization): void {
    for (const prefix of model.LOCALIZATION_PREFIXES ?? []) localizeSchema(model.schema, prefix, i18n);
  }
}

function localizeSchema(schema: SchemaField, prefix: string, i18n: Localization): void {
  const visit = (field: DataField, path: string): void => {
    for (const key of ["label", "hint"] as const) {
      const id = `${prefix}.${path}.${key}`;
      if (i18n.has(id)) field[key] = i18n.localize(id);
    }
    if (field instanceof SchemaField) for (const [name, child] of field.entries()) visit(child, `${path}.${name}`);
    else if (field instanceof ArrayField) visit(field.element, `${path}.element`);
  };
  for (const [name, field] of schema.entries()) visit(field, name);
}
