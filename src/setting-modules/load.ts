/**
 * Setting modules at start-up (issue 31, docs/settings.md): at `init` every active module whose
 * manifest names this system in `relationships.systems` and holds a declaration in
 * `flags.clockwork` is validated (declaration.ts) and its valid entries merged into
 * `CONFIG.CLOCKWORK`, before any document is built, so the data models accept the new keys.
 *
 * Only inline declarations are read. A declaration in a separate JSON file would need a fetch,
 * and `init` hooks are not awaited: nothing guarantees the file arrives before the world's
 * documents are validated, and a document validated without its module's keys is invalid. Such a
 * declaration is reported, not read (`npm run setting:check` still checks the file).
 *
 * Literal labels (`{ en: "Frost", de: "Frost" }`) become generated localization keys, filled at
 * `i18nInit` (translations load after `init`) with the current language's text, English failing
 * that. Problems go to the GM only, at `ready`: one notification per module, a console list.
 */
import { CLOCKWORK, RETIRABLE_LISTS, createClockworkConfig, setRetiredKeys, type ClockworkConfig, type ConfigEntry, type RetirableList } from "../config";
import {
  currentUser, getConfig, getGame, getSetting, hooks, isDesignatedGM, language, localize, notify, registerSetting, setSetting,
} from "../foundry";
import { validateDeclaration, formatPath, type DeclarationProblem, type ExistingLists } from "./declaration";
import type { DeclaredLabel, SettingDeclaration } from "./declaration-types";

/** What a module brought: its id, what loaded, what was wrong. */
export interface LoadedSettingModule {
  id: string;
  title: string;
  declaration: SettingDeclaration;
  problems: DeclarationProblem[];
}

interface ModuleLike {
  id: string;
  title?: string;
  active?: boolean;
  flags?: Record<string, unknown>;
  relationships?: { systems?: Iterable<{ id?: string }> };
}

/** Generated keys and their texts per language, registered at `i18nInit`. */
const generated = new Map<string, Record<string, string>>();
let loaded: LoadedSettingModule[] = [];

const GENERATED = "CLOCKWORK.SettingModules.Generated";
const EXTENSIBLE = ["weaponGroups", "weaponProperties", "damageTypes", "conditions", "speciesAbilityKinds", "foci", "currency"] as const;

/** The modules read at the last `init`, with their problems (the self-test and tests read it). */
export function settingModules(): readonly LoadedSettingModule[] {
  return loaded;
}

/** Put the lists setting modules extend back to the system's own (a second boot in one page: the test world). */
function resetLists(config: ClockworkConfig): void {
  const fresh = createClockworkConfig();
  for (const list of EXTENSIBLE) (config as Record<string, unknown>)[list] = fresh[list];
}

function existingLists(config: ClockworkConfig, currencyFrom: string | undefined): ExistingLists {
  return {
    skills: Object.keys(config.skills),
    foci: Object.fromEntries(Object.entries(config.foci).map(([skill, foci]) => [skill, Object.keys(foci)])),
    weaponGroups: Object.keys(config.weaponGroups),
    weaponProperties: Object.keys(config.weaponProperties),
    damageTypes: Object.keys(config.damageTypes),
    damageAbbreviations: Object.values(config.damageTypes).map((d) => d.abbreviation),
    conditions: Object.keys(config.conditions),
    // Mechanics come from the system's own conditions, never from another module's.
    rulesConditions: Object.entries(config.conditions).filter(([, c]) => !c.module && !c.spellState).map(([key]) => key),
    speciesAbilityKinds: Object.keys(config.speciesAbilityKinds),
    currencyFrom,
  };
}

/** A label as a localization key: a key stays, texts per language get a generated key. */
function labelKey(label: DeclaredLabel, key: string): string {
  if (typeof label === "string") return label;
  generated.set(key, label);
  return key;
}

function names(moduleId: string, path: string, entry: { label: DeclaredLabel; hint?: DeclaredLabel }): Pick<ConfigEntry, "label" | "hint" | "module"> {
  const base = `${GENERATED}.${moduleId}.${path}`;
  return {
    label: labelKey(entry.label, `${base}.label`),
    ...(entry.hint === undefined ? {} : { hint: labelKey(entry.hint, `${base}.hint`) }),
    module: moduleId,
  };
}

