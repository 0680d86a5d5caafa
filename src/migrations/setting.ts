/** The world setting that records the system version the world was last migrated to. */
export const MIGRATION_SETTING = "systemMigrationVersion";
