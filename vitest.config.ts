import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    // Chromium tests (*.browser.test.ts, tests/e2e) run apart: vitest.browser.config.ts, vitest.e2e.config.ts.
    exclude: ["tests/**/*.browser.test.ts", "tests/e2e/**", "node_modules/**"],
    environment: "node",
    // Every core works: vitest's default leaves one idle, half of a 2-core CI machine. Worker
    // threads start each test file about a fifth faster than forked processes (same files, same run).
    maxWorkers: "100%",
    pool: "threads",
    // vitest's default 5 s per test; a test that needs longer says why next to its own limit.
    benchmark: { include: ["tests/bench/**/*.bench.ts"] },
  },
});