/** Merge one validated declaration into the configuration. */
export function mergeDeclaration(config: ClockworkConfig, moduleId: string, d: SettingDeclaration): void {
  for (const [skill, foci] of Object.entries(d.foci ?? {})) {
    const target = (config.foci[skill] ??= {});
    for (const [key, entry] of Object.entries(foci)) target[key] = names(moduleId, `foci.${skill}.${key}`, entry);
  }
  for (const [key, entry] of Object.entries(d.weaponGroups ?? {})) config.weaponGroups[key] = { ...names(moduleId, `weaponGroups.${key}`, entry), kind: entry.kind };
  for (const [key, entry] of Object.entries(d.weaponProperties ?? {})) config.weaponProperties[key] = names(moduleId, `weaponProperties.${key}`, entry);
  for (const [key, entry] of Object.entries(d.damageTypes ?? {})) config.damageTypes[key] = { ...names(moduleId, `damageTypes.${key}`, entry), abbreviation: entry.abbreviation };
  for (const [key, entry] of Object.entries(d.conditions ?? {})) {
    config.conditions[key] = {
      ...names(moduleId, `conditions.${key}`, entry),
      spellState: false,
      description: labelKey(entry.description, `${GENERATED}.${moduleId}.conditions.${key}.description`),
      rulesAs: entry.rulesAs ?? "",
    };
  }
  for (const [key, entry] of Object.entries(d.speciesAbilityKinds ?? {})) config.speciesAbilityKinds[key] = names(moduleId, `speciesAbilityKinds.${key}`, entry);
  if (d.currency) {
    config.currency = {
      ...names(moduleId, "currency", d.currency),
      abbreviation: labelKey(d.currency.abbreviation, `${GENERATED}.${moduleId}.currency.abbreviation`),
    };
  }
}

/** The active modules that name this system and carry a `flags.clockwork` object, in load order. */
function settingModulesOf(modules: Iterable<ModuleLike>, systemId: string): ModuleLike[] {
  return [...modules].filter((m) => m.active && isObject(m.flags?.[systemId]) && [...(m.relationships?.systems ?? [])].some((s) => s?.id === systemId));
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Read, validate and merge every active setting module's declaration into `config`
 * (`CONFIG.CLOCKWORK`). Runs at `init`, before the world's documents are built.
 */
export function loadSettingModules(config: ClockworkConfig = CLOCKWORK): readonly LoadedSettingModule[] {
  generated.clear();
  resetLists(config);
  const game = getGame() as unknown as { modules?: Iterable<ModuleLike>; system?: { id?: string } };
  const systemId = game.system?.id ?? "clockwork";
  let currencyFrom: string | undefined;
  loaded = [];
  for (const module of settingModulesOf(game.modules ?? [], systemId)) {
    const raw = module.flags![systemId] as Record<string, unknown>;
    let result: { declaration: SettingDeclaration; problems: DeclarationProblem[] };
    if (typeof raw.declaration === "string") {
      result = {
        declaration: { version: 1 },
        problems: [{ path: ["declaration"], key: "CLOCKWORK.SettingModules.Problem.FileDeclaration", data: { file: raw.declaration } }],
      };
    } else {
      result = validateDeclaration(raw, { moduleId: module.id, existing: existingLists(config, currencyFrom) });
      mergeDeclaration(config, module.id, result.declaration);
      if (result.declaration.currency) currencyFrom = module.id;
    }
    loaded.push({ id: module.id, title: module.title ?? module.id, ...result });
  }
  return loaded;
}

/** Fill the generated keys for the current language (English failing that). Runs at `i18nInit`. */
export function registerSettingLabels(): void {
  const i18n = getGame().i18n as unknown as { translations: Record<string, unknown>; _fallback?: Record<string, unknown> };
  const lang = language();
  for (const [key, texts] of generated) {
    const text = texts[lang] ?? texts[lang.split("-")[0]] ?? texts.en;
    setPath(i18n.translations, key, text);
    // Core falls back to English strings for keys the current language lacks.
    if (i18n._fallback && texts.en) setPath(i18n._fallback, key, texts.en);
  }
  renameCurrency();
}

/** The money's name everywhere the currency field is named: its translation and the data models' field label. */
function renameCurrency(): void {
  const currency = (getConfig().CLOCKWORK as ClockworkConfig | undefined)?.currency;
  if (!currency?.module) return;
  const name = localize(currency.label);
  const i18n = getGame().i18n as unknown as { translations: Record<string, unknown> };
  setPath(i18n.translations, "CLOCKWORK.Field.currency.label", name);
  const models = (getConfig().Actor as unknown as { dataModels?: Record<string, { schema?: { fields?: Record<string, { label?: string }> } }> }).dataModels ?? {};
  for (const model of Object.values(models)) {
    const field = model.schema?.fields?.currency;
    if (field) field.label = name;
  }
}

function setPath(target: Record<string, unknown>, key: string, value: string): void {
  // A flat key (core keeps some translations flat) wins over nesting.
  if (key in target) {
    target[key] = value;
    return;
  }
  const parts = key.split(".");
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (!isObject(node[part])) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]] = value;
}

