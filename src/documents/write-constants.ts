/**
 * Names the write rules share with the actor class and the world migration (kept apart from
 * write-rules.ts so the migration need not import the rules).
 */

/** Write option of the world migration: it writes what the migration computed, unchecked. */
export const MIGRATION_OPTION = "clockworkMigration";

/** Artifacts per body position; rings are worn in pairs (digest §1.35). */
export const ARTIFACT_SLOT_LIMIT: Record<string, number> = { ring: 2 };

/** Identifier of the feature that lets a character hold two-handed weapons in one hand. */
export const TITAN_GRIP = "titan-grip";
