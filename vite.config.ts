import { defineConfig } from "vite";

// Library build: the ES module Foundry loads through system.json `esmodules`, plus the chunks it
// imports on demand (dist/chunks/).
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
      // Modules the entry needs anyway and a lazy chunk shares stay in the entry (which then
      // exports them to the chunk) instead of in extra chunks loaded at start-up.
      preserveEntrySignatures: "allow-extension",
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]src[\\/]rules[\\/]/.test(id) },
      experimental: { lazyBarrel: true },
      output: {
        // What players load at start-up is the entry alone; sheets' context builders, the
        // builder, dialogs and the like load on first use (`import()`) from chunks beside it,
        // which Foundry serves from the system folder like the entry.
        chunkFileNames: "chunks/[name]-[hash].mjs",
        // Every module the entry loads statically goes into the entry's own file: without this
        // group, modules the entry shares with lazy chunks become ~20 small start-up chunks,
        // each gzipped on its own (about 5 kB gz more in all).
        codeSplitting: { groups: [{ name: "startup", tags: ["$initial"] }] },
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
