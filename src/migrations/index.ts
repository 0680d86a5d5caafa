/**
 * World data migrations (docs/migrations.md). `registerMigrations` runs during `init`: it
 * registers the world setting that records the migrated version and, on `ready`, lets the
 * active GM migrate a world whose data is older (the runner: world.ts).
 */
import { MIGRATION_SETTING } from "./setting";
import { migrateOnReady, type MigrationReport } from "./world";
import { offerCharacterTokenSetup, setUpCharacterTokens, TOKEN_SETUP_SETTING } from "./tokens";
import { getGame, systemApi } from "../foundry";

export { MIGRATION_SETTING };
export type { MigrationReport };
export { MIGRATION_VERSION } from "./steps";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "clockwork.systemMigrationVersion": string;
    "clockwork.characterTokenSetup": string;
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
  game.settings?.register("clockwork", TOKEN_SETUP_SETTING, {
    name: "CLOCKWORK.Migration.Tokens.Setting",
    scope: "world",
    config: false,
    type: String,
    default: "",
  } as never);
  Hooks.once("ready", () => {
    // The GM's world action to run the set-up later (`game.clockwork.setUpCharacterTokens()`).
    systemApi().setUpCharacterTokens = setUpCharacterTokens;
    const previous = String(game.settings?.get("clockwork", MIGRATION_SETTING) ?? "");
    const running = migrateOnReady().catch((error: unknown) => {
      console.error("ClockWork | world migration failed", error);
      return null;
    });
    started.set(getGame(), running);
    // The question waits on the GM, so the migration's promise does not wait for it.
    void running.then(() => offerCharacterTokenSetup(previous)).catch((error: unknown) => console.error("ClockWork | character token set-up failed", error));
  });
}

/** The migration started on `ready` on this client (resolves null when none ran). */
const started = new WeakMap<object, Promise<MigrationReport | null>>();

/** Wait for the `ready` migration of this client (the self-test and tests use it). */
export function readyMigration(): Promise<MigrationReport | null> {
  return started.get(getGame()) ?? Promise.resolve(null);
}
