/**
 * World data migrations (docs/migrations.md). `registerMigrations` runs during `init`: it
 * registers the world setting that records the migrated version and, on `ready`, lets the
 * active GM migrate a world whose data is older.
 */
import { MIGRATION_SETTING, migrateOnReady } from "./world";

export { MIGRATION_SETTING, migrateOnReady, migrateWorld, migrationNeeded, type MigrationReport } from "./world";
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
    migrateOnReady().catch((error: unknown) => console.error("ClockWork | world migration failed", error));
  });
}
