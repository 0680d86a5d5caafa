export interface BenchOptions { dists: string[]; rounds: number; edits: number; help: boolean }
export interface BenchSample {
  importMs: number;
  readyMs: number;
  scriptMs: number;
  taskMs: number;
  firstSheetMs: number;
  editMs: Record<number, number>;
  contextMs: Record<number, number>;
  builderMs: Record<number, number>;
}
export function parseArgs(argv: string[]): BenchOptions;
export function median(values: number[]): number;
export function table(labels: string[], samples: BenchSample[][]): string;
export function main(argv?: string[]): Promise<void>;