/** Tell the GM (only) what was wrong: one notification per module, each problem on the console. */
export function reportSettingProblems(): void {
  if (!currentUser<{ isGM: boolean }>()?.isGM) return;
  for (const module of loaded) {
    if (!module.problems.length) continue;
    const data = { module: module.title, count: module.problems.length };
    notify(module.problems.some((p) => !p.warning) ? "warn" : "info", "CLOCKWORK.SettingModules.Notification", data);
    const lines = module.problems.map((p) => `  ${module.id}: ${formatPath(p.path)} — ${localize(p.key, p.data)}`);
    console.warn(`${localize("CLOCKWORK.SettingModules.ConsoleHeader", data)}\n${lines.join("\n")}`);
  }
}

/** The world setting remembering every key setting modules have declared in this world. */
export const KEYS_SETTING = "settingModuleKeys";
type KeyRecord = Partial<Record<RetirableList, string[]>>;

function rememberedKeys(): KeyRecord {
  const stored = getSetting("clockwork", KEYS_SETTING) as unknown;
  const out: KeyRecord = {};
  if (!isObject(stored)) return out;
  for (const list of RETIRABLE_LISTS) {
    const keys = stored[list];
    if (Array.isArray(keys)) out[list] = keys.filter((k): k is string => typeof k === "string");
  }
  return out;
}

/** The keys the active setting modules declare now, per list. */
function declaredKeys(config: ClockworkConfig): KeyRecord {
  const out: KeyRecord = {};
  for (const list of RETIRABLE_LISTS) {
    const keys = Object.entries(config[list] as Record<string, ConfigEntry>).filter(([, e]) => e.module).map(([k]) => k);
    if (keys.length) out[list] = keys;
  }
  return out;
}

/**
 * A removed module's keys stay valid values: remembered keys not declared now are "retired"
 * (config.ts), accepted in stored data and shown as unknown. Runs at `init`, after the merge.
 */
export function retireRemovedKeys(config: ClockworkConfig = CLOCKWORK): void {
  const remembered = rememberedKeys();
  const retired: KeyRecord = {};
  for (const list of RETIRABLE_LISTS) retired[list] = (remembered[list] ?? []).filter((key) => !(key in config[list]));
  setRetiredKeys(retired);
}

/** The designated GM records the active modules' keys, so removing a module later keeps documents valid. */
export async function rememberDeclaredKeys(config: ClockworkConfig = CLOCKWORK): Promise<void> {
  if (!isDesignatedGM()) return;
  const remembered = rememberedKeys();
  const declared = declaredKeys(config);
  let changed = false;
  for (const list of RETIRABLE_LISTS) {
    const known = new Set(remembered[list] ?? []);
    for (const key of declared[list] ?? []) {
      if (known.has(key)) continue;
      known.add(key);
      changed = true;
    }
    if (known.size) remembered[list] = [...known];
  }
  if (changed) await setSetting("clockwork", KEYS_SETTING, remembered);
}

/** `init`: read the modules now (before documents), name their entries at `i18nInit`, report at `ready`. */
export function registerSettingModules(): void {
  registerSetting("clockwork", KEYS_SETTING, { scope: "world", config: false, type: Object, default: {} });
  loadSettingModules();
  retireRemovedKeys();
  hooks().once("i18nInit", registerSettingLabels);
  hooks().once("ready", () => {
    reportSettingProblems();
    void rememberDeclaredKeys();
  });
}

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "clockwork.settingModuleKeys": object;
  }
}
