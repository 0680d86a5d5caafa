/**
 * The test world's `foundry.applications`: a thin but real ApplicationV2 stack that runs the
 * system's sheet and dialog classes, in node (happy-dom) and in Chromium (the browser host).
 * Each file says which Foundry v13 client file it models and what it leaves out.
 *
 * Wiring (done by the world when it builds a client's globals):
 *   foundry.applications = applications;  globalThis.Handlebars = handlebars;
 *   foundry.documents.collections.Actors = sheetCollection("Actor") (and Items, and the globals);
 *   Document#sheet → sheetFor(doc);  Document#render(force, ctx) → renderDocumentApps(doc, {force, ...ctx})
 */
import { ApplicationV2 } from "./application";
import { DialogV2 } from "./dialog";
import { ActorSheetV2, DocumentSheetV2, ItemSheetV2 } from "./document-sheet";
import { CombatTracker } from "./combat-tracker";
import { ContextMenu } from "./context-menu";
import { DragDrop } from "./drag-drop";
import { FilePicker } from "./file-picker";
import { FormDataExtended } from "./form-data";
import { HandlebarsApplicationMixin } from "./handlebars-mixin";
import { instancesOf } from "./registry";
import { rt } from "./runtime";
import { DocumentSheetConfig } from "./sheet-config";
import { getTemplate, loadTemplates, renderTemplate } from "./templates";
import { TextEditor } from "./text-editor";

export { ApplicationV2, DialogV2, DocumentSheetV2, ActorSheetV2, ItemSheetV2, HandlebarsApplicationMixin, FormDataExtended, TextEditor, DocumentSheetConfig, DragDrop, FilePicker, CombatTracker, ContextMenu };
export { handlebars, configureTemplates, systemFile, type TemplateSource } from "./templates";
export { configureApplications, applicationsRoot, instancesOf, resetInstances, setTransitionTimeout, transitionTimeout } from "./registry";
export { unawaited } from "./runtime";
export { sheetCollection, sheetFor, renderDocumentApps } from "./sheet-config";
export type { ApplicationConfiguration, RenderOptions } from "./application";

/** `foundry.applications`: `instances` is the current client's map of open windows. */
export const applications = {
  api: { ApplicationV2, DialogV2, DocumentSheetV2, HandlebarsApplicationMixin },
  sheets: { ActorSheetV2, ItemSheetV2 },
  apps: { DocumentSheetConfig, FilePicker },
  ux: { FormDataExtended, TextEditor, DragDrop, ContextMenu },
  sidebar: { tabs: { CombatTracker } },
  handlebars: { getTemplate, loadTemplates, renderTemplate },
  get instances(): Map<string, unknown> {
    return instancesOf(rt().game?.user?.id ?? "");
  },
};
