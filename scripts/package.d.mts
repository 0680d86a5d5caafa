// Types for scripts/package.mjs, so tests can import its helpers.
export interface PackStats { coreVersion: string; systemId: string; systemVersion: string }
export function packStats(): Promise<PackStats>;
export function stampStats<T extends object>(doc: T, stats: PackStats): T;
export function compilePacks(sourceRoot?: string, destRoot?: string, only?: string[] | null): Promise<string[]>;
/** Relative module specifiers a built file imports, statically or on demand. */
export function relativeImports(code: string): string[];
/** The entry and every chunk it reaches (relative to distDir); rejects when one is missing. */
export function bundleFiles(distDir?: string): Promise<string[]>;
/** Writes distDir/clockwork.zip with every file of distDir; resolves the file count. */
export function writeZip(distDir?: string): Promise<number>;
