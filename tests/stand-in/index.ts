/**
 * A small stand-in for the Foundry VTT v13 globals, for tests only (never import it from src/).
 *
 * Usage
 * ```ts
 * import "../stand-in/install";               // first import: puts the globals in place
 * import { bootClockwork } from "../stand-in/boot";
 * const { handle } = await bootClockwork();   // imports src/clockwork.ts and fires init…ready
 * const actor = new CONFIG.Actor.documentClass({ name: "Ada", type: "character" });
 * ```
 * or call `installFoundryStandIn()` yourself before importing any module of `src/`
 * (data models subclass `foundry.abstract.TypeDataModel` when their module loads).
 *
 * What it provides (v13 semantics, no server, no canvas, no rendering):
 * - `foundry.data.fields`: SchemaField, NumberField (integer/min/max/choices/nullable/initial;
 *   clean rounds and clamps like core), StringField (choices/blank/trim), BooleanField,
 *   HTMLField, FilePathField, ArrayField (min/max), SetField, ObjectField, EmbeddedDataField,
 *   DocumentIdField, DocumentUUIDField;
 * - `foundry.data.validation`: DataModelValidationFailure, DataModelValidationError
 *   (`getAllFailures()` → `{ "system.skills.strength.rank": failure }`, message lists
 *   "path: reason" lines);
 * - `foundry.abstract.DataModel` / `TypeDataModel`: constructor cleaning and strict
 *   validation, `validate`, `static validateJoint`, `updateSource` (atomic: nothing changes
 *   when validation fails), `toObject`, `clone`;
 * - `Actor` / `Item` documents (also `foundry.documents.*`): `system` built from
 *   `CONFIG[name].dataModels[type]`, embedded Items, `prepareData` in core order,
 *   `update`, `delete`, `create`, `create|update|deleteEmbeddedDocuments` (calling the
 *   `_pre*` hooks of document and system; `false` cancels), `getFlag`/`setFlag`;
 * - `fromUuid` / `fromUuidSync` over the world collections and `handle.registerUuid`;
 * - `Hooks`, `CONFIG`, `game` (`i18n` reading the real lang/en.json, `system`, `user`,
 *   `actors`, `items`, `settings`, `release`), `ui.notifications` (recorded);
 * - empty ApplicationV2 shells (`foundry.applications.api|sheets|apps`) so sheet modules
 *   load, with sheet registrations recorded in `handle.sheets`.
 *
 * `validateDocument(name, data)` reports every failure of one source object by path, which
 * is what compendium tests need.
 */
import { ActorSheetV2, ApplicationV2, DialogV2, DocumentSheetConfig, DocumentSheetV2, HandlebarsApplicationMixin, ItemSheetV2, sheetCollection, sheetRegistrations, type SheetRegistration } from "./applications";
import { abstract, DataModel, TypeDataModel } from "../world/data-model";
import { Actor, Collection, fromUuid, fromUuidSync, Item, state, StandInDocument, type DocumentConfig } from "./documents";
import { fields } from "../world/fields";
import { installDiceStandIn } from "../world/dice";
import { Hooks } from "./hooks";
import { Localization } from "../world/i18n";
import { deepClone, utils, type PlainObject } from "../world/utils";
import { DataModelValidationError, DataModelValidationFailure } from "../world/validation";

export { Actor, Collection, DataModel, DataModelValidationError, DataModelValidationFailure, Hooks, Item, Localization, StandInDocument, TypeDataModel };
export type { PlainObject, SheetRegistration };

export interface Notification {
  type: "info" | "warn" | "error";
  message: string;
}

export interface StandInHandle {
  /** Messages passed to ui.notifications, oldest first. */
  notifications: Notification[];
  /** Sheet classes registered through DocumentSheetConfig or Actors/Items.registerSheet. */
  sheets: SheetRegistration[];
  i18n: Localization;
  /** Make `fromUuid(uuid)` return a new document built from this source (compendium-like). */
  registerUuid(uuid: string, source: object): void;
}

