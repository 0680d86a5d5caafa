/**
 * Builds test pages: a sheet rendered with the real templates and context builders, inside an
 * imitation of Foundry's window frame, linking the system's stylesheet. Pages are written to
 * artifacts/browser/ so a failing layout can be opened by hand.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import { ROOT } from "./render-harness";

export const PAGE_DIR = join(ROOT, "artifacts", "browser");
export const SHOT_DIR = join(ROOT, "artifacts", "screenshots");

export type Theme = "light" | "dark";

/** Foundry serves core icons; the pages get simple stand-ins at the same relative paths. */
const ICONS = ["mystery-man", "item-bag", "sword", "fire", "shield"];

/**
 * Test-only stand-in for Foundry's `<multi-select>` element (v13
 * `foundry.applications.elements.HTMLMultiSelectElement`): like the real one it turns its
 * `<option>` children into a dropdown of the unchosen entries and a tag per chosen entry.
 * It only draws; choosing is Foundry's.
 */
const MULTI_SELECT_STAND_IN = `<script>
customElements.define("multi-select", class extends HTMLElement {
  connectedCallback() {
    const options = [...this.querySelectorAll("option")];
    const label = this.id ? document.querySelector('label[for="' + this.id + '"]') : null;
    const select = document.createElement("select");
    select.setAttribute("aria-label", label ? label.textContent.trim() : this.getAttribute("name"));
    if (this.hasAttribute("disabled")) select.disabled = true;
    select.append(new Option("\u2026", ""));
    const tags = document.createElement("div");
    tags.className = "tags input-element-tags";
    for (const o of options) {
      if (o.selected) {
        const tag = document.createElement("div");
        tag.className = "tag";
        tag.dataset.key = o.value;
        tag.textContent = o.textContent;
        tags.append(tag);
      } else select.append(new Option(o.textContent, o.value));
    }
    this.replaceChildren(select, tags);
  }
});
</script>`;

export function preparePageDir(): void {
  mkdirSync(join(PAGE_DIR, "icons", "svg"), { recursive: true });
  mkdirSync(SHOT_DIR, { recursive: true });
  for (const icon of ICONS) {
    writeFileSync(join(PAGE_DIR, "icons", "svg", `${icon}.svg`),
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="4" fill="#6b5a43"/><circle cx="16" cy="13" r="7" fill="#d9c7a3"/><rect x="7" y="22" width="18" height="7" rx="3" fill="#d9c7a3"/></svg>`);
  }
}

export interface PageSpec {
  name: string;
  title: string;
  /** Classes of the application element besides the theme (for example "sheet clockwork actor character"). */
  classes: string;
  body: string;
  theme: Theme;
  /** `form` for document sheets (as ApplicationV2 renders them), `div` for a dialog. */
  tag?: "form" | "div";
  /** More of the system's style sheets (system.json loads them all in Foundry), e.g. "styles/attack.css". */
  styles?: string[];
}

/** Writes the page and returns its file URL. */
export function writePage(spec: PageSpec): string {
  const tag = spec.tag ?? "form";
  const href = (path: string) => pathToFileURL(join(ROOT, path)).href;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${spec.title}</title>
<base href="${pathToFileURL(PAGE_DIR).href}/">
<link rel="stylesheet" href="${href("tests/applications/foundry-frame.css")}">
<link rel="stylesheet" href="${href("styles/clockwork.css")}">
${(spec.styles ?? []).map((path) => `<link rel="stylesheet" href="${href(path)}">`).join("\n")}
</head>
<body class="theme-${spec.theme}">
<${tag} id="app" class="application ${spec.classes} themed theme-${spec.theme}">
<header class="window-header">
<h1 class="window-title">${spec.title}</h1>
<button type="button" class="header-control" aria-label="Close">×</button>
</header>
<section class="window-content">
${spec.body}
</section>
</${tag}>
${MULTI_SELECT_STAND_IN}
</body>
</html>`;
  const file = join(PAGE_DIR, `${spec.name}-${spec.theme}.html`);
  writeFileSync(file, html);
  return pathToFileURL(file).href;
}

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

interface AxeResult { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }

/**
 * axe-core (from npm, injected into the page) on the application element: its serious and
 * critical findings, each as "impact rule: count, first node".
 */
export async function axeFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Element, options: object): Promise<AxeResult> } }).axe;
    const result = await axe.run(document.getElementById("app")!, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.impact} ${v.id}: ${v.nodes.length} node(s), first ${v.nodes[0]?.target.join(" ")}`);
  });
}

/** `<link>` tags for the system's stylesheets, for a page built from templates. */
export function stylesheetLinks(files: string[]): string {
  return files.map((f) => `<link rel="stylesheet" href="${pathToFileURL(join(ROOT, "styles", f)).href}">`).join("");
}

/** A DialogV2's markup around `content`: its form body and footer buttons, as core draws them. */
export function dialogMarkup(css: string, content: string, buttons: { label: string; default?: boolean }[]): string {
  return `${css}<div class="dialog-content standard-form">${content}</div>
    <footer class="form-footer">${buttons.map((b) => `<button type="button"${b.default ? ' class="default"' : ""}>${b.label}</button>`).join("")}</footer>`;
}

/**
 * What overflows the page's `#app`: the document, the app, the window content and `containers`
 * scrolling sideways, and any element of the window content sticking out past the app's right edge.
 */
