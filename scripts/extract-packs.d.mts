// Types for scripts/extract-packs.mjs, so tests can import its helpers.
export function toSourceYaml(doc: unknown): string;
export function slugify(name: string): string;
export function stripVolatile<T>(value: T): T;
export function readSourceIndex(sourceDir: string): Promise<Map<string, { path: string; folder: string | null }>>;
export function extractToSources(
  packDir: string,
  sourceDir: string,
  options?: { log?: boolean },
): Promise<{ written: string[]; removed: string[] }>;
