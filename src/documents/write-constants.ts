/** Names the write rules share with the actor class (kept apart from write-rules.ts). */

/** Artifacts per body position; rings are worn in pairs (digest §1.35). */
export const ARTIFACT_SLOT_LIMIT: Record<string, number> = { ring: 2 };

/** Identifier of the feature that lets a character hold two-handed weapons in one hand. */
export const TITAN_GRIP = "titan-grip";
