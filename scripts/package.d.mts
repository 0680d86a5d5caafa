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
/** The Token Action HUD companion module's id. */
export const MODULE_ID: "token-action-hud-clockwork";
export interface ModuleManifest {
  id: string;
  version: string;
  download: string;
  esmodules: string[];
  languages: { lang: string; name: string; path: string }[];
  relationships: { systems: { id: string; type: string; compatibility?: Record<string, string> }[]; requires: { id: string; type: string }[] };
  [key: string]: unknown;
}
/** The module's manifest as released (version and download follow system.json). */
export function moduleManifest(): Promise<ModuleManifest>;
/** The module zip's files by name in the zip, and the manifest. */
export function moduleFiles(): Promise<{ manifest: ModuleManifest; files: Map<string, string> }>;
/** Writes distDir/token-action-hud-clockwork.zip; resolves the file count. */
export function writeModuleZip(distDir?: string): Promise<number>;
/** A setting module's manifest (modules/<id>/module.json), with flags.clockwork its declaration. */
export interface SettingModuleManifest extends ModuleManifest {
  packs: { name: string; label: string; path: string; type: string; system?: string }[];
  flags: { clockwork: { version: number; [key: string]: unknown } } & Record<string, unknown>;
}
/** The ids of the setting modules under modules/ (folders holding packs/_source/). */
export function settingModuleIds(modulesRoot?: string): Promise<string[]>;
/** A setting module's manifest as released (version, download and system minimum follow system.json). */
export function settingModuleManifest(id: string, modulesRoot?: string): Promise<SettingModuleManifest>;
/** Writes distDir/<id>.zip (manifest, languages, compiled packs, licence); resolves the names in the zip. */
export function writeSettingModuleZip(id: string, distDir?: string, modulesRoot?: string): Promise<string[]>;
