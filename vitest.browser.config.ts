import { defineConfig } from "vitest/config";

// Browser tests drive Debian's Chromium through playwright-core; they are slow, so they run apart.
export default defineConfig({
  test: {
    include: ["tests/**/*.browser.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
