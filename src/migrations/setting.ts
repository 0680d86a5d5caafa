/** The world setting that records the system version the world was last migrated to. */
export const MIGRATION_SETTING = "systemMigrationVersion";

/**
 * Write option of the world migration: it writes what the migration computed, unchecked (the
 * documents' write rules let it through).
 */
export const MIGRATION_OPTION = "clockworkMigration";
