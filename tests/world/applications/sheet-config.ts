/**
 * Sheet registration and lookup. Modelled on Foundry v13
 * `client/applications/apps/document-sheet-config.mjs` (`registerSheet` stores
 * `{id: "scope.ClassName", cls, label, default}` under `CONFIG[documentName].sheetClasses[type]`,
 * per client) and `client/documents/abstract/client-document.mjs` (`Document#sheet` builds the
 * default sheet of the document's type once and keeps it; `Document#render` re-renders every
 * app in `document.apps`, passing what changed as `renderContext` / `renderData`).
 * Not modelled: per-document sheet choice (`flags.core.sheetClass`), sheet themes, the sheet
 * configuration dialog.
 */
import { rt, type RuntimeDocument } from "./runtime";

export interface SheetRegistration {
  id: string;
  cls: new (options: { document: RuntimeDocument }) => unknown;
  label: string;
  default: boolean;
  canBeDefault: boolean;
  canConfigure: boolean;
}

interface RegisterOptions {
  types?: string[];
  makeDefault?: boolean;
  label?: string;
  canBeDefault?: boolean;
  canConfigure?: boolean;
}

type SheetClass = SheetRegistration["cls"] & { name: string };

function sheetClasses(documentName: string): Record<string, Record<string, SheetRegistration>> {
  const config = rt().CONFIG[documentName];
  if (!config) throw new Error(`CONFIG.${documentName} does not exist on this client`);
  config.sheetClasses ??= {};
  return config.sheetClasses as Record<string, Record<string, SheetRegistration>>;
}

function documentNameOf(documentClass: { documentName?: string }): string {
  if (!documentClass?.documentName) throw new Error("registerSheet needs a Document class");
  return documentClass.documentName;
}

export const DocumentSheetConfig = {
  registerSheet(documentClass: { documentName?: string }, scope: string, sheetClass: SheetClass, options: RegisterOptions = {}): void {
    const name = documentNameOf(documentClass);
    const id = `${scope}.${sheetClass.name}`;
    const classes = sheetClasses(name);
    for (const type of options.types ?? Object.keys(classes)) {
      const byType = (classes[type] ??= {});
      if (options.makeDefault) for (const reg of Object.values(byType)) reg.default = false;
      byType[id] = {
        id, cls: sheetClass, label: options.label ?? id, default: options.makeDefault === true,
        canBeDefault: options.canBeDefault ?? true, canConfigure: options.canConfigure ?? true,
      };
    }
  },

  unregisterSheet(documentClass: { documentName?: string }, scope: string, sheetClass: SheetClass, { types }: { types?: string[] } = {}): void {
    const classes = sheetClasses(documentNameOf(documentClass));
    const id = `${scope}.${sheetClass.name}`;
    for (const type of types ?? Object.keys(classes)) delete classes[type]?.[id];
  },

  /** The class the document's sheet is made of: the default for its type, else the first registered. */
  getSheetClass(document: RuntimeDocument): SheetRegistration["cls"] | null {
    const byType = sheetClasses(document.documentName)[document.type ?? "base"] ?? {};
    const regs = Object.values(byType);
    return (regs.find((r) => r.default) ?? regs[0])?.cls ?? null;
  },

  getSheetThemeForDocument(_document: RuntimeDocument): string | null {
    return null;
  },
};

/** `foundry.documents.collections.Actors` / `Items` (and the v12 globals): registration facades. */
export function sheetCollection(documentName: string): {
  documentName: string;
  registerSheet(scope: string, sheetClass: SheetClass, options?: RegisterOptions): void;
  unregisterSheet(scope: string, sheetClass: SheetClass, options?: { types?: string[] }): void;
} {
  return {
    documentName,
    registerSheet: (scope, sheetClass, options) => DocumentSheetConfig.registerSheet({ documentName }, scope, sheetClass, options),
    unregisterSheet: (scope, sheetClass, options) => DocumentSheetConfig.unregisterSheet({ documentName }, scope, sheetClass, options),
  };
}

const sheets = new WeakMap<object, unknown>();

/** What `Document#sheet` returns: one sheet per document instance, made on first use. */
export function sheetFor(document: RuntimeDocument): unknown {
  let sheet = sheets.get(document);
  if (!sheet) {
    const cls = DocumentSheetConfig.getSheetClass(document);
    if (!cls) return null;
    sheet = new cls({ document });
    sheets.set(document, sheet);
  }
  return sheet;
}

interface Renderable {
  render(options: object): Promise<unknown>;
}

/** What `Document#render(force, context)` does: re-render each app showing the document. */
export function renderDocumentApps(document: { apps: Record<string, unknown> }, { force = false, ...context }: { force?: boolean; renderContext?: string; renderData?: object } = {}): void {
  for (const app of Object.values(document.apps)) {
    void (app as Renderable).render({ force, ...context }).catch((error: unknown) => console.error(error));
  }
}
