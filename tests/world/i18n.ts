/**
 * Imitation of `game.i18n`, reading the system's real `lang/en.json`. In node the file is read
 * once per process; a browser page passes the translations in.
 */
import type { DataField } from "./fields";
import { ArrayField, SchemaField } from "./fields";
import { getProperty, type PlainObject } from "./utils";

const LANG_URL = new URL("../../lang/en.json", import.meta.url);
let systemTranslations: PlainObject | null = null;

/** lang/en.json, read through node's fs (not imported, so browser bundles stay free of it). */
export function readSystemTranslations(): PlainObject {
  if (systemTranslations) return systemTranslations;
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const fs = proc?.getBuiltinModule?.("node:fs") as { readFileSync(path: URL, encoding: "utf8"): string } | undefined;
  if (!fs) throw new Error("No translations given and no node:fs to read lang/en.json");
  return (systemTranslations = JSON.parse(fs.readFileSync(LANG_URL, "utf8")) as PlainObject);
}

export class Localization {
  lang = "en";
  translations: PlainObject;

  constructor(translations?: PlainObject) {
    this.translations = translations ?? readSystemTranslations();
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
