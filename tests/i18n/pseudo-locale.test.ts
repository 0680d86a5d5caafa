/**
 * Translation readiness, checked with a pseudo-locale (every string wrapped in ⟦ ⟧, accented
 * and 40 % longer). The render harness renders every template call of every render test a
 * second time in it (tests/applications/render-harness.ts); here: the pseudo-locale itself, the
 * two detectors that pass uses, and every template's own source, none of which may hard-code
 * text a translator could not reach.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import { TEMPLATE_DIR, templateFiles } from "../applications/render-harness";
import { CLOSE, contextStrings, decodeEntities, GROWTH, hardCodedText, OPEN, pseudoLocale, pseudoString, rawKeys, visibleLength } from "./pseudo-locale";

type Tree = { [key: string]: string | Tree };
const en: Tree = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "lang", "en.json"), "utf8"));

function leaves(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`)));
}

const kept = (text: string) => (text.match(/<[^>]*>|&#?\w+;|\{\w+\}/g) ?? []).sort();

describe("the pseudo-locale", () => {
  const english = leaves(en);
  const pseudo = new Map(leaves(pseudoLocale(en)));

  it("has every key of lang/en.json and nothing else", () => {
    expect(english.length).toBeGreaterThan(1700);
    expect([...pseudo.keys()]).toEqual(english.map(([key]) => key));
  });

  it("wraps every string, makes it at least 40 % longer, and keeps markup and placeholders", () => {
    for (const [key, text] of english) {
      const p = pseudo.get(key)!;
      expect(p.startsWith(OPEN) && p.endsWith(CLOSE), key).toBe(true);
      const inner = p.slice(OPEN.length, -CLOSE.length);
      expect(visibleLength(inner), key).toBeGreaterThanOrEqual(Math.ceil(visibleLength(text) * GROWTH));
      expect(kept(inner), key).toEqual(kept(text));
      // No ASCII word survives outside placeholders and markup: a reader can tell it was translated.
      expect(inner.replace(/<[^>]*>|&#?\w+;|\{\w+\}/g, ""), key).not.toMatch(/[A-Za-z]{2,}/);
    }
  });

  it("turns a formatted string into one that still fills", () => {
    const refund = pseudoString("Refund {entry} and get {xp} XP back?");
    expect(refund.replace("{entry}", "Rifle").replace("{xp}", "5")).toMatch(/^⟦.*Rifle.*5.*⟧$/u);
    expect(pseudoString("<p><strong>Size:</strong> Medium</p>")).toContain("<strong>");
  });
});

describe("what the pseudo pass flags", () => {
  const pseudo = pseudoLocale(en);
  const lookup = (key: string): unknown => key.split(".").reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], pseudo);
  const hbs = Handlebars.create();
  hbs.registerHelper("localize", (key: string) => (typeof lookup(key) === "string" ? lookup(key) : key));
  const render = (source: string, context: object) => hbs.compile(source)(context);

  it("a lang key a template prints without localize, but not one in data-tooltip (Foundry localizes that)", () => {
    const page = render(`<h2>{{localize "CLOCKWORK.Browser.Title"}}</h2><span title="CLOCKWORK.Browser.Search">x</span><i data-tooltip="CLOCKWORK.Browser.Clear"></i>`, {});
    expect(rawKeys(page)).toEqual(["CLOCKWORK.Browser.Search"]);
  });

  it("words a template hard-codes, in text or in a reader's attribute, but not what the context holds", () => {
    const context = { name: "Grosh Ashfang", xp: 5, size: "Medium", resistance: "Blunt" };
    const page = render(`<p>{{name}}: {{xp}} XP</p><p>{{size}} · {{resistance}}</p><button aria-label="Close it">{{localize "CLOCKWORK.Browser.Clear"}}</button>`, context);
    expect(hardCodedText(page, contextStrings(context))).toEqual(["XP", "Close", "it"]);
    const clean = render(`<p>{{name}}: {{localize "CLOCKWORK.Advancement.XpAmount" xp=xp}}</p>`, context);
    expect(hardCodedText(clean, contextStrings(context))).toEqual([]);
  });

  it("reads text as the page shows it: Handlebars' escapes are decoded", () => {
    expect(decodeEntities("Diviner&#x27;s Deck &#x3D; &amp; &lt;")).toBe("Diviner's Deck = & <");
    const context = { name: "Diviner's Deck" };
    expect(hardCodedText(render("<b title=\"{{name}}\">{{name}}</b>", context), contextStrings(context))).toEqual([]);
  });
});

describe("every template", () => {
  /** A template's literal text and reader attributes, with every Handlebars expression removed. */
  function literalText(source: string): string[] {
    const bare = source.replace(/\{\{!--[\s\S]*?--\}\}/g, "").replace(/\{\{![\s\S]*?\}\}/g, "").replace(/\{\{\{?[\s\S]*?\}?\}\}/g, " ");
    const attributes = [...bare.matchAll(/\s(?:aria-label|title|placeholder|alt|data-tooltip)="([^"]*)"/g)].map((m) => m[1]);
    const text = bare.replace(/<(script|style)[\s\S]*?<\/\1>/g, "").replace(/<[^>]*>/g, "\n").split("\n");
    return [...text, ...attributes].map((s) => s.trim()).filter((s) => /[A-Za-z]{2,}/.test(s));
  }

  it("reads its literal text from lang keys: no English outside {{localize}}", () => {
    const files = templateFiles();
    expect(files.length).toBeGreaterThan(80);
    const found = files.flatMap((file) => literalText(readFileSync(join(TEMPLATE_DIR, file), "utf8")).map((text) => `${file}: ${text}`));
    expect(found).toEqual([]);
  });

  it("the scan sees text and attributes a template hard-codes", () => {
    expect(literalText(`{{!-- a comment --}}<label title="Pick one">{{localize "A.B"}} Rank</label><i aria-label="{{localize "A.C"}}"></i>`)).toEqual(["Rank", "Pick one"]);
  });
});
