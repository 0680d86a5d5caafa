/**
 * The test world's TextEditor, modelled on Foundry v13 `client/applications/ux/text-editor.mjs`
 * (read, not copied):
 * - `enrichHTML(content, options)`: the content parsed into a `<div>`; unrevealed
 *   `section.secret` blocks removed unless `secrets`; then, over the text nodes and in core's
 *   order, content links (`@UUID[uuid#hash]{label}` and the legacy `@Actor[id or name]`,
 *   `@Item[…]`, `@JournalEntry[…]`, `@Compendium[scope.pack.id]` forms of
 *   `CONST.DOCUMENT_LINK_TYPES`), hyperlinks, inline rolls (`[[1d12]]` rolled at once into an
 *   `inline-result`, `[[/r 2d12 # flavor]]{label}` a deferred `inline-roll`, any other command
 *   left for the custom enrichers), then every `CONFIG.TextEditor.enrichers` entry
 *   (`{pattern, enricher, id?, onRender?, replaceParent?}`); remaining secrets are wrapped in
 *   `<secret-block>`. A replacer that throws is reported through `Hooks.onError` and its match
 *   is left as written.
 * - Content links: a found document gives `Document#toAnchor` (`a.content-link` with
 *   `draggable`, `data-link`, `data-uuid`, `data-id`, `data-type`, `data-pack`, the type's
 *   `sidebarIcon`, the document's name unless a label is given); a UUID that resolves to nothing
 *   gives `a.content-link.broken` with the `fa-link-slash` icon and no `data-link`.
 * - `activateListeners()`: a click on `a[data-link]` resolves its UUID and calls the document's
 *   `_onClickDocumentLink` (a sheet's render; a journal page opens its journal at the page).
 * - `getDragEventData` parses the "text/plain" JSON a drag carries (an empty object when none).
 *
 * Not modelled: `@Embed` (left as written), the click on an inline roll, content-link drags,
 * compendium priming (the world's `fromUuid` loads as it goes), the editors themselves.
 * Enrichment needs a DOM, as in Foundry: without one (a headless node world) it throws.
 */

type PlainObject = Record<string, unknown>;

export interface EnrichmentOptions {
  secrets?: boolean;
  documents?: boolean;
  links?: boolean;
  rolls?: boolean;
  embeds?: boolean;
  custom?: boolean;
  rollData?: PlainObject | (() => PlainObject);
  relativeTo?: LinkedDocument | null;
}

export interface AnchorOptions {
  attrs?: Record<string, string | null | undefined>;
  dataset?: Record<string, string | null | undefined>;
  classes?: string[];
  name?: string;
  icon?: string;
}

interface EnricherConfig {
  id?: string;
  pattern: RegExp;
  enricher: (match: RegExpMatchArray, options?: object) => Promise<HTMLElement | null> | HTMLElement | null;
  onRender?: unknown;
  replaceParent?: boolean;
}

interface LinkedDocument {
  documentName?: string;
  uuid?: string;
  id?: string | null;
  _id?: string | null;
  name?: string;
  pack?: string | null;
  parent?: LinkedDocument | null;
  toAnchor?(options: AnchorOptions): HTMLAnchorElement;
  _onClickDocumentLink?(event: Event): unknown;
}

interface PackLike {
  collection: string;
  documentName: string;
  index: { size: number; find(fn: (entry: PlainObject) => boolean): PlainObject | undefined };
}

interface RollLike {
  evaluate(options?: object): Promise<RollLike>;
  toAnchor(options: object): HTMLAnchorElement;
}

interface RollClass {
  new (formula: string, data?: PlainObject): RollLike;
  validate?(formula: string): boolean;
}

interface Globals {
  CONFIG: Record<string, { sidebarIcon?: string } | undefined> & {
    TextEditor: { enrichers: EnricherConfig[] };
    Dice: { rolls: RollClass[] };
  };
  CONST: { DOCUMENT_LINK_TYPES: readonly string[]; WORLD_DOCUMENT_TYPES: readonly string[] };
  game: {
    i18n: { localize(key: string): string };
    packs: { get(id: string): PackLike | undefined };
    collections: { get(name: string): { get(id: string): LinkedDocument | undefined; getName(name: string): LinkedDocument | undefined } | undefined };
  };
  Hooks: { onError(location: string, error: unknown, options?: object): void };
  fromUuid(uuid: string): Promise<LinkedDocument | null>;
}

const g = () => globalThis as unknown as Globals;

