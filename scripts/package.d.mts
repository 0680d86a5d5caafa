// Types for scripts/package.mjs, so tests can import its helpers.
export interface PackStats { coreVersion: string; systemId: string; systemVersion: string }
export function packStats(): Promise<PackStats>;
export function stampStats<T extends object>(doc: T, stats: PackStats): T;
export function compilePacks(sourceRoot?: string, destRoot?: string, only?: string[] | null): Promise<string[]>;
