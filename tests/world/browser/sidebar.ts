/**
 * Foundry's sidebar as the host draws it: tabs for the Actors directory, the combat tracker and
 * the compendium packs above the chat log, which always shows. Each directory calls the hook
 * core calls after rendering that tab (`renderActorDirectory`, `renderCompendiumDirectory`), so
 * the buttons the system adds there (character builder, XP award, compendium browser) appear.
 * Entries are dragged with core's drag data (`{type, uuid}`, Document#toDragData) and open
 * their sheet on click, as in Foundry. Plain DOM; no system code.
 */
import { h, type HostActor, type HostPack, type HostUser, type IndexEntry } from "./ui";
import type { HostPackSource, PackFolder } from "./vite.config";

interface HooksLike {
  callAll(name: string, ...args: unknown[]): boolean;
}

function hooks(): HooksLike {
  return (globalThis as unknown as { Hooks: HooksLike }).Hooks;
}

function localize(key: string): string {
  return (globalThis as unknown as { game: { i18n: { localize(k: string): string } } }).game.i18n.localize(key);
}

export type SidebarTab = "actors" | "combat" | "compendium";

const TABS: { id: SidebarTab; label: string; icon: string }[] = [
  { id: "actors", label: "Actors", icon: "\u263A" },
  { id: "combat", label: "Combat", icon: "\u2694" },
  { id: "compendium", label: "Compendium", icon: "\u2630" },
];

/** The tab strip and the three panels; `show(tab)` switches, remembered per browser. */
export function renderSidebar(initial: SidebarTab, panels: Record<SidebarTab, HTMLElement>, chat: HTMLElement): { element: HTMLElement; show(tab: SidebarTab): void } {
  const buttons = TABS.map((tab) => h("button", {
    type: "button", role: "tab", className: "sidebar-tab-button", dataset: { tab: tab.id }, "aria-controls": tab.id,
  }, h("span", { className: "tab-icon", "aria-hidden": "true" }, tab.icon), tab.label));
  const show = (id: SidebarTab) => {
    for (const button of buttons) {
      const active = button.dataset.tab === id;
      button.classList.toggle("active", active);
      button.setAttribute("aria-selected", String(active));
    }
    for (const [name, panel] of Object.entries(panels)) panel.classList.toggle("active", name === id);
    localStorage.setItem("clockwork-playground-tab", id);
  };
  for (const button of buttons) button.addEventListener("click", () => show(button.dataset.tab as SidebarTab));
  const element = h("div", { id: "sidebar-content" },
    h("nav", { id: "sidebar-tabs", role: "tablist", "aria-label": "Sidebar" }, ...buttons),
    h("div", { className: "sidebar-panels" }, ...Object.values(panels)),
    chat);
  show(initial);
  return { element, show };
}

function dragStart(data: object): (event: DragEvent) => void {
  return (event) => event.dataTransfer?.setData("text/plain", JSON.stringify(data));
}

/** Keeps only the entries whose name contains the search text. */
function searchBox(list: () => HTMLElement, label: string): HTMLInputElement {
  const input = h("input", { type: "search", placeholder: label, "aria-label": label });
  const filter = () => {
    const text = input.value.trim().toLowerCase();
    for (const li of list().querySelectorAll<HTMLElement>("li[data-name]")) li.hidden = Boolean(text) && !String(li.dataset.name).toLowerCase().includes(text);
  };
  input.addEventListener("input", filter);
  // The compendium draws a closed pack's entries on demand, then asks to filter again.
  input.addEventListener("filter", filter);
  return input;
}

export interface ActorDirectoryOptions {
  actors: HostActor[];
  user: HostUser;
  /** Ids of actors already in the viewed encounter. */
  inCombat: Set<string>;
  /** Adds the actor to the encounter, or removes it (GM, or a player for an owned actor). */
  toggleCombat?(actor: HostActor): void;
  /** An actor dropped from a compendium: import it (core's Actors directory does, for who may create actors). */
  importActor?(data: { type?: string; uuid?: string }): void;
}

