import { defineConfig } from "vite";

// Library build: one ES module that Foundry loads through system.json `esmodules`.
export default defineConfig({
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    target: "es2022",
    lib: {
      entry: "src/clockwork.ts",
      formats: ["es"],
      fileName: () => "clockwork.mjs",
    },
  },
});
