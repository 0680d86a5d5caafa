/** Every played path, in the order the self-test runs them (each one alone: it makes and removes its own documents). */
import { CHARACTER_PATHS } from "./character";
import { COMBAT_PATHS } from "./combat";
import { MAGIC_PATHS } from "./magic";
import { UPKEEP_PATHS } from "./upkeep";
import type { PlayedPath } from "./types";

export const PLAYED_PATHS: readonly PlayedPath[] = [...CHARACTER_PATHS, ...COMBAT_PATHS, ...MAGIC_PATHS, ...UPKEEP_PATHS];
export { startScratch } from "./scratch";
export { SkipPath, type PlayedPath } from "./types";
