/**
 * A reader for the system's journal packs (the rules reference, Getting Started): Foundry's
 * journal sheet is core's, not the system's, so the host shows a journal in a plain window of
 * the world's ApplicationV2: the page list, then the chosen page's text, enriched by the world's
 * `TextEditor.enrichHTML` as core's text page sheet enriches it (secrets for the page's owners,
 * links relative to the page). A content link to a page of the same journal turns the page; any
 * other goes on to core's link listener (`TextEditor.activateListeners`), which opens what it
 * names. `journalSheet` is the reader as the journal's `sheet`, so a link to a journal or one
 * of its pages (`_onClickDocumentLink`) opens here. Not modelled: page types other than text,
 * images, editing.
 */
import { ApplicationV2, TextEditor, type RenderOptions } from "../applications";

export interface JournalPageLike {
  id: string;
  name: string;
  type?: string;
  sort?: number;
  text?: { content?: string };
  isOwner?: boolean;
}

export interface JournalLike {
  id: string;
  uuid: string;
  name: string;
  pages: { contents: JournalPageLike[] };
}

/** The reader standing in as a journal's sheet: `render(force, {pageId})` opens it at that page. */
export function journalSheet(entry: JournalLike): { render(force?: boolean, options?: { pageId?: string | null }): Promise<JournalViewer> } {
  return { render: (_force, options) => JournalViewer.show(entry, options?.pageId ?? null) };
}

export class JournalViewer extends ApplicationV2 {
  static override DEFAULT_OPTIONS = {
    classes: ["journal-viewer", "sheet", "journal-sheet"],
    window: { resizable: false },
    position: { width: 760, height: 640 },
  };

  static readonly #open = new Map<string, JournalViewer>();

  /** Opens a journal (at a page, when given) or brings its window forward. */
  static async show(entry: JournalLike, pageId: string | null): Promise<JournalViewer> {
    let viewer = JournalViewer.#open.get(entry.uuid);
    if (!viewer || !viewer.rendered) {
      viewer = new JournalViewer(entry);
      JournalViewer.#open.set(entry.uuid, viewer);
    }
    if (pageId) viewer.#page = pageId;
    await viewer.render({ force: true });
    return viewer;
  }

  readonly #entry: JournalLike;
  #page: string | null = null;

  constructor(entry: JournalLike) {
    super({ id: `journal-${entry.id}`, window: { title: entry.name } });
    this.#entry = entry;
  }

  get #pages(): JournalPageLike[] {
    return [...this.#entry.pages.contents].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
  }

  protected override async _renderHTML(): Promise<HTMLElement> {
    const pages = this.#pages;
    const current = pages.find((p) => p.id === this.#page) ?? pages[0];
    const root = document.createElement("div");
    root.className = "journal-body";
    const nav = document.createElement("nav");
    nav.className = "journal-pages";
    nav.setAttribute("aria-label", "Pages");
    for (const page of pages) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = page.name;
      button.dataset.pageId = page.id;
      if (page === current) button.setAttribute("aria-current", "page");
      button.addEventListener("click", () => { this.#page = page.id; void this.render(); });
      nav.append(button);
    }
    const article = document.createElement("article");
    article.className = "journal-page-content";
    if (current) {
      const text = await TextEditor.implementation.enrichHTML(current.text?.content ?? "", { secrets: current.isOwner ?? false, relativeTo: current as never });
      article.innerHTML = `<h2>${current.name}</h2>${text}`;
    }
    for (const link of article.querySelectorAll<HTMLElement>("a.content-link[data-link]")) {
      const uuid = link.dataset.uuid ?? "";
      const own = this.#pages.find((p) => uuid.endsWith(`.JournalEntryPage.${p.id}`));
      if (!own) continue;
      link.addEventListener("click", (event) => {
        // A page of this journal: turn to it here, before core's listener would open it again.
        event.preventDefault();
        event.stopPropagation();
        this.#page = own.id;
        void this.render();
      });
    }
    root.append(nav, article);
    return root;
  }

  protected override _replaceHTML(result: unknown, content: HTMLElement, _options: RenderOptions): void {
    content.replaceChildren(result as HTMLElement);
    content.scrollTop = 0;
  }
}