/** The Actors tab: the actors this user can see, characters first, with core's hook. */
export function renderActorDirectory(panel: HTMLElement, options: ActorDirectoryOptions): void {
  const { actors, user } = options;
  const visible = actors.filter((a) => a.testUserPermission(user, "LIMITED"))
    .sort((a, b) => (a.type === b.type ? a.name.localeCompare(b.name) : a.type === "character" ? -1 : 1));
  const list = h("ol", { className: "directory-list" });
  for (const type of [...new Set(visible.map((a) => a.type))]) {
    list.append(h("li", { className: "directory-group" }, localize(`TYPES.Actor.${type}`)));
    for (const actor of visible.filter((a) => a.type === type)) {
      const owner = actor.testUserPermission(user, "OWNER");
      const fighting = options.inCombat.has(actor.id);
      list.append(h("li", {
        className: "directory-item actor", draggable: "true", dataset: { actorId: actor.id, entryId: actor.id, name: actor.name },
        ondragstart: dragStart({ type: "Actor", uuid: actor.uuid }),
      },
      h("img", { className: "thumbnail", alt: "", src: `/${actor.img ?? "icons/svg/mystery-man.svg"}` }),
      h("a", { className: "entry-name", href: "#", onclick: (event: Event) => { event.preventDefault(); void actor.sheet?.render({ force: true }); } }, actor.name),
      owner ? null : h("span", { className: "entry-permission", title: "You can look, not change" }, "observer"),
      options.toggleCombat && (user.isGM || owner) ? h("button", {
        type: "button", className: `combat-toggle${fighting ? " active" : ""}`, dataset: { combatToggle: actor.id },
        "aria-pressed": String(fighting), title: fighting ? `Remove ${actor.name} from the encounter` : `Add ${actor.name} to the encounter`,
        "aria-label": fighting ? `Remove ${actor.name} from the encounter` : `Add ${actor.name} to the encounter`,
        onclick: () => options.toggleCombat?.(actor),
      }, "\u2694") : null));
    }
  }
  if (!visible.length) list.append(h("li", { className: "directory-empty" }, "No actor you can see."));
  const footer = h("footer", { className: "directory-footer" });
  panel.replaceChildren(
    h("header", { className: "directory-header" }, searchBox(() => list, "Search actors")),
    list, footer);
  panel.ondragover = (event) => event.preventDefault();
  panel.ondrop = (event) => {
    event.preventDefault();
    try {
      const data = JSON.parse(event.dataTransfer?.getData("text/plain") ?? "{}") as { type?: string; uuid?: string };
      if (data.type === "Actor" && data.uuid?.startsWith("Compendium.")) options.importActor?.(data);
    } catch {
      // Not drag data of a document.
    }
  };
  hooks().callAll("renderActorDirectory", { id: "actors", element: panel }, panel, {});
}

export interface CompendiumOptions {
  packs: HostPack[];
  sources: HostPackSource[];
  /** system.json's packFolders (sidebar groups). */
  packFolders?: { name: string; packs?: string[]; folders?: { name: string; packs?: string[] }[] }[];
  /** The system's id: packFolders name its packs without it (default "clockwork"). */
  system?: string;
  /** Installed setting modules: each a group under its title, with its packs (collections, `<moduleId>.<pack>`). */
  modules?: { title: string; packs: string[] }[];
  open(entry: IndexEntry, pack: HostPack): void;
}

interface FolderPath { path: string; sort: number }

function folderPaths(folders: PackFolder[]): Map<string, FolderPath> {
  const byId = new Map(folders.map((f) => [f._id, f]));
  const paths = new Map<string, FolderPath>();
  for (const folder of folders) {
    const names: string[] = [];
    let current: PackFolder | undefined = folder;
    for (let depth = 0; current && depth < 8; depth++) {
      names.unshift(current.name);
      current = current.folder ? byId.get(current.folder) : undefined;
    }
    paths.set(folder._id, { path: names.join(" \u203A "), sort: folder.sort });
  }
  return paths;
}

/**
 * A pack as a `<details>`: the entries are drawn when it is first opened (as Foundry opens a pack
 * in its own window), so hundreds of entries and their images cost nothing until wanted.
 */
function packElement(pack: HostPack, source: HostPackSource | undefined, open: CompendiumOptions["open"], count: number): HTMLDetailsElement {
  // As Foundry's sidebar does: a pack label may be a localization key (system.json uses keys).
  const i18n = (globalThis as { game?: { i18n?: { localize(key: string): string } } }).game?.i18n;
  const summary = h("summary", {}, h("span", { className: "pack-title" }, i18n ? i18n.localize(pack.title) : pack.title),
    source && !source.declared ? h("span", { className: "pack-undeclared", title: "Not listed in system.json: Foundry will not load this pack" }, "not in system.json") : null,
    h("span", { className: "pack-count" }, String(count)));
  const details = h("details", { dataset: { pack: pack.collection, documentName: pack.documentName } }, summary);
  let drawn: Promise<void> | null = null;
  const draw = () => (drawn ??= fillPack(details, pack, source, open));
  details.addEventListener("toggle", () => { if (details.open) void draw(); });
  (details as HTMLDetailsElement & { draw?: () => Promise<void> }).draw = draw;
  return details;
}

