// The official CLI ships no types; these are the two calls the pack tests make.
declare module "@foundryvtt/foundryvtt-cli" {
  interface PackOptions {
    yaml?: boolean;
    recursive?: boolean;
    log?: boolean;
    transformName?: (doc: Record<string, unknown>) => string | undefined | Promise<string | undefined>;
  }
  export function compilePack(src: string, dest: string, options?: PackOptions): Promise<void>;
  export function extractPack(src: string, dest: string, options?: PackOptions): Promise<void>;
}
