/**
 * `foundry.applications.handlebars`: the real Handlebars, templates loaded by path and cached,
 * partials registered, core's `localize` helper.
 * Modelled on Foundry v13 `client/applications/handlebars.mjs`: `getTemplate(path)` fetches
 * and compiles once and registers the template as a partial under its path (or the given id);
 * `loadTemplates(paths)` takes an array of paths or a record `{ name: path }` (partials by
 * name); `renderTemplate(path, data)` renders with prototype access allowed, as core does.
 * The `localize` helper formats when hash arguments are given (core's HandlebarsHelpers).
 * Not modelled: core's other helpers (`editor`, `numberFormat`, `selectOptions`, …): the
 * system's templates use none of them, and tests/applications/render-harness.ts compiles them with knownHelpersOnly.
 */
import Handlebars from "handlebars";
import { rt } from "./runtime";

export const handlebars: typeof Handlebars = Handlebars.create();

handlebars.registerHelper("localize", (value: unknown, options: Handlebars.HelperOptions) => {
  const key = String(value);
  const data = options?.hash ?? {};
  const i18n = rt().game?.i18n;
  if (!i18n) return key;
  return Object.keys(data).length === 0 ? i18n.localize(key) : i18n.format(key, data);
});

export interface TemplateSource {
  /** The template text of a Foundry URL such as `systems/clockwork/templates/actor/tabs.hbs`. */
  read(path: string): string | Promise<string>;
}

/** Node reads the system's files from the repository; a browser fetches them from the server, as core does. */
function defaultSource(): TemplateSource {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const fs = proc?.getBuiltinModule?.("node:fs") as { readFileSync(path: string, encoding: "utf8"): string } | undefined;
  if (fs) {
    // Paths, not URL objects: a DOM environment (happy-dom) replaces the global URL class.
    const path = proc?.getBuiltinModule?.("node:path") as { resolve(...parts: string[]): string; dirname(p: string): string };
    const url = proc?.getBuiltinModule?.("node:url") as { fileURLToPath(u: string): string };
    const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..", "..", "..");
    return { read: (file) => fs.readFileSync(path.resolve(root, systemFile(file)), "utf8") };
  }
  return {
    read: async (file) => {
      const response = await fetch(`/${file}`);
      if (!response.ok) throw new Error(`Failed to load template ${file}: ${response.status}`);
      return response.text();
    },
  };
}

/** `systems/clockwork/templates/x.hbs` → `templates/x.hbs` (the repository is the system's folder). */
export function systemFile(path: string): string {
  const match = /^systems\/[^/]+\/(.+)$/.exec(path);
  if (!match) throw new Error(`Template path "${path}" is not a system file`);
  return match[1];
}

let source: TemplateSource | null = null;
const cache = new Map<string, Promise<Handlebars.TemplateDelegate>>();

export function configureTemplates(custom: TemplateSource): void {
  source = custom;
  cache.clear();
}

export function getTemplate(path: string, id?: string): Promise<Handlebars.TemplateDelegate> {
  let compiled = cache.get(path);
  if (!compiled) {
    source ??= defaultSource();
    const reader = source;
    compiled = Promise.resolve(reader.read(path)).then((text) => {
      const fn = handlebars.compile(text);
      handlebars.registerPartial(id ?? path, fn);
      return fn;
    });
    cache.set(path, compiled);
    compiled.catch(() => cache.delete(path));
  }
  return compiled;
}

export async function loadTemplates(paths: string[] | Record<string, string>): Promise<Handlebars.TemplateDelegate[]> {
  const entries: [string | undefined, string][] = Array.isArray(paths) ? paths.map((p) => [undefined, p]) : Object.entries(paths);
  return Promise.all(entries.map(async ([id, path]) => {
    const fn = await getTemplate(path, id);
    if (id) handlebars.registerPartial(id, fn);
    return fn;
  }));
}

export async function renderTemplate(path: string, data: object = {}): Promise<string> {
  const template = await getTemplate(path);
  return template(data, { allowProtoMethodsByDefault: true, allowProtoPropertiesByDefault: true });
}
