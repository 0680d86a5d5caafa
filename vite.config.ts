import { defineConfig } from "vite";

// Library build: one ES module, dist/clockwork.mjs, which Foundry loads through system.json
// `esmodules`. Everything is imported statically, so there are no chunks.
// Minified for players; the source map is written beside it (and shipped in the release zip)
// but "hidden": the bundle carries no sourceMappingURL comment, so browsers never fetch it.
// A developer loads it by hand in the devtools when debugging a report.
export default defineConfig({
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: "hidden",
    minify: true,
    // Vite keeps whitespace in an "es" library build (for consumers' tree-shaking); this bundle
    // is loaded as is, so minify it fully. Class names stay: Foundry keys registered sheets by
    // `<scope>.<class name>` (stored in each document's chosen sheet), and roll classes by name.
    rolldownOptions: {
      // The rules core has no side effects: what the bundle does not call is left out.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]src[\\/]rules[\\/]/.test(id) },
      output: {
        minify: {
          compress: { keepNames: { class: true, function: false } },
          codegen: { removeWhitespace: true },
          mangle: { keepNames: { class: true, function: false } },
        },
      },
    },
    target: "es2022",
    lib: {
      entry: "src/clockwork.ts",
      formats: ["es"],
      fileName: () => "clockwork.mjs",
    },
  },
});
