import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    exclude: ["tests/browser/**", "tests/e2e/**", "node_modules/**"],
    environment: "node",
    benchmark: { include: ["tests/bench/**/*.bench.ts"] },
  },
});
