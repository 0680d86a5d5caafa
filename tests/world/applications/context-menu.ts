/**
 * `foundry.applications.ux.ContextMenu` of the test world, HTMLElement mode only (`jQuery:
 * false`, what ApplicationV2 creates). Modelled on Foundry v13
 * `client/applications/ux/context-menu.mjs` (read, not copied): the menu listens on its container
 * for `eventName` ("contextmenu" by default) on an element matching `selector`; opening it keeps
 * the entries whose `condition` (a boolean or a function of the target element) holds and draws
 * them as `nav#context-menu > menu.context-items > li.context-item`, each name localized; a click
 * on an entry closes the menu and calls its `callback(target)`. Not modelled: groups and their
 * separators, positioning, expand-up, animations, `onOpen`/`onClose`.
 */
import { localize } from "./runtime";

export interface ContextMenuEntry {
  name: string;
  icon?: string;
  condition?: boolean | ((target: HTMLElement) => boolean | null) | null;
  callback: (target: HTMLElement) => unknown;
}

export interface ContextMenuOptions {
  eventName?: string;
  fixed?: boolean;
  jQuery?: boolean;
}

export class ContextMenu {
  readonly element: HTMLElement;
  readonly selector: string;
  readonly menuItems: ContextMenuEntry[];
  readonly eventName: string;
  /** The element the open menu was opened on, or null. */
  target: HTMLElement | null = null;
  #menu: HTMLElement | null = null;

  constructor(container: HTMLElement, selector: string, menuItems: ContextMenuEntry[], options: ContextMenuOptions = {}) {
    this.element = container;
    this.selector = selector;
    this.menuItems = menuItems;
    this.eventName = options.eventName ?? "contextmenu";
    container.addEventListener(this.eventName, (event) => {
      const target = (event.target as HTMLElement | null)?.closest<HTMLElement>(selector);
      if (!target || !container.contains(target)) return;
      event.preventDefault();
      event.stopPropagation();
      this.render(target);
    });
  }

  /** The entries shown for a target: conditions evaluated when the menu opens. */
  visibleItems(target: HTMLElement): ContextMenuEntry[] {
    return this.menuItems.filter((item) => {
      const condition = item.condition ?? true;
      return typeof condition === "function" ? condition(target) === true : condition === true;
    });
  }

  render(target: HTMLElement): HTMLElement {
    this.close();
    this.target = target;
    const menu = document.createElement("nav");
    menu.id = "context-menu";
    const list = document.createElement("menu");
    list.className = "context-items";
    for (const item of this.visibleItems(target)) {
      const li = document.createElement("li");
      li.className = "context-item";
      li.innerHTML = `${item.icon ?? ""}<span>${localize(item.name)}</span>`;
      li.dataset.name = item.name;
      li.addEventListener("click", (event) => {
        event.preventDefault();
        event.stopPropagation();
        this.close();
        item.callback(target);
      });
      list.append(li);
    }
    menu.append(list);
    target.ownerDocument.body.append(menu);
    this.#menu = menu;
    return menu;
  }

  close(): void {
    this.#menu?.remove();
    this.#menu = null;
    this.target = null;
  }
}
