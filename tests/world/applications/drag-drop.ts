/**
 * `foundry.applications.ux.DragDrop` of the test world, after Foundry v13
 * `client/applications/ux/drag-drop.mjs` (read, not copied): `bind(html)` makes every element
 * matching `dragSelector` draggable with a "dragstart" handler (when the `dragstart` permission
 * allows it), and the drop targets (`dropSelector`, or the bound element itself when none)
 * handle "dragover" (prevents the default, so the drop is allowed) and "drop". Handlers are
 * assigned as properties (`ondragstart`, `ondrop`), as core does, so binding again after a
 * re-render does not stack them. A drag start that put data on the transfer stops there, so a
 * row inside another draggable element is not dragged twice.
 */

type Permission = (selector: string | null) => boolean;
type Callback = (event: DragEvent) => unknown;

export interface DragDropConfiguration {
  dragSelector?: string | null;
  dropSelector?: string | null;
  permissions?: { dragstart?: Permission; drop?: Permission };
  callbacks?: { dragstart?: Callback; dragover?: Callback; drop?: Callback };
}

export class DragDrop {
  static implementation = DragDrop;

  readonly dragSelector: string | null;
  readonly dropSelector: string | null;
  readonly permissions: { dragstart?: Permission; drop?: Permission };
  readonly callbacks: { dragstart?: Callback; dragover?: Callback; drop?: Callback };

  constructor({ dragSelector = null, dropSelector = null, permissions = {}, callbacks = {} }: DragDropConfiguration = {}) {
    this.dragSelector = dragSelector;
    this.dropSelector = dropSelector;
    this.permissions = permissions;
    this.callbacks = callbacks;
  }

  bind(html: HTMLElement): this {
    if (this.dragSelector && this.can("dragstart", this.dragSelector)) {
      for (const el of html.querySelectorAll<HTMLElement>(this.dragSelector)) {
        el.setAttribute("draggable", "true");
        el.ondragstart = (event) => this._handleDragStart(event);
      }
    }
    if (this.can("drop", this.dropSelector)) {
      const targets = !this.dropSelector || html.matches(this.dropSelector) ? [html] : [...html.querySelectorAll<HTMLElement>(this.dropSelector)];
      for (const el of targets) {
        el.ondragover = (event) => this._handleDragOver(event);
        el.ondrop = (event) => this._handleDrop(event);
      }
    }
    return this;
  }

  can(action: "dragstart" | "drop", selector: string | null): boolean {
    const permission = this.permissions[action];
    return permission ? permission(selector) : true;
  }

  callback(event: DragEvent, action: "dragstart" | "dragover" | "drop"): unknown {
    return this.callbacks[action]?.(event);
  }

  protected _handleDragStart(event: DragEvent): void {
    this.callback(event, "dragstart");
    if (event.dataTransfer?.types?.length) event.stopPropagation();
  }

  protected _handleDragOver(event: DragEvent): boolean {
    event.preventDefault();
    this.callback(event, "dragover");
    return false;
  }

  protected _handleDrop(event: DragEvent): unknown {
    event.preventDefault();
    return this.callback(event, "drop");
  }
}
