/**
 * Renders the system's templates with the real Handlebars, the system's own helpers and
 * partials, and a `localize` that reads the real lang/en.json and records every key it cannot
 * find (and every `{placeholder}` a formatted string leaves unfilled). Templates compile with
 * `knownHelpersOnly`, so a helper Foundry would not have fails at compile time.
 * The English renderer renders every call a second time in the pseudo-locale (tests/i18n) and
 * throws when a lang key would reach the page as it is, or when the page shows words that
 * neither a lang string nor the context gave (English hard-coded in a template): every render
 * test is a pseudo pass.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import Handlebars from "handlebars";
import { HELPERS, PARTIALS, registerHelpers, templateFile } from "../../src/applications/handlebars";
import { contextStrings, hardCodedText, pseudoLocale, rawKeys } from "../i18n/pseudo-locale";

export const ROOT = join(import.meta.dirname, "..", "..");
export const TEMPLATE_DIR = join(ROOT, "templates");

type Translations = Record<string, unknown>;

function lookup(translations: Translations, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Translations)[part] : undefined), translations);
}

/** Every template file, relative to templates/ with forward slashes. */
export function templateFiles(dir = TEMPLATE_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return templateFiles(path);
    return entry.name.endsWith(".hbs") ? [relative(TEMPLATE_DIR, path).split("\\").join("/")] : [];
  });
}

export interface Renderer {
  /** Render a template by its Foundry URL (`systems/clockwork/templates/…`). */
  render(template: string, context: object): string;
  /** Keys asked for that lang/en.json lacks. */
  missingKeys: Set<string>;
  /** `key {placeholder}` pairs a format call left unfilled. */
  missingArgs: Set<string>;
  /** Template files (relative to templates/) rendered at least once, including partials. */
  used: Set<string>;
  translations: Translations;
}

export function createRenderer(translations?: Translations): Renderer {
  const english = translations ?? JSON.parse(readFileSync(join(ROOT, "lang", "en.json"), "utf8"));
  // The pseudo pass only for the real English file; a test's own dictionary is left alone.
  const pseudo = translations ? null : pseudoLocale();
  let lang: Translations = english;
  const hbs = Handlebars.create();
  const missingKeys = new Set<string>();
  const missingArgs = new Set<string>();
  const used = new Set<string>();
  const compiled = new Map<string, Handlebars.TemplateDelegate>();
  const options: Parameters<typeof Handlebars.compile>[1] = {
    knownHelpers: Object.fromEntries(["localize", ...Object.keys(HELPERS)].map((h) => [h, true])),
    knownHelpersOnly: true,
  };

  // The same contract as Foundry's helper: plain localize, or format when hash data is given.
  hbs.registerHelper("localize", (key: unknown, helperOptions: Handlebars.HelperOptions) => {
    const name = String(key);
    const text = lookup(lang, name);
    if (typeof text !== "string") {
      if (lang === english) missingKeys.add(name);
      return name;
    }
    const data = helperOptions?.hash ?? {};
    return text.replace(/\{(\w+)\}/g, (whole, arg: string) => {
      if (!(arg in data)) {
        if (lang === english) missingArgs.add(`${name} {${arg}}`);
        return whole;
      }
      return String(data[arg]);
    });
  });
  registerHelpers(hbs);

  const compile = (template: string): Handlebars.TemplateDelegate => {
    let fn = compiled.get(template);
    if (!fn) {
      fn = hbs.compile(readFileSync(join(TEMPLATE_DIR, templateFile(template)), "utf8"), options);
      compiled.set(template, fn);
    }
    return fn;
  };
  for (const [name, path] of Object.entries(PARTIALS)) {
    const partial = compile(path);
    hbs.registerPartial(name, (context: unknown, partialOptions?: Handlebars.RuntimeOptions) => {
      used.add(templateFile(path));
      return partial(context, partialOptions);
    });
  }
  return {
    render(template, context) {
      used.add(templateFile(template));
      if (pseudo) {
        lang = pseudo;
        try {
          // A key the context already holds came through code's localize, which has no `game`
          // in these tests; the world and browser tests see those localized.
          const held = contextStrings(context);
          const heldKeys = new Set([...held].flatMap(rawKeys));
          const page = compile(template)(context);
          const raw = rawKeys(page).filter((key) => !heldKeys.has(key));
          if (raw.length) throw new Error(`${templateFile(template)} shows lang keys as they are in the pseudo-locale: ${raw.join(", ")}`);
          const hardCoded = hardCodedText(page, held);
          if (hardCoded.length) throw new Error(`${templateFile(template)} hard-codes text no lang string gives: ${hardCoded.join(", ")}`);
        } finally {
          lang = english;
        }
      }
      return compile(template)(context);
    },
    missingKeys, missingArgs, used, translations: english,
  };
}

/** Number of times `pattern` occurs in `html`. */
export function count(html: string, pattern: RegExp | string): number {
  const re = typeof pattern === "string" ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "g") : new RegExp(pattern.source, "g");
  return html.match(re)?.length ?? 0;
}

/**
 * `game.i18n` for context builders that localize through it (as in Foundry), reading the
 * renderer's translations: `localize` returns the key when it is missing, `format` fills
 * `{placeholders}` and leaves unknown ones as they are.
 */
export function installGameI18n(renderer: Pick<Renderer, "translations">): void {
  const lookup = (key: string): unknown => key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), renderer.translations);
  const i18n = {
    localize: (key: string) => (typeof lookup(key) === "string" ? lookup(key) as string : key),
    format: (key: string, data: Record<string, unknown> = {}) => i18n.localize(key).replace(/\{(\w+)\}/g, (w, a: string) => (a in data ? String(data[a]) : w)),
  };
  (globalThis as unknown as { game: object }).game = { i18n };
}