export async function overflowing(page: Page, containers: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const app = document.getElementById("app")!;
    const name = (el: Element) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`;
    const out = [document.documentElement, app, ...app.querySelectorAll(`.window-content, ${selector}`)]
      .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => `${name(el)} ${el.scrollWidth} > ${el.clientWidth}`);
    const box = app.getBoundingClientRect();
    for (const el of app.querySelectorAll(".window-content *")) {
      const r = el.getBoundingClientRect();
      if (r.width && r.right > box.right + 1) out.push(`${name(el)} sticks out ${Math.round(r.right - box.right)}px`);
    }
    return out;
  }, containers);
}

/** Buttons, selects and inputs in `#app` with no accessible name (aria-label, a label, or text). */
export async function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll<HTMLElement>("#app button, #app select, #app input")].filter((el) => {
    const label = el.closest("label")?.textContent ?? (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : "");
    return !(el.getAttribute("aria-label") || label || el.textContent || "").trim();
  }).map((el) => el.outerHTML.slice(0, 120)));
}

/**
 * Lang keys a reader meets on the page (text, aria-label, title, placeholder, alt) as they are:
 * for the pseudo-locale pass, where every real string is wrapped in ⟦ ⟧ and no key may show.
 */
export async function visibleKeys(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const app = document.getElementById("app") ?? document.body;
    const attributes = [...app.querySelectorAll("[aria-label], [title], [placeholder], [alt]")]
      .flatMap((el) => ["aria-label", "title", "placeholder", "alt"].map((a) => el.getAttribute(a) ?? ""));
    return [app.innerText, ...attributes];
  });
  return [...new Set(texts.flatMap((t) => t.match(/\b(?:CLOCKWORK|TYPES)\.[A-Za-z][\w-]*(?:\.[\w-]+)*/g) ?? []))];
}

/**
 * Numbers on a page with nothing to say what they are (issue 20): a text with a digit and no
 * word, outside the elements `skip` names, whose line has no word either.
 */
export function unlabelledNumbers(page: Page, skip = "[data-tooltip], [aria-label], dd, td, th, .cw-roll-die"): Promise<string[]> {
  return page.evaluate((skipped) => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.getElementById("app")!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      if (!/\d/.test(text) || /[A-Za-z]{3,}/.test(text)) continue;
      const el = node.parentElement!;
      if (skipped && el.closest(skipped)) continue;
      const line = el.closest("p, li, td, th, h3, h4, div")?.textContent ?? "";
      if (!/[A-Za-z]{3,}/.test(line.replace(text, ""))) out.push(`${el.tagName.toLowerCase()}: ${text.trim()}`);
    }
    return out;
  }, skip);
}
