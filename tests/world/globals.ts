/**
 * The Foundry globals on globalThis. Per-client globals (`game`, `CONFIG`, `Hooks`, `ui`,
 * `fromUuid`, `fromUuidSync`, the sheet registries) are getters that resolve the current scope
 * (context.ts); classes and `foundry.*` namespaces are shared, because `src/` subclasses them
 * once when its modules load.
 */
import { currentScope, getDefaultScope, setDefaultScope } from "./context";
import { CONST } from "./constants";
import { abstract, DataModel, TypeDataModel } from "./data-model";
import { Die, Roll } from "./dice";
import { fields } from "./fields";
import { loaderScope, type Scope } from "./scope";
import { utils, type PlainObject } from "./utils";
import { DataModelValidationError, DataModelValidationFailure } from "./validation";
import { CompendiumCollection } from "./packs";
import { Collection, WorldCollection } from "./collections";
import { ActiveEffect, Actor, ChatMessage, Combat, Combatant, Item, JournalEntry, JournalEntryPage, Macro, Scene, Setting, TokenDocument, User } from "./documents/classes";
import { presentation, WorldDocument } from "./documents/document";
import { DEL, operators } from "./documents/operators";
import type { WorldClient } from "./client";
import * as apps from "./applications";
import { installCanvas } from "./canvas";

function scope(): Scope {
  return currentScope() ?? loaderScope;
}

function client(): WorldClient | undefined {
  const s = scope();
  return s.kind === "client" ? (s as unknown as WorldClient) : undefined;
}

function escapeHTML(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);
}

function fromUuidSync(uuid: string, options: { strict?: boolean } = {}): unknown {
  const c = client();
  return c ? c.fromUuidSync(uuid, options) : null;
}

async function fromUuid(uuid: string): Promise<unknown> {
  const c = client();
  return c ? c.fromUuid(uuid) : null;
}

function parseUuid(uuid: string): PlainObject {
  const parts = uuid.split(".");
  const compendium = parts[0] === "Compendium";
  const primary = compendium ? parts.slice(3, 5) : parts.slice(0, 2);
  const embedded = compendium ? parts.slice(5) : parts.slice(2);
  return {
    collection: compendium ? `${parts[1]}.${parts[2]}` : primary[0],
    documentType: embedded.length ? embedded.at(-2) : primary[0],
    documentId: embedded.length ? embedded.at(-1) : primary[1],
    primaryType: primary[0],
    primaryId: primary[1],
    embedded,
    uuid,
  };
}

const documents = {
  ActiveEffect, Actor, Item, ChatMessage, Combat, Combatant, Scene, TokenDocument, Setting, User, JournalEntry, JournalEntryPage, Macro,
  BaseActor: Actor, BaseItem: Item,
  collections: {
    get Actors() {
      return apps.sheetCollection("Actor");
    },
    get Items() {
      return apps.sheetCollection("Item");
    },
    CompendiumCollection,
    WorldCollection,
  },
  abstract: { WorldCollection, DocumentCollection: Collection },
};

export const foundryNamespace = {
  abstract: { ...abstract, Document: WorldDocument, DataModel, TypeDataModel },
  data: {
    fields, validation: { DataModelValidationFailure, DataModelValidationError },
    /** v14's update operators: only a v14-profile client has them. */
    get operators() {
      return client()?.profile === "v14" ? operators : undefined;
    },
  },
  utils: { ...utils, escapeHTML, fromUuid, fromUuidSync, parseUuid, Collection },
  documents,
  applications: apps.applications,
  dice: { Roll, terms: { Die } },
  CONST,
};

function defineValue(name: string, value: unknown): void {
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true });
}

function defineGetter(name: string, get: () => unknown): void {
  Object.defineProperty(globalThis, name, { get, set: () => undefined, configurable: true });
}

let installed = false;

/** Put the globals in place (idempotent). Import this before any module of `src/`. */
export function installGlobals(): void {
  if (installed) return;
  installed = true;
  presentation.render = (doc, options) => apps.renderDocumentApps(doc as never, options as never);
  presentation.sheet = (doc) => apps.sheetFor(doc as never);
  // Renders and form submits core does not await are work `world.settle()` waits for.
  apps.unawaited.track = (work) => void client()?.track(work);
  defineValue("foundry", foundryNamespace);
  defineValue("CONST", CONST);
  defineValue("Roll", Roll);
  defineValue("Handlebars", apps.handlebars);
  for (const [name, cls] of Object.entries({ ActiveEffect, Actor, Item, ChatMessage, Combat, Combatant, Scene, TokenDocument, User, JournalEntry, Macro })) defineValue(name, cls);
  defineGetter("game", () => scope().game);
  defineGetter("CONFIG", () => scope().CONFIG);
  defineGetter("Hooks", () => scope().Hooks);
  defineGetter("ui", () => scope().ui);
  defineGetter("_del", () => (client()?.profile === "v14" ? DEL : undefined));
  installCanvas(() => client());
  defineValue("fromUuid", fromUuid);
  defineValue("fromUuidSync", fromUuidSync);
  defineValue("Actors", documents.collections.Actors);
  defineValue("Items", documents.collections.Items);
  // console.error of code running as a client is that client's console error (client.errors).
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    client()?.recordError(args.length === 1 ? args[0] : args);
    original(...args);
  };
}

export { getDefaultScope, setDefaultScope };