function documentConfig(documentClass: typeof StandInDocument): DocumentConfig {
  return { dataModels: {}, documentClass, trackableAttributes: {}, typeLabels: {}, sheetClasses: {} };
}

function define(name: string, value: unknown): void {
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true });
}

/**
 * Put the Foundry globals on `globalThis`. Calling it again starts from a clean state (new
 * CONFIG, game, hooks and registries); the classes keep their identity, so modules of `src/`
 * imported earlier stay valid.
 */
export function installFoundryStandIn(): StandInHandle {
  const notifications: Notification[] = [];
  const i18n = new Localization();
  sheetRegistrations.length = 0;
  Hooks.reset();
  state.config = { Actor: documentConfig(Actor), Item: documentConfig(Item) };
  state.uuidRegistry = new Map();
  state.world = { Actor: new Collection(), Item: new Collection() };

  const settings = new Map<string, unknown>();
  const notify = (type: Notification["type"]) => (message: string) => {
    notifications.push({ type, message });
    return { type, message };
  };

  define("foundry", {
    abstract,
    data: { fields, validation: { DataModelValidationFailure, DataModelValidationError } },
    utils: { ...utils, fromUuid, fromUuidSync },
    documents: { Actor, Item, collections: { Actors: sheetCollection("Actor"), Items: sheetCollection("Item") } },
    applications: {
      api: { ApplicationV2, DialogV2, DocumentSheetV2, HandlebarsApplicationMixin },
      sheets: { ActorSheetV2, ItemSheetV2 },
      apps: { DocumentSheetConfig },
      handlebars: { loadTemplates: async () => [], renderTemplate: async () => "" },
      ux: { TextEditor: { implementation: { enrichHTML: async (html: string) => html } } },
    },
  });
  define("CONFIG", {
    ...state.config,
    Dice: { rolls: [], terms: {} },
    ActiveEffect: {},
    Combat: {},
    Combatant: {},
    ChatMessage: {},
    Token: {},
    statusEffects: [],
  });
  define("game", {
    i18n,
    system: { id: "clockwork" },
    user: state.user,
    release: { generation: 13 },
    ready: true,
    get actors() {
      return state.world.Actor;
    },
    get items() {
      return state.world.Item;
    },
    settings: {
      register: (namespace: string, key: string, config: { default?: unknown }) => settings.set(`${namespace}.${key}`, config.default),
      get: (namespace: string, key: string) => settings.get(`${namespace}.${key}`),
      set: async (namespace: string, key: string, value: unknown) => settings.set(`${namespace}.${key}`, value),
    },
  });
  define("ui", { notifications: { info: notify("info"), warn: notify("warn"), error: notify("error") } });
  define("Hooks", Hooks);
  define("Actor", Actor);
  define("Item", Item);
  define("Actors", sheetCollection("Actor"));
  define("Items", sheetCollection("Item"));
  define("fromUuid", fromUuid);
  define("fromUuidSync", fromUuidSync);

  installDiceStandIn();
  return {
    notifications,
    sheets: sheetRegistrations,
    i18n,
    registerUuid: (uuid, source) => void state.uuidRegistry.set(uuid, deepClone(source as PlainObject)),
  };
}

export interface DocumentValidation {
  valid: boolean;
  /** Failure message per dot path ("system.skills.strength.rank"); "" for joint rules. */
  errors: Record<string, string>;
}

/**
 * Validate one document source against the registered data models (after `init`), without
 * keeping anything. Use it for compendium sources.
 */
export function validateDocument(documentName: "Actor" | "Item", source: PlainObject): DocumentValidation {
  const cls = state.config[documentName]?.documentClass;
  if (!cls) throw new Error(`No document class for ${documentName}; install the stand-in first`);
  try {
    new cls(deepClone(source));
    return { valid: true, errors: {} };
  } catch (err) {
    if (!(err instanceof DataModelValidationError)) return { valid: false, errors: { "": (err as Error).message } };
    const errors: Record<string, string> = {};
    for (const [path, failure] of Object.entries(err.getAllFailures())) errors[path] = failure.message;
    return { valid: false, errors };
  }
}