/** A 16-character document id (common/data/validators.mjs `isValidId`). */
const isValidId = (id: string) => /^[a-zA-Z0-9]{16}$/.test(id);

/** Core's roll chat commands (client/applications/sidebar/tabs/chat.mjs `CHAT_COMMANDS`) and their mode. */
const ROLL_COMMANDS: [RegExp, string][] = [
  [/^(\/r(?:oll)? )([^#]+)(?:#(.*))?/i, "roll"],
  [/^(\/pr(?:oll)? |\/publicroll )([^#]+)(?:#(.*))?/i, "publicroll"],
  [/^(\/gmr(?:oll)? )([^#]+)(?:#(.*))?/i, "gmroll"],
  [/^(\/b(?:lind)?r(?:oll)? )([^#]+)(?:#(.*))?/i, "blindroll"],
  [/^(\/s(?:elf)?r(?:oll)? )([^#]+)(?:#(.*))?/i, "selfroll"],
];

function textNodes(parent: HTMLElement): Text[] {
  const out: Text[] = [];
  const walk = document.createTreeWalker(parent, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) out.push(walk.currentNode as Text);
  return out;
}

/** `@name.path` in a formula, from the roll data (core's `Roll.replaceFormulaData`, missing terms as 0). */
function replaceFormulaData(formula: string, data: PlainObject): string {
  return formula.replace(/@([a-z.0-9_-]+)/gi, (_all, path: string) => {
    const value = path.split(".").reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as PlainObject)[key] : undefined), data);
    return value === undefined || value === null ? "0" : String(value);
  });
}

function inert(icon: HTMLElement): HTMLElement {
  icon.toggleAttribute("inert", true);
  return icon;
}

export class TextEditor {
  static get implementation(): typeof TextEditor {
    return TextEditor;
  }

  static getDragEventData(event: DragEvent): Record<string, unknown> {
    if (!("dataTransfer" in event) || !event.dataTransfer) return {};
    try {
      return JSON.parse(event.dataTransfer.getData("text/plain")) as Record<string, unknown>;
    } catch {
      return {};
    }
  }

  static async enrichHTML(content: string | null | undefined, options: EnrichmentOptions = {}): Promise<string> {
    const { secrets = false, documents = true, links = true, rolls = true, custom = true, rollData } = options;
    if (!content?.length) return "";
    if (typeof document === "undefined") throw new Error("TextEditor.enrichHTML needs a DOM, as in Foundry (use a happy-dom world)");
    const html = document.createElement("div");
    html.innerHTML = String(content);
    if (!secrets) for (const secret of html.querySelectorAll("section.secret:not(.revealed)")) secret.remove();

    const steps: ((text: Text[]) => Promise<boolean>)[] = [];
    if (documents) steps.push((text) => this._replaceTextContent(text, this.#contentLinkPattern(), (m) => this._createContentLink(m, options)));
    if (links) steps.push((text) => this._replaceTextContent(text, /(https?:\/\/)(www\.)?([^\s<]+)/gi, async (m) => this._createHyperlink(m)));
    if (rolls) {
      const data = typeof rollData === "function" ? rollData() : (rollData ?? {});
      steps.push((text) => this._replaceTextContent(text, /\[\[(\/[a-zA-Z]+\s)?(.*?)(]{2,3})(?:{([^}]+)})?/gi, (m) => this._createInlineRoll(m, data)));
    }
    if (custom) {
      for (const config of g().CONFIG.TextEditor?.enrichers ?? []) steps.push((text) => this._applyCustomEnrichers(config, text, options));
    }

    let text = textNodes(html);
    let stale = false;
    for (const step of steps) {
      if (stale) text = textNodes(html);
      stale = await step(text);
    }
    // Core wraps each remaining secret for its reveal button.
    for (const secret of html.querySelectorAll("section.secret")) {
      if (secret.closest("secret-block, [data-content-embed]")) continue;
      const block = document.createElement("secret-block");
      secret.replaceWith(block);
      block.append(secret);
    }
    return html.innerHTML;
  }

  /** `@(UUID|Compendium|Actor|Item|…)[target#hash]{label}` (`_enrichContentLinks`). */
  static #contentLinkPattern(): RegExp {
    const types = [...g().CONST.DOCUMENT_LINK_TYPES, "Compendium", "UUID"];
    return new RegExp(`@(${types.join("|")})\\[([^#\\]]+)(?:#([^\\]]+))?](?:{([^}]+)})?`, "g");
  }

  /** Replaces each match in the text nodes with what `replace` makes of it (null leaves it). */
  static async _replaceTextContent(text: Text[], pattern: RegExp, replace: (match: RegExpMatchArray) => Promise<Node | null>, { replaceParent = false } = {}): Promise<boolean> {
    let replaced = false;
    for (const node of text) {
      const matches = [...(node.textContent ?? "").matchAll(pattern)];
      // Last match first, so the earlier matches' offsets in the node still hold.
      for (const match of matches.reverse()) {
        let result: Node | null = null;
        try {
          result = await replace(match);
        } catch (error) {
          g().Hooks.onError("TextEditor.enrichHTML", error, { log: "error" });
        }
        if (!result) continue;
        let target = node;
        if ((match.index ?? 0) > 0) target = node.splitText(match.index ?? 0);
        if (match[0].length < (target.textContent ?? "").length) target.splitText(match[0].length);
        const parent = target.parentElement;
        if (replaceParent && parent?.parentElement && parent.childNodes.length < 2) parent.replaceWith(result);
        else target.replaceWith(result);
        replaced = true;
      }
    }
    return replaced;
  }

  static async _applyCustomEnrichers({ id, pattern, enricher, onRender, replaceParent }: EnricherConfig, text: Text[], options: EnrichmentOptions): Promise<boolean> {
    return this._replaceTextContent(text, pattern, async (match) => {
      const result = await enricher(match, options);
      // Core wraps an enricher with an id and onRender in <enriched-content enricher="id">.
      if (result && id && typeof onRender === "function") {
        const wrap = document.createElement("enriched-content");
        wrap.append(result);
        wrap.setAttribute("enricher", id);
        return wrap;
      }
      return result;
    }, { replaceParent });
  }

  /** A content link, or a broken one when the target resolves to nothing (`_createContentLink`). */
  static async _createContentLink(match: RegExpMatchArray, { relativeTo }: EnrichmentOptions = {}): Promise<HTMLAnchorElement> {
    const [type, target, hash, name] = match.slice(1, 5) as [string, string, string | undefined, string | undefined];
    const data: Required<Pick<AnchorOptions, "attrs" | "dataset" | "classes">> & AnchorOptions = {
      classes: ["content-link"], attrs: { draggable: "true" }, dataset: { link: "" }, name,
    };
    let doc: LinkedDocument | null = null;
    let broken = false;
    if (type === "UUID") {
      data.dataset.uuid = target;
      doc = await g().fromUuid(this.#absolute(target, relativeTo));
    } else broken = this.#legacyLink(type, target, data);

    if (doc?.documentName && doc.toAnchor) return doc.toAnchor({ name: data.name, dataset: { hash } });
    if (doc) {
      // An index entry: named from it, typed by its pack.
      data.name = data.name || doc.name || target;
      const pack = doc.pack ? g().game.packs.get(doc.pack) : undefined;
      Object.assign(data.dataset, { type: pack?.documentName, id: doc._id ?? undefined, pack: doc.pack ?? undefined, hash });
      data.icon = pack ? g().CONFIG[pack.documentName]?.sidebarIcon : undefined;
    } else if (type === "UUID") broken = true;

    if (broken) {
      delete data.dataset.link;
      delete data.attrs.draggable;
      data.icon = "fa-solid fa-link-slash";
      data.classes.push("broken");
    }
    return this.createAnchor(data);
  }

  /**
   * A UUID written relative to the enriched document (`.id` a sibling, `.Type.id…` a descendant),
   * as `ClientDocument#getRelativeUUID` writes them; absolute ones pass through.
   */
  static #absolute(uuid: string, relativeTo: LinkedDocument | null | undefined): string {
    if (!uuid.startsWith(".") || !relativeTo?.uuid) return uuid;
    const parts = uuid.slice(1).split(".");
    if (parts.length === 1 && relativeTo.parent?.uuid) return `${relativeTo.parent.uuid}.${relativeTo.documentName}.${parts[0]}`;
    return `${relativeTo.uuid}.${parts.join(".")}`;
  }

  /** `@Actor[id or name]`, `@Compendium[scope.pack.id or name]` (`#createLegacyContentLink`); true when broken. */
  static #legacyLink(type: string, target: string, data: AnchorOptions & { dataset: Record<string, string | null | undefined> }): boolean {
    const { CONFIG, CONST, game } = g();
    if (CONST.WORLD_DOCUMENT_TYPES.includes(type)) {
      const collection = game.collections.get(type);
      const doc = isValidId(target) ? collection?.get(target) : collection?.getName(target);
      data.name = data.name || (doc?.name ?? target);
      data.icon = CONFIG[type]?.sidebarIcon;
      Object.assign(data.dataset, { type, uuid: doc?.uuid });
      return !doc;
    }
    if (type === "Compendium") {
      const parts = target.split(".");
      const id = parts.slice(2).join(".");
      const pack = parts.length >= 3 ? game.packs.get(`${parts[0]}.${parts[1]}`) : undefined;
      if (!pack || !id) return true;
      Object.assign(data.dataset, { pack: pack.collection, uuid: `Compendium.${pack.collection}.${pack.documentName}.${id}` });
      data.icon = CONFIG[pack.documentName]?.sidebarIcon;
      let broken = false;
      if (pack.index.size) {
        const entry = pack.index.find((e) => e._id === id || e.name === id);
        if (entry) {
          data.name ||= String(entry.name);
          data.dataset.id = String(entry._id);
          data.dataset.uuid = String(entry.uuid);
        } else broken = true;
      }
      if (!data.name) data.name = data.dataset.lookup = id;
      return broken;
    }
    // PlaylistSound and other link types the world has no collection for.
    return true;
  }

  static createAnchor({ attrs = {}, dataset = {}, classes = [], name, icon }: AnchorOptions = {}): HTMLAnchorElement {
    const a = document.createElement("a");
    a.classList.add(...classes);
    for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) a.setAttribute(k, v);
    for (const [k, v] of Object.entries(dataset)) if (v !== null && v !== undefined) a.dataset[k] = v;
    if (icon) {
      const i = document.createElement("i");
      i.className = icon;
      a.append(inert(i));
    }
    a.append(name ?? g().game.i18n.localize("Unknown"));
    return a;
  }

  static _createHyperlink(match: RegExpMatchArray): HTMLAnchorElement {
    const a = document.createElement("a");
    a.classList.add("hyperlink");
    a.href = a.textContent = match[0];
    a.target = "_blank";
    a.rel = "nofollow noopener";
    return a;
  }

  /** `[[formula]]` rolled now; `[[/r formula # flavor]]{label}` a link to roll; other commands: null. */
  static async _createInlineRoll(match: RegExpMatchArray, rollData: PlainObject): Promise<HTMLAnchorElement | null> {
    const [command, raw, closing, label] = match.slice(1, 5) as [string | undefined, string, string, string | undefined];
    const formula = closing.length === 3 ? `${raw}]` : raw;
    const Roll = g().CONFIG.Dice.rolls[0];
    if (!command) {
      const valid = Roll.validate ? Roll.validate(formula) : true;
      if (!valid) return null;
      try {
        const roll = await new Roll(formula, rollData).evaluate({ allowInteractive: false });
        return roll.toAnchor({ classes: ["inline-roll", "inline-result"], dataset: { tooltip: formula }, label });
      } catch {
        return null;
      }
    }
    const chat = `${command}${formula}`;
    const known = ROLL_COMMANDS.map(([rx, mode]) => [rx.exec(chat), mode] as const).find(([m]) => m);
    if (!known) return null;
    const [parts, mode] = known as [RegExpExecArray, string];
    const matched = replaceFormulaData(parts[2].trim(), rollData);
    const a = document.createElement("a");
    a.classList.add("inline-roll", mode);
    a.dataset.mode = mode;
    a.dataset.flavor = parts[3]?.trim() ?? label ?? "";
    a.dataset.formula = matched;
    a.dataset.tooltipText = formula;
    const i = document.createElement("i");
    i.classList.add("fa-solid", "fa-dice-d20");
    a.append(inert(i), label || matched);
    return a;
  }

  static #listening = new WeakSet<HTMLElement>();

  /** Core's body listener: a click on a content link opens what it names. Once per page. */
  static activateListeners(): void {
    const body = globalThis.document?.body;
    if (!body || TextEditor.#listening.has(body)) return;
    TextEditor.#listening.add(body);
    body.addEventListener("click", (event) => {
      const link = (event.target as HTMLElement | null)?.closest?.<HTMLElement>("a[data-link]");
      if (!link) return;
      event.preventDefault();
      void (async () => {
        const doc = link.dataset.uuid ? await g().fromUuid(link.dataset.uuid) : null;
        await doc?._onClickDocumentLink?.(event);
      })().catch((error: unknown) => g().Hooks.onError("TextEditor.#onClickContentLink", error, { log: "error" }));
    });
  }
}
