/**
 * World data migrations (docs/migrations.md). `registerMigrations` runs during `init`: it
 * registers the world setting that records the migrated version and, on `ready`, lets the
 * active GM migrate a world whose data is older (the runner: world.ts).
 */
import { MIGRATION_SETTING } from "./setting";
import { migrateOnReady, type MigrationReport } from "./world";
import { getGame } from "../foundry";

export { MIGRATION_SETTING };
export type { MigrationReport };
export { MIGRATION_VERSION } from "./steps";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "clockwork.systemMigrationVersion": string;
  }
}

export function registerMigrations(): void {
  game.settings?.register("clockwork", MIGRATION_SETTING, {
    name: "CLOCKWORK.Migration.Setting",
    scope: "world",
    config: false,
    type: String,
    default: "",
  } as never);
  Hooks.once("ready", () => {
    const running = migrateOnReady().catch((error: unknown) => {
      console.error("ClockWork | world migration failed", error);
      return null;
    });
    started.set(getGame(), running);
  });
}

/** The migration started on `ready` on this client (resolves null when none ran). */
const started = new WeakMap<object, Promise<MigrationReport | null>>();

/** Wait for the `ready` migration of this client (the self-test and tests use it). */
export function readyMigration(): Promise<MigrationReport | null> {
  return started.get(getGame()) ?? Promise.resolve(null);
}
