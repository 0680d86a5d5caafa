/**
 * Empty shells of the ApplicationV2 classes, so modules that subclass them at import time
 * (sheets, dialogs) load. They render nothing; sheet registrations are recorded.
 */
export interface SheetRegistration {
  documentName: string;
  scope: string;
  sheetClass: unknown;
  options: Record<string, unknown>;
}

export const sheetRegistrations: SheetRegistration[] = [];

export class ApplicationV2 {
  static DEFAULT_OPTIONS: Record<string, unknown> = {};
  static PARTS: Record<string, unknown> = {};
  options: Record<string, unknown>;

  constructor(options: Record<string, unknown> = {}) {
    this.options = options;
  }

  async render(_options: unknown = {}): Promise<this> {
    return this;
  }

  async close(_options: unknown = {}): Promise<this> {
    return this;
  }
}

/** The mixin adds rendering only, which the stand-in does not do: the base class serves. */
export function HandlebarsApplicationMixin<T>(Base: T): T {
  return Base;
}

export class DocumentSheetV2 extends ApplicationV2 {
  get document(): unknown {
    return this.options.document;
  }
}

export class ActorSheetV2 extends DocumentSheetV2 {
  get actor(): unknown {
    return this.document;
  }
}

export class ItemSheetV2 extends DocumentSheetV2 {
  get item(): unknown {
    return this.document;
  }
}

export class DialogV2 extends ApplicationV2 {
  static async wait(_config: unknown): Promise<unknown> {
    return null;
  }

  static async prompt(_config: unknown): Promise<unknown> {
    return null;
  }

  static async confirm(_config: unknown): Promise<boolean> {
    return false;
  }
}

export const DocumentSheetConfig = {
  registerSheet(documentClass: { documentName?: string }, scope: string, sheetClass: unknown, options: Record<string, unknown> = {}): void {
    sheetRegistrations.push({ documentName: documentClass.documentName ?? "", scope, sheetClass, options });
  },
  unregisterSheet(_documentClass: unknown, _scope: string, _sheetClass?: unknown, _options: Record<string, unknown> = {}): void {},
};

/** v12-style `Actors.registerSheet` / `Items.registerSheet` facades. */
export function sheetCollection(documentName: string): { registerSheet: (...args: [string, unknown, Record<string, unknown>?]) => void; unregisterSheet: (...args: unknown[]) => void } {
  return {
    registerSheet: (scope, sheetClass, options = {}) => DocumentSheetConfig.registerSheet({ documentName }, scope, sheetClass, options),
    unregisterSheet: () => undefined,
  };
}