async function fillPack(details: HTMLElement, pack: HostPack, source: HostPackSource | undefined, open: CompendiumOptions["open"]): Promise<void> {
  const entries = [...(await pack.getIndex())].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.name.localeCompare(b.name));
  const paths = folderPaths(source?.folders ?? []);
  const groups = new Map<string, IndexEntry[]>();
  for (const entry of entries) {
    const key = entry.folder && paths.has(entry.folder) ? entry.folder : "";
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const ordered = [...groups.keys()].sort((a, b) => (a ? (paths.get(a)?.path ?? "") : "").localeCompare(b ? (paths.get(b)?.path ?? "") : ""));
  const entryItem = (entry: IndexEntry) => h("li", {
    className: "directory-item compendium-entry", draggable: "true", dataset: { uuid: entry.uuid, name: entry.name, type: entry.type ?? "" },
    title: `${entry.name}: click to open, drag onto a sheet`,
    ondragstart: dragStart({ type: pack.documentName, uuid: entry.uuid }),
    onclick: () => open(entry, pack),
  }, h("img", { alt: "", loading: "lazy", src: `/${entry.img ?? "icons/svg/item-bag.svg"}` }), h("span", {}, entry.name));
  details.append(...ordered.map((key) => key
    ? h("div", { className: "pack-folder" }, h("h4", {}, paths.get(key)?.path ?? ""), h("ul", {}, ...(groups.get(key) ?? []).map(entryItem)))
    : h("ul", {}, ...(groups.get(key) ?? []).map(entryItem))));
}

/** The Compendium tab: the packs this user may open, grouped as system.json's packFolders say. */
export async function renderCompendiumDirectory(panel: HTMLElement, options: CompendiumOptions): Promise<void> {
  const visible = options.packs.filter((p) => p.visible);
  // By collection ("clockwork.weapons", "clockwork-gloamreach.weapons"): a module's pack may share a name with the system's.
  const byName = new Map(visible.map((p) => [p.collection, p]));
  const sources = new Map(options.sources.map((s) => [`${s.system}.${s.name}`, s]));
  const system = options.system ?? "clockwork";
  const placed = new Set<string>();
  const list = h("div", { className: "directory-list" });
  const group = async (title: string, names: string[], prefix = `${system}.`) => {
    const packs = names.map((n) => byName.get(`${prefix}${n}`)).filter((p): p is HostPack => Boolean(p) && !placed.has(p!.collection));
    if (!packs.length) return;
    list.append(h("h3", { className: "pack-group" }, title));
    for (const pack of packs) {
      placed.add(pack.collection);
      list.append(packElement(pack, sources.get(pack.collection), options.open, (await pack.getIndex() as { size?: number }).size ?? 0));
    }
  };
  for (const top of options.packFolders ?? []) {
    await group(top.name, top.packs ?? []);
    for (const sub of top.folders ?? []) await group(sub.name, sub.packs ?? []);
  }
  for (const module of options.modules ?? []) await group(module.title, module.packs, "");
  const rest = [...byName.keys()].filter((n) => !placed.has(n));
  await group(placed.size ? "Other packs" : "Packs", rest, "");
  if (!visible.length) list.append(h("p", { className: "directory-empty" }, "No pack you may open."));
  const footer = h("footer", { className: "directory-footer" });
  panel.replaceChildren(h("header", { className: "directory-header" }, searchBox(() => list, "Search the compendium")), list, footer);
  // A search opens every pack (drawing its entries first), so matches inside closed packs show.
  const search = panel.querySelector<HTMLInputElement>("input[type=search]");
  search?.addEventListener("input", async () => {
    const searching = Boolean(search.value.trim());
    const packs = [...list.querySelectorAll<HTMLDetailsElement & { draw?: () => Promise<void> }>("details")];
    if (searching) await Promise.all(packs.map((d) => d.draw?.()));
    for (const details of packs) details.open = searching;
    search.dispatchEvent(new Event("filter"));
    // Packs, folders and group headings without a match step aside while searching.
    const shown = (el: Element) => [...el.querySelectorAll<HTMLElement>("li[data-name]")].some((li) => !li.hidden);
    for (const folder of list.querySelectorAll<HTMLElement>(".pack-folder")) folder.hidden = searching && !shown(folder);
    for (const details of packs) details.hidden = searching && !shown(details);
    for (const heading of list.querySelectorAll<HTMLElement>(".pack-group")) {
      let next = heading.nextElementSibling;
      let any = false;
      while (next && !next.classList.contains("pack-group")) {
        any ||= !(next as HTMLElement).hidden;
        next = next.nextElementSibling;
      }
      heading.hidden = searching && !any;
    }
  });
  hooks().callAll("renderCompendiumDirectory", { id: "compendium", element: panel }, panel, {});
}
