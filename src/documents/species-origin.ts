/**
 * `flags.clockwork.speciesOrigin`: the UUID of the world species a species item was copied from
 * (a compendium copy has core's `_stats.compendiumSource` instead). The approval guard reads it
 * to let a copy of an approved species keep its approval (species-approval.ts).
 */
export const SPECIES_ORIGIN_FLAG = "speciesOrigin";
