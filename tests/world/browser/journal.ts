/**
 * A reader for the system's journal packs (the rules reference, Getting Started): Foundry's
 * journal sheet is core's, not the system's, so the host shows a journal in a plain window of
 * the world's ApplicationV2: the page list, then the chosen page's text. `@UUID[…]{label}`
 * links become content links, as core's enricher makes them; a click opens the linked page or
 * document. Not modelled: page types other than text, images, editing, secrets.
 */
import { ApplicationV2, type RenderOptions } from "../applications";

export interface JournalPageLike {
  id: string;
  name: string;
  type?: string;
  sort?: number;
  text?: { content?: string };
}

export interface JournalLike {
  id: string;
  uuid: string;
  name: string;
  pages: { contents: JournalPageLike[] };
}

type Opener = (uuid: string) => Promise<void>;

/** Core's content link for `@UUID[uuid]{label}` (TextEditor.enrichHTML), without the icon. */
export function enrichLinks(html: string): string {
  return html.replace(/@UUID\[([^\]]+)\](?:\{([^}]*)\})?/g, (_all, uuid: string, label?: string) => {
    const text = label ?? uuid.split(".").pop() ?? uuid;
    return `<a class="content-link" draggable="true" data-uuid="${uuid.replace(/"/g, "&quot;")}" data-link>${text}</a>`;
  });
}

export class JournalViewer extends ApplicationV2 {
  static override DEFAULT_OPTIONS = {
    classes: ["journal-viewer", "sheet", "journal-sheet"],
    window: { resizable: false },
    position: { width: 760, height: 640 },
  };

  static readonly #open = new Map<string, JournalViewer>();

  /** Opens a journal (at a page, when given) or brings its window forward. */
  static async show(entry: JournalLike, pageId: string | null, open: Opener): Promise<JournalViewer> {
    let viewer = JournalViewer.#open.get(entry.uuid);
    if (!viewer || !viewer.rendered) {
      viewer = new JournalViewer(entry, open);
      JournalViewer.#open.set(entry.uuid, viewer);
    }
    if (pageId) viewer.#page = pageId;
    await viewer.render({ force: true });
    return viewer;
  }

  readonly #entry: JournalLike;
  readonly #openUuid: Opener;
  #page: string | null = null;

  constructor(entry: JournalLike, open: Opener) {
    super({ id: `journal-${entry.id}`, window: { title: entry.name } });
    this.#entry = entry;
    this.#openUuid = open;
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
    if (current) article.innerHTML = `<h2>${current.name}</h2>${enrichLinks(current.text?.content ?? "")}`;
    for (const link of article.querySelectorAll<HTMLElement>("a.content-link")) {
      link.addEventListener("click", (event) => {
        event.preventDefault();
        const uuid = link.dataset.uuid ?? "";
        const own = this.#pages.find((p) => uuid.endsWith(`.JournalEntryPage.${p.id}`));
        if (own) {
          this.#page = own.id;
          void this.render();
        } else void this.#openUuid(uuid);
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
