export interface PlaygroundOptions { build: boolean; src: boolean; port: number; help: boolean; state: string; modules: string[] }
/** A --module folder, checked: its id, title and pack count. */
export interface PlaygroundModule { id: string; title: string; folder: string; packs: number }
/** Reads each --module folder's module.json; throws a sentence naming the folder when one is unusable. */
export function readModules(folders: string[], root?: string): PlaygroundModule[];
/** The file the shared world is kept in unless --state names another. */
export const DEFAULT_STATE: string;
export interface StartPlan { build: boolean; reason: string | null; stale: string[] }
export function parseArgs(argv: string[]): PlaygroundOptions;
export function missingBuildFiles(root?: string): string[];
export function staleSources(root?: string): string[];
export function plan(options: Pick<PlaygroundOptions, "build" | "src">, root?: string): StartPlan;
export function main(argv?: string[]): Promise<{ server: unknown; url: string } | null>;
