declare module "virtual:clockwork-packs" {
  import type { LoadedPacks } from "./vite.config";
  const loaded: LoadedPacks;
  export default loaded;
}

declare module "virtual:clockwork-host" {
  export const host: { system: "source" | "built"; seed: "fixtures" | "starter" };
  export const manifest: {
    id: string;
    title: string;
    version: string;
    styles?: string[];
    esmodules?: string[];
    documentTypes: Record<string, Record<string, unknown>>;
  };
  export const translations: Record<string, unknown>;
}
