/**
 * Which parts of a sheet a render draws. Foundry renders a document's open sheets after every
 * write to it or to its embedded items (`renderContext` "updateActor", "createItem", …) and,
 * left alone, the Handlebars mixin redraws every part. A document change only needs what the
 * user can see: the header and the active tab. The parts left out are drawn from older data;
 * they are "stale" until drawn again, which happens when their tab is shown.
 */

/** The render options this module reads and sets (ApplicationV2 + HandlebarsApplicationMixin). */
export interface PartRenderOptions {
  isFirstRender?: boolean;
  parts?: string[];
  renderContext?: string;
  renderData?: unknown;
}

/** A render Foundry starts because a document (or an embedded one) changed. */
export function isDocumentRender(options: PartRenderOptions): boolean {
  return !options.isFirstRender && !options.parts && typeof options.renderContext === "string" && options.renderContext.length > 0;
}

/** Remembers which parts were left out of a partial render. */
export class StaleParts {
  readonly #all: readonly string[];
  readonly #stale = new Set<string>();

  constructor(all: readonly string[]) {
    this.#all = all;
  }

  /**
   * Records what a render drew (every part when `parts` is missing). Only a render for a
   * document change leaves the parts it skipped stale; one that draws a tab for showing it
   * changes nothing else.
   */
  rendered(parts: readonly string[] | undefined, documentChange: boolean): void {
    const drawn = new Set(parts ?? this.#all);
    for (const part of this.#all) {
      if (drawn.has(part)) this.#stale.delete(part);
      else if (documentChange) this.#stale.add(part);
    }
  }

  has(part: string): boolean {
    return this.#stale.has(part);
  }

  get size(): number {
    return this.#stale.size;
  }
}

/**
 * The parts a document render of a tabbed sheet draws: the always-shown parts (the header)
 * and the active tab's part. Parts named by neither (the tab strip, other tabs) keep their DOM.
 */
export function tabbedSheetParts(always: readonly string[], tabs: readonly string[], activeTab: string | null | undefined): string[] {
  const active = activeTab && tabs.includes(activeTab) ? [activeTab] : tabs.slice(0, 1);
  return [...always, ...active];
}
