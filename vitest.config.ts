import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    // Chromium tests (*.browser.test.ts, tests/e2e) run apart: vitest.browser.config.ts, vitest.e2e.config.ts.
    exclude: ["tests/**/*.browser.test.ts", "tests/e2e/**", "node_modules/**"],
    environment: "node",
    // World tests wait for states (tests/world/wait.ts, up to 10 s) rather than tick counts; on a
    // loaded 2-core CI machine a slow lazy chunk must not hit vitest's 5 s default first.
    testTimeout: 20_000,
    benchmark: { include: ["tests/bench/**/*.bench.ts"] },
  },
});
