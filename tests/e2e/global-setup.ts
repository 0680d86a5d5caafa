/** Starts the browser host (tests/world/browser) once for the whole e2e run, on 127.0.0.1. */
import { join } from "node:path";
import { createServer, type ViteDevServer } from "vite";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    hostUrl: string;
  }
}

let server: ViteDevServer | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // No HMR and no file watching: an edit elsewhere in the tree must not reload a page mid-test.
  server = await createServer({
    configFile: join(import.meta.dirname, "..", "world", "browser", "vite.config.ts"),
    server: { port: 0, hmr: false, watch: null },
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error("the browser host did not start");
  project.provide("hostUrl", url.replace(/\/$/, ""));
  return async () => {
    await server?.close();
  };
}
