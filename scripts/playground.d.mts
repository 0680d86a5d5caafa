export interface PlaygroundOptions { build: boolean; src: boolean; port: number; help: boolean; state: string }
/** The file the shared world is kept in unless --state names another. */
export const DEFAULT_STATE: string;
export interface StartPlan { build: boolean; reason: string | null; stale: string[] }
export function parseArgs(argv: string[]): PlaygroundOptions;
export function missingBuildFiles(root?: string): string[];
export function staleSources(root?: string): string[];
export function plan(options: Pick<PlaygroundOptions, "build" | "src">, root?: string): StartPlan;
export function main(argv?: string[]): Promise<{ server: unknown; url: string } | null>;
