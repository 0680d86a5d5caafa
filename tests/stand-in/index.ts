/**
 * The old Foundry stand-in, now a thin front of the multi-user test world (tests/world). New
 * tests should use `createWorld()` from tests/world directly; these entry points remain while
 * other tests move over.
 *
 * `installFoundryStandIn()` builds a world with one GM client, connected and ready, that has not
 * run the system's hooks, and makes it the default scope of the globals.
 */
import { createBareWorld, type World } from "../world";
import type { Localization } from "../world/i18n";
import type { Notification } from "../world/scope";
import type { PlainObject } from "../world/utils";

export { Collection, DataModel, DataModelValidationError, DataModelValidationFailure, Localization, TypeDataModel, validateDocument } from "../world";
export type { DocumentValidation } from "../world";
export type { PlainObject, Notification };

export interface SheetRegistration {
  documentName: string;
  scope: string;
  sheetClass: unknown;
  options: Record<string, unknown>;
}

export interface StandInHandle {
  world: World;
  /** Messages passed to the GM client's ui.notifications, oldest first. */
  notifications: Notification[];
  /** Sheet classes registered on the GM client (CONFIG.<Document>.sheetClasses). */
  sheets: SheetRegistration[];
  i18n: Localization;
  /** Make `fromUuid(uuid)` return a new document built from this source on every client. */
  registerUuid(uuid: string, source: object): void;
}

interface Registration {
  id: string;
  cls: unknown;
  label: string;
  default: boolean;
}

/** A handle over a world's GM client, shaped like the old stand-in's. */
export function handleFor(world: World): StandInHandle {
  const gm = world.gm;
  return {
    world,
    notifications: gm.notifications,
    get sheets(): SheetRegistration[] {
      const out: SheetRegistration[] = [];
      for (const documentName of ["Actor", "Item"]) {
        const byType = ((gm.CONFIG[documentName] as PlainObject).sheetClasses ?? {}) as Record<string, Record<string, Registration>>;
        const byClass = new Map<unknown, SheetRegistration>();
        for (const [type, regs] of Object.entries(byType)) {
          for (const reg of Object.values(regs)) {
            const entry = byClass.get(reg.cls) ?? { documentName, scope: reg.id.split(".")[0], sheetClass: reg.cls, options: { types: [], makeDefault: reg.default, label: reg.label } };
            (entry.options.types as string[]).push(type);
            byClass.set(reg.cls, entry);
          }
        }
        out.push(...byClass.values());
      }
      return out;
    },
    i18n: gm.i18n,
    registerUuid: (uuid, source) => {
      for (const client of world.clients) client.uuidOverrides.set(uuid, JSON.parse(JSON.stringify(source)) as PlainObject);
    },
  };
}

/** A fresh single-GM world (no system hooks run); returns its handle. */
export function installFoundryStandIn(): StandInHandle {
  return handleFor(createBareWorld({ users: [{ name: "Gamemaster", role: "gm" }], packs: false }));
}
