/**
 * A pseudo-locale built from lang/en.json: every string wrapped in ⟦ ⟧, its letters swapped for
 * accented ones and padded to at least 40 % more text, as a long translation would be. Markup,
 * entities and `{placeholders}` pass through untouched, so formatted strings still fill.
 * Rendering with it shows what English hides: a key no one localizes (it stays plain ASCII
 * `CLOCKWORK.…`), text a template hard-codes (no ⟦ ⟧), and layouts that only fit English.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const OPEN = "\u27E6";
export const CLOSE = "\u27E7";
/** How much longer than English a pseudo string is, at least. */
export const GROWTH = 1.4;

const ACCENTS: Record<string, string> = {
  a: "\u00E5", b: "\u0180", c: "\u00E7", d: "\u00F0", e: "\u00EB", f: "\u0192", g: "\u011D", h: "\u0125", i: "\u00EE", j: "\u0135",
  k: "\u0137", l: "\u013C", m: "\u0271", n: "\u00F1", o: "\u00F6", p: "\u00FE", q: "\u01EB", r: "\u0155", s: "\u0161", t: "\u0163",
  u: "\u00FB", v: "\u1E7D", w: "\u0175", x: "\u1E8B", y: "\u00FD", z: "\u017E",
  A: "\u00C5", B: "\u0181", C: "\u00C7", D: "\u00D0", E: "\u00CB", F: "\u0191", G: "\u011C", H: "\u0124", I: "\u00CE", J: "\u0134",
  K: "\u0136", L: "\u013B", M: "\u1E40", N: "\u00D1", O: "\u00D6", P: "\u00DE", Q: "\u01EA", R: "\u0154", S: "\u0160", T: "\u0162",
  U: "\u00DB", V: "\u1E7C", W: "\u0174", X: "\u1E8A", Y: "\u00DD", Z: "\u017D",
};

/** Pieces a translation must keep as they are: tags, entities, `{placeholders}`. */
const KEEP = /(<[^>]*>|&#?\w+;|\{\w+\})/;

/** Visible text length of an English string (what a reader sees, without markup). */
export function visibleLength(text: string): number {
  return text.split(KEEP).filter((part, i) => i % 2 === 0).join("").length;
}

/**
 * One string in the pseudo-locale. The padding is made of short words, so it wraps where a
 * real language would (a long German compound is still shorter than a line).
 */
export function pseudoString(text: string): string {
  const parts = text.split(KEEP).map((part, i) => (i % 2 === 1 ? part : [...part].map((ch) => ACCENTS[ch] ?? ch).join("")));
  const length = visibleLength(text);
  const extra = Math.max(1, Math.ceil(length * (GROWTH - 1)));
  const pad = Array.from({ length: extra }, (_, i) => (i % 6 === 5 ? " " : "\u00B7")).join("");
  return `${OPEN}${parts.join("")}${length > 3 ? " " : ""}${pad}${CLOSE}`;
}

type Tree = { [key: string]: string | Tree };

/** The whole lang tree in the pseudo-locale (same keys). */
export function pseudoLocale(tree: Tree = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "lang", "en.json"), "utf8"))): Tree {
  return Object.fromEntries(Object.entries(tree).map(([key, value]) => [key, typeof value === "string" ? pseudoString(value) : pseudoLocale(value)]));
}

/**
 * Lang keys that reached `html` as they are. Foundry localizes `data-tooltip` itself, so a key
 * there is fine; anywhere else (text, aria-label, title, placeholder) a reader would see it.
 */
export function rawKeys(html: string): string[] {
  const withoutTooltips = html.replace(/data-tooltip="[^"]*"/g, "");
  return [...new Set(withoutTooltips.match(/\b(?:CLOCKWORK|TYPES)\.[A-Za-z][\w-]*(?:\.[\w-]+)*/g) ?? [])];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00A0" };

/** `html` text with its character references decoded (Handlebars escapes ' and = as &#x27; &#x3D;). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") return String.fromCodePoint(ref[1].toLowerCase() === "x" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10));
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/**
 * Every string and number a context holds (names, numbers, text code built), down to a depth
 * that covers every context builder's shape without walking a live document's whole world.
 */
export function contextStrings(value: unknown, out = new Set<string>(), seen = new Set<object>(), depth = 0): Set<string> {
  if (typeof value === "string" || typeof value === "number") out.add(String(value));
  else if (value && typeof value === "object" && !seen.has(value) && depth < 10) {
    seen.add(value);
    for (const child of Array.isArray(value) ? value : Object.values(value)) contextStrings(child, out, seen, depth + 1);
  }
  return out;
}

/**
 * Words of a pseudo-locale page that no lang string produced and the context does not hold:
 * English a template hard-codes, which a translator could never reach. Text and the
 * attributes a reader meets (aria-label, title, placeholder, alt) are read; each piece between
 * separators must come from the context, so "{{size}} · {{resistance}}" passes.
 */
export function hardCodedText(html: string, held: Set<string>): string[] {
  const inContext = (piece: string) => [...held].some((s) => s.includes(piece));
  const bare = (text: string) => decodeEntities(text).replace(/\u27E6[^\u27E7]*\u27E7/g, " ")
    .split(/[\s·/:()[\]×=+,.;!?\u2212\u2013\u2014-]+/).filter((piece) => /[A-Za-z]{2,}/.test(piece) && !inContext(piece));
  const body = html.replace(/<(script|style)[\s\S]*?<\/\1>/g, "");
  const texts = body.replace(/<[^>]*>/g, "\n").split("\n");
  const attributes = [...body.matchAll(/\s(?:aria-label|title|placeholder|alt)="([^"]*)"/g)].map((m) => m[1]);
  return [...new Set([...texts, ...attributes].flatMap(bare))];
}

/**
 * A stand-in for `game.i18n` in the pseudo-locale (localize, format, has), for pages whose
 * context code localizes itself: Foundry's format fills `{name}` from the data.
 */
export function pseudoI18n(tree: Tree = pseudoLocale()) {
  const lookup = (key: string): unknown => key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Tree)[part] : undefined), tree);
  const localize = (key: string): string => {
    const text = lookup(key);
    return typeof text === "string" ? text : key;
  };
  return {
    lang: "pseudo",
    has: (key: string) => typeof lookup(key) === "string",
    localize,
    format: (key: string, data: Record<string, unknown> = {}) => localize(key).replace(/\{(\w+)\}/g, (whole, arg: string) => (arg in data ? String(data[arg]) : whole)),
  };
}

/** Runs `build` with `game.i18n` in the pseudo-locale when no `game` exists (pure context builders). */
export function inPseudoLocale<T>(build: () => T): T {
  const holder = globalThis as { game?: unknown };
  if (holder.game) return build();
  holder.game = { i18n: pseudoI18n() };
  try {
    return build();
  } finally {
    delete holder.game;
  }
}
